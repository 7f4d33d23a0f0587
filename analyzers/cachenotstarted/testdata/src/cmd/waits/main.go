// Command waits starts the cache itself and waits for it before reading.
package main

import (
	"os"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	ctx := ctrl.SetupSignalHandler()
	go func() { _ = mgr.GetCache().Start(ctx) }()
	if !mgr.GetCache().WaitForCacheSync(ctx) {
		os.Exit(1)
	}
	var cm corev1.ConfigMap
	if err := mgr.GetClient().Get(ctx, client.ObjectKey{Namespace: "default", Name: "settings"}, &cm); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctx); err != nil {
		os.Exit(1)
	}
}
