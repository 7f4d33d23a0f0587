// Command typo registers a Secret index under another key than the one
// the reconciler lists by: the message names the registered key.
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/controller"
)

func main() {
	ctx := context.Background()
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `List of v1\.Secret by field "type" \(pods\.go:\d+\) goes through the manager's cached client, but no IndexField registers "type" for v1\.Secret \(it registers "spec\.type"\): .*; list by the registered key if that is the field meant, else register it`
	if err != nil {
		return
	}
	idx := mgr.GetFieldIndexer()
	if err := idx.IndexField(ctx, &corev1.ConfigMap{}, controller.OwnerKey, func(o client.Object) []string { return nil }); err != nil {
		return
	}
	if err := idx.IndexField(ctx, &corev1.Secret{}, "spec.type", func(o client.Object) []string { return nil }); err != nil {
		return
	}
	_ = (&controller.PodReconciler{Client: mgr.GetClient(), APIReader: mgr.GetAPIReader()}).SetupWithManager(mgr)
}
