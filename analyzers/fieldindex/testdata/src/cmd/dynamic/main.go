// Command dynamic hands the manager to setup functions through values:
// they may register any index, so nothing is reported.
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
	for _, setup := range setups {
		_ = setup(mgr)
	}
	_ = (&controller.PodReconciler{Client: mgr.GetClient(), APIReader: mgr.GetAPIReader()}).SetupWithManager(mgr)
}

var setups []func(ctrl.Manager) error
