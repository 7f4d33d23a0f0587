package main

import (
	ctrl "sigs.k8s.io/controller-runtime"

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
// starts (the root manager, which starts another reconciler of the same
// package, is not charged with secrets), and only for resources the
// markers grant in part (secrets, not the webhook configurations of a
// role written by hand).
var certCmd = command{
	Run: func(args []string) {
		mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `grants update on secrets \(group core\), which Update at webhook.go:24 needs`
		if err != nil {
			return
		}
		_ = (&controller.WebhookReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	},
}

func main() {
	root.Run(nil)
	certCmd.Run(nil)
}
