// Package cli holds a binary's subcommands, each with a manager of its
// own (cobra commands in a cmd package, as cloudnative-pg's and k8up's).
package cli

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

type command struct {
	Run func(args []string)
}

var root = command{
	Run: func(args []string) {
		mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
		if err != nil {
			return
		}
		_ = (&controller.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	},
}

// certCmd's manager runs only the webhook reconciler: it is not charged
// with configmaps, and of its needs only secrets, which a marker grants
// in part, are reported (its webhook configurations' role is written by
// hand).
var certCmd = command{
	Run: func(args []string) {
		mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
		if err != nil {
			return
		}
		_ = (&controller.WebhookReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
	},
}

// Execute runs the subcommands.
func Execute() {
	root.Run(nil)
	certCmd.Run(nil)
}
