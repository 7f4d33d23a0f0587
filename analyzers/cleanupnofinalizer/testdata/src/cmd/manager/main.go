package main // want package:`cleanups\(api.Born at good.go:\d+, .*, api.Step at bad.go:43\)`

// The manager runs every controller and the webhook: it sees every
// finalizer the binary adds.

import (
	"os"

	ctrl "sigs.k8s.io/controller-runtime"

	"fixtures/controller"
	"fixtures/creator"
	"fixtures/holder"
	"fixtures/webhook"
)

var _ = creator.Create

func main() {
	mgr, err := ctrl.NewManager(ctrl.GetConfigOrDie(), ctrl.Options{}) // want `^nothing this binary runs gives an api.Bucket a finalizer, so a deleted api.Bucket is removed at once \(unless deleted in the foreground\) and the reconcile never sees it terminating: the cleanup of its deletion branch at bad.go:28 \(in Reconcile: the Delete of a ConfigMap at bad.go:30\) never runs; add a finalizer \(controllerutil.AddFinalizer\) before the object needs cleanup, and remove it at the end of that branch$` `gives an api.Step .* at bad.go:43 \(in Reconcile: the Delete of a Secret in finalize at bad.go:44\)` `gives an api.Remote .* at cleanup.go:18 \(in HandleDeletion: the DeleteAllOf of a Secret at cleanup.go:21\)` `gives an api.Forgot .* at bad.go:82 \(in Reconcile: the DeleteAllOf of a ConfigMap at bad.go:83\)`
	if err != nil {
		os.Exit(1)
	}
	if err := controller.Setup(mgr); err != nil {
		os.Exit(1)
	}
	if err := (&holder.HolderReconciler{Client: mgr.GetClient()}).SetupWithManager(mgr); err != nil {
		os.Exit(1)
	}
	if err := webhook.Setup(mgr); err != nil {
		os.Exit(1)
	}
	if err := mgr.Start(ctrl.SetupSignalHandler()); err != nil {
		os.Exit(1)
	}
}
