// Package commands holds a binary's commands as exported variables that
// main lists (urfave/cli's var Command = &cli.Command{Action: ...}, as
// k8up's).
package commands

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

type Command struct {
	Name   string
	Action func() error
}

// Operator runs the configmap controller.
var Operator = &Command{Name: "operator", Action: operator}

func operator() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	return (&controller.Reconciler{Client: mgr.GetClient()}).SetupWithManager(mgr)
}
