// Command plain caches every object: nothing is hidden.
package main

import (
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/ctl"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		os.Exit(1)
	}
	if err := ctl.Setup(mgr); err != nil {
		os.Exit(1)
	}
	_ = mgr.Start(ctrl.SetupSignalHandler())
}
