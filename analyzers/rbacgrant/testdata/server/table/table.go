// Package table keeps its reconcilers in a package-level map, set up in
// a loop by the function that makes the manager (as the VictoriaMetrics
// operator does).
package table

import (
	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
)

type setupper interface {
	SetupWithManager(mgr ctrl.Manager) error
}

var controllers = map[string]setupper{
	"reader": &controller.ReaderReconciler{},
}

// Run starts the manager with every controller of the table.
func Run() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	for _, c := range controllers {
		if err := c.SetupWithManager(mgr); err != nil {
			return err
		}
	}
	return nil
}
