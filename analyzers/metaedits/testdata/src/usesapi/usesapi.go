// Package usesapi reconciles kinds of another package, reading their
// annotations through that package's methods and helpers.
package usesapi

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/predicate"

	v1 "fixtures/api/v1"
	"fixtures/hashutil"
)

// The pause test is a method of the API type.
type ClusterReconciler struct{ client.Client }

func (r *ClusterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var c v1.Cluster
	if err := r.Get(ctx, req.NamespacedName, &c); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if c.IsPaused() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *ClusterReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Cluster{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})). // want `reads the annotation "example.com/paused" \(through IsPaused, usesapi.go:25\)`
		Complete(r)
}

// The hash is written by a helper of another package: the controller's
// own record.
type StoreReconciler struct{ client.Client }

func (r *StoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s v1.Store
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	h := "computed"
	if s.GetAnnotations()[hashutil.HashAnnotation] == h {
		return ctrl.Result{}, nil
	}
	hashutil.SetHash(&s, h)
	return ctrl.Result{}, r.Update(ctx, &s)
}

func (r *StoreReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Store{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})).
		Complete(r)
}
