// Package testenv makes a manager for the tests: no binary runs it, so
// what its reconciler needs is no role's.
package testenv

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func Start() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	return (&controller.ReaderReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
