package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/crosspkg/api"
	"fixtures/crosspkg/steps"
)

// FrontendReconciler is For Services and resizes the Database they use
// through a step of another package: the database controller writes that
// Database's status, so each of its writes turns the Update into a 409.
type FrontendReconciler struct {
	client.Client
}

func (r *FrontendReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("frontend").
		For(&corev1.Service{}).
		Complete(r)
}

func (r *FrontendReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := steps.Scale(ctx, r, req.NamespacedName); err != nil { // want `steps.Scale updates the whole api.Database \(steps.go:22\), which the DatabaseReconciler controller \(For api.Database\) also writes`
		return ctrl.Result{}, err
	}
	if err := steps.Reset(ctx, r, req.NamespacedName); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, steps.Label(ctx, r, req.NamespacedName)
}

// DatabaseReconciler is For the Database: updating its own object is the
// ordinary shape, and stays silent.
type DatabaseReconciler struct {
	client.Client
}

func (r *DatabaseReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&api.Database{}).
		Complete(r)
}

func (r *DatabaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, steps.Resize(ctx, r, req.NamespacedName, 1)
}
