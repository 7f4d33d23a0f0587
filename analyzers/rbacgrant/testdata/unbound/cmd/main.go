package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

// The module's Makefile generates the role from the markers, but nothing
// deploys it (velero's shape): the installer binds cluster-admin, and no
// manifest names operator-perms. Not reported, though the markers lack
// configmaps' list.
func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return
	}
	_ = (&controller.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
