// Command defaultscheme leaves the manager with client-go's global
// scheme, which any package may fill in its init: silent.
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
	_ = (&controller.FleetReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
