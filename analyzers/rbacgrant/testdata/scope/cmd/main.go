package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants list, watch on nodes \(group core\), which Get at controller.go:\d+ needs` `grants create on persistentvolumes \(group core\), which Create at controller.go:\d+ needs`
	if err != nil {
		return
	}
	_ = (&controller.ClusterReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	_ = (&controller.NodeReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
