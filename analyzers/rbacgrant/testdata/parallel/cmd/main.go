package main

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/certs"
	"fixtures/controller"
)

// main runs the bootstrap manager of package certs, then its own: one
// process, one role, so the needs of its controllers are all checked, at
// its own manager.
func main() {
	if err := certs.Bootstrap(context.Background()); err != nil {
		return
	}
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants update on pods/status \(group core\), which Status\(\).Update at controller.go:37 needs`
	if err != nil {
		return
	}
	_ = (&controller.PodReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
