package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants create, patch on events \(group core\), which Eventf at controller.go:\d+ needs`
	if err != nil {
		return
	}
	_ = (&controller.OldReconciler{Client: mgr.GetClient(), Recorder: mgr.GetEventRecorderFor("old")}).SetupWithManager(mgr)
	_ = (&controller.NewReconciler{Client: mgr.GetClient(), Recorder: mgr.GetEventRecorder("new")}).SetupWithManager(mgr)
}
