// Command manager registers the owner index but not the Secret one.
package main

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `List of v1\.Secret by field "type" \(pods\.go:\d+\) goes through the manager's cached client, but no IndexField registers "type"`
	if err != nil {
		return
	}
	if err := mgr.GetCache().IndexField(context.Background(), &corev1.ConfigMap{}, controller.OwnerKey, func(o client.Object) []string {
		return []string{o.GetLabels()["owner"]}
	}); err != nil {
		return
	}
	_ = (&controller.PodReconciler{Client: mgr.GetClient(), APIReader: mgr.GetAPIReader()}).SetupWithManager(mgr)
}
