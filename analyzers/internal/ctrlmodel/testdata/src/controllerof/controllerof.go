package controllerof

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

type AppReconciler struct{ client.Client }

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: for=\[v1.ConfigMap\] owns=\[v1.Deployment\] watches=\[v1.Secret\] complete=true`
	return ctrl.Result{}, nil
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	b := ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{})
	b = b.Owns(&appsv1.Deployment{})
	return b.Watches(&corev1.Secret{}, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []ctrl.Request { return nil })).
		Complete(r)
}

// No chain in this package: no model.
type OrphanReconciler struct{ client.Client }

func (r OrphanReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: none`
	return ctrl.Result{}, nil
}

// A raw source: the watched set is incomplete.
type RawReconciler struct{ client.Client }

func (r *RawReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want `controller: for=\[v1.Pod\] owns=\[\] watches=\[\] complete=false`
	return ctrl.Result{}, nil
}

func (r *RawReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Pod{}).
		WatchesRawSource(source.Kind(mgr.GetCache(), &corev1.Node{}, &handler.TypedEnqueueRequestForObject[*corev1.Node]{})).
		Complete(r)
}
