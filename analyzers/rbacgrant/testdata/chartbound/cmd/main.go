package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

// The chart only binds manager-role, and dist/install.yaml holds a copy of
// the generated role (what the markers grant): the role deployed is the
// markers', and the Pod list and the events are reported.
func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants create, patch on events \(group core\), which Eventf at controller.go:\d+ needs` `grants list, watch on pods \(group core\), which List at controller.go:\d+ needs`
	if err != nil {
		return
	}
	_ = (&controller.Reconciler{Client: mgr.GetClient(), Recorder: mgr.GetEventRecorderFor("op")}).SetupWithManager(mgr)
}
