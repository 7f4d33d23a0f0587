// Package dump holds the steps of a one-shot backup that the
// GuestbookBackup controller calls on the guestbook it dumps. It has no
// controller of its own.
package dump

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

// DumpingAnnotation on a guestbook names the backup that is dumping its
// store; the frontend turns read-only while it is set.
const DumpingAnnotation = "webapp.example.com/dumping"

// MarkGuestbook sets the dumping annotation on the guestbook named by key.
// It sends the whole guestbook back with Update: the GuestbookBackup
// controller that calls it is not the guestbook's controller, whose status
// writes make this Update conflict.
func MarkGuestbook(ctx context.Context, c client.Client, key types.NamespacedName, backupName string) error {
	gb := &webappv1alpha1.Guestbook{}
	if err := c.Get(ctx, key, gb); err != nil {
		return err
	}
	if gb.Annotations[DumpingAnnotation] == backupName {
		return nil
	}
	if gb.Annotations == nil {
		gb.Annotations = map[string]string{}
	}
	gb.Annotations[DumpingAnnotation] = backupName
	return c.Update(ctx, gb)
}

// UnmarkGuestbook removes the dumping annotation with a merge patch of that
// one field (the correct twin of MarkGuestbook's Update). But the patch's
// error is declared anew with := and only compared with nil: a failed
// patch is dropped and the function returns the Get's nil error.
func UnmarkGuestbook(ctx context.Context, c client.Client, key types.NamespacedName) error {
	log := logf.FromContext(ctx)
	gb := &webappv1alpha1.Guestbook{}
	err := c.Get(ctx, key, gb)
	if err == nil && gb.Annotations[DumpingAnnotation] != "" {
		patch := client.MergeFrom(gb.DeepCopy())
		delete(gb.Annotations, DumpingAnnotation)
		if err := c.Patch(ctx, gb, patch); err == nil { // expect: overwrittenerr
			log.Info("The guestbook is writable again", "guestbook", key)
		}
	}
	return client.IgnoreNotFound(err)
}
