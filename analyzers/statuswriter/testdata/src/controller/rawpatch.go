package controller

import (
	"context"

	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
)

// releaseFinalizers sets the phase in memory, then removes the finalizers
// with a raw merge patch of the main resource (oracle-database-operator's
// finalizer manager): the patch writes its own text, and the phase was
// never meant for it; silent.
func (r *Reconciler) releaseFinalizers(ctx context.Context, req ctrl.Request) error {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return err
	}
	gb.Status.Phase = "Deleting"
	patch := client.RawPatch(types.MergePatchType, []byte(`{"metadata":{"finalizers":null}}`))
	return r.Patch(ctx, gb, patch)
}
