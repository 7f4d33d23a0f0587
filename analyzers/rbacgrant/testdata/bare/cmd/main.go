package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return
	}
	_ = (&controller.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
