package main // want package:`cleanups\(api.Bucket at controller.go:20\)`

// The binary runs plugin hooks on objects of unknown type: the answer to
// "does anything give a Bucket a finalizer?" is open, and the check stays
// silent.

import (
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
	"fixtures/plugins"
)

var runner = &plugins.Runner{}

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	runner.Client = mgr.GetClient()
	if err := (&controller.BucketReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
