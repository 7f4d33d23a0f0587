package reconcilers

import (
	"context"

	policyv1 "k8s.io/api/policy/v1"
	schedulingv1 "k8s.io/api/scheduling/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// setControllerReference is a variable so that tests can replace it
// (cass-operator's); the package initializer sets it once, so a call
// through it sets the controller reference.
var setControllerReference = controllerutil.SetControllerReference

// setOwner holds SetOwnerReference: a reference that is not the
// controller's.
var setOwner = controllerutil.SetOwnerReference

// HeldReconciler owns its PriorityClasses through the variable (silent), its
// PodDisruptionBudgets through one holding SetOwnerReference (reported).
type HeldReconciler struct {
	client.Client
}

func (r *HeldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	lease := &schedulingv1.PriorityClass{}
	lease.Name, lease.Namespace = app.Name, app.Namespace
	if err := setControllerReference(app, lease, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	if err := client.IgnoreAlreadyExists(r.Create(ctx, lease)); err != nil {
		return ctrl.Result{}, err
	}
	pdb := &policyv1.PodDisruptionBudget{}
	pdb.Name, pdb.Namespace = app.Name, app.Namespace
	if err := setOwner(app, pdb, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, pdb))
}

func (r *HeldReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&App{}).
		Owns(&schedulingv1.PriorityClass{}).
		Owns(&policyv1.PodDisruptionBudget{}). // want `Owns\(&policyv1.PodDisruptionBudget\{\}\) maps each PodDisruptionBudget event to the object's controller owner, but HeldReconciler's package gives PodDisruptionBudget objects only non-controller owner references \(SetOwnerReference\)`
		Complete(r)
}
