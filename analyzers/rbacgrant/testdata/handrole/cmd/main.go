package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

// The Makefile generates manager-role from the markers, but the chart
// (deploy/op/templates/rbac-operator.yaml) defines a ClusterRole of that
// name by hand, with rules of its own (pods, events), and binds it:
// ydb-kubernetes-operator's shape. What the manager runs under is not
// what the markers say, so their lack of pods and events is not a
// missing grant. Not reported.
func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return
	}
	_ = (&controller.Reconciler{Client: mgr.GetClient(), Recorder: mgr.GetEventRecorderFor("op")}).SetupWithManager(mgr)
}
