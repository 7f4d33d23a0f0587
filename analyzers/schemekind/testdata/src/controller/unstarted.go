package controller

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v4 "fixtures/api/v4"
)

// YawlReconciler uses a kind no scheme registers, but no manager of the
// module starts it: silent.
type YawlReconciler struct {
	client.Client
}

// Reconcile reads a Yawl.
func (r *YawlReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var y v4.Yawl
	return ctrl.Result{}, client.IgnoreNotFound(r.Get(ctx, req.NamespacedName, &y))
}

// SetupWithManager watches Yawls.
func (r *YawlReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&v4.Yawl{}).Complete(r)
}
