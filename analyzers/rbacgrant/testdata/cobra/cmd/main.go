package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/certs"
	"fixtures/controller"
)

// command stands for a cobra.Command: the manager is made in a function
// literal of package main.
type command struct {
	Run func(args []string)
}

var root = command{
	Run: func(args []string) {
		mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants list, watch on configmaps`
		if err != nil {
			return
		}
		_ = (&controller.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	},
}

// certCmd runs the certificate controller with a manager of its own: with
// two managers in the binary, each is checked against what its own code
// starts, and only for resources the markers grant in part (secrets, not
// the webhook configurations of a role written by hand).
var certCmd = command{
	Run: func(args []string) {
		mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants update on secrets \(group core\), which Update at certs.go:21 needs`
		if err != nil {
			return
		}
		_ = (&certs.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	},
}

func main() {
	root.Run(nil)
	certCmd.Run(nil)
}
