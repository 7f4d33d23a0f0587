// Command manager starts a manager after setting its reconcilers up.
package main

import (
	"context"
	"os"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/controllers"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	ctx := ctrl.SetupSignalHandler()

	var cm corev1.ConfigMap
	if err := mgr.GetClient().Get(ctx, client.ObjectKey{Namespace: "default", Name: "settings"}, &cm); err != nil { // want `^this Get of v1.ConfigMap goes through the manager's cached client before mgr.Start: the cache is not started`
		os.Exit(1)
	}
	// The API reader reads from the API server: fine before the start.
	if err := mgr.GetAPIReader().Get(ctx, client.ObjectKey{Namespace: "default", Name: "settings"}, &cm); err != nil {
		os.Exit(1)
	}
	if err := (&controllers.Seeding{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil { // want `^SetupWithManager, which reads \(controllers.go:\d+: List of v1.NamespaceList\), goes through the manager's cached client before mgr.Start`
		os.Exit(1)
	}
	if err := (&controllers.Lazy{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := (&controllers.Direct{Client: mgr.GetClient(), APIReader: mgr.GetAPIReader()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := controllers.Preload(ctx, mgr.GetClient()); err != nil { // want `^Preload, which reads \(controllers.go:\d+: List of v1.SecretList\)`
		os.Exit(1)
	}
	if err := controllers.Preload(ctx, mgr.GetAPIReader()); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctx); err != nil {
		os.Exit(1)
	}
	preloadAfter(context.Background(), mgr.GetClient())
}

// After Start returns the manager is stopped: not this check's business.
func preloadAfter(ctx context.Context, c client.Client) {
	_ = controllers.Preload(ctx, c)
}
