package managed

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/managed/api"
)

const finalizer = "batch.example.com/work"

// externalController returns the controller named by managedBy when it is
// not this one.
func externalController(managedBy *string) *string {
	if managedBy == nil || *managedBy == "batch.example.com/controller" {
		return nil
	}
	return managedBy
}

// Works another controller manages are skipped before the deletion
// branch: managedBy never changes, and the finalizer is added only past
// the skip, so a skipped Work never carries it. Not reported.
type ManagedReconciler struct{ client.Client }

func (r *ManagedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if m := externalController(w.Spec.ManagedBy); m != nil {
		return ctrl.Result{}, nil
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// Twin: suspend may be set after the finalizer was added; a suspended
// Work that is deleted keeps it.
type SuspendReconciler struct{ client.Client }

func (r *SuspendReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Suspend {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// Twin: the finalizer is added before the test of managedBy, so a Work
// another controller manages carries it too.
type AddFirstReconciler struct{ client.Client }

func (r *AddFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		if err := r.Update(ctx, w); err != nil {
			return ctrl.Result{}, err
		}
	}
	if externalController(w.Spec.ManagedBy) != nil {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// instance is the identity of the process the reconciler runs in.
type instance interface{ ClusterName() string }

// Works of another cluster are skipped before the deletion branch: the
// instance manager of that cluster, which runs the same reconciler,
// reconciles them, their deletion included (cloudnative-pg's
// DatabaseRole reconciler). The gate compares the Work with the
// reconciler's own configuration. Not reported.
type InstanceReconciler struct {
	client.Client
	instance instance
}

func (r *InstanceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Cluster != r.instance.ClusterName() {
		return ctrl.Result{}, nil
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// Twin: the same field compared with a constant is no other instance's
// share; a Work moved to another cluster after it got the finalizer keeps
// it.
type ConstantGateReconciler struct{ client.Client }

func (r *ConstantGateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Work{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if w.Spec.Cluster != "main" {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !w.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(w, finalizer)
		return ctrl.Result{}, r.Update(ctx, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, r.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}
