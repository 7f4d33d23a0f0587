// Command tool runs one controller per subcommand, each in a manager of
// its own: two managers, each with the controller of its function.
package main

import (
	"os"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"

	"example.com/mapfixture/internal/controller"
)

func runSecrets() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	if err := (&controller.SecretReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		return err
	}
	return mgr.Start(ctrl.SetupSignalHandler())
}

func runDeployments() error {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{})
	if err != nil {
		return err
	}
	if err := ctrl.NewControllerManagedBy(mgr).
		Named("deployments").
		For(&appsv1.Deployment{}).
		Complete(&controller.DeployReconciler{Client: mgr.GetClient()}); err != nil {
		return err
	}
	return mgr.Start(ctrl.SetupSignalHandler())
}

func main() {
	run := runSecrets
	if len(os.Args) > 1 && os.Args[1] == "deployments" {
		run = runDeployments
	}
	if err := run(); err != nil {
		os.Exit(1)
	}
}
