// Package server makes the operator's manager, as large projects do in a
// pkg/cmd/server package that main calls.
package server

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

// Run starts the manager with the configmap controller.
func Run() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	if err := (&controller.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return mgr.Start(ctrl.SetupSignalHandler())
}
