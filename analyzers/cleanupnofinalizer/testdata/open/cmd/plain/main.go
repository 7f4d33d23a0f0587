package main // want package:`cleanups\(api.Bucket at controller.go:20\)`

// The manager's twin without the plugins: it sees every finalizer the
// binary adds (none to a Bucket).

import (
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `gives an api.Bucket a finalizer`
	if err != nil {
		os.Exit(1)
	}
	if err := (&controller.BucketReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
