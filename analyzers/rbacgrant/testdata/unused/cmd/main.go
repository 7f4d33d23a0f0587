package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `the rbac marker at controller.go:19 grants delete configmaps, which no code of the module needs` `the rbac marker at controller.go:20 grants a wildcard \(groups=apps, resources=\*, verbs=get\)`
	if err != nil {
		return
	}
	_ = (&controller.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
