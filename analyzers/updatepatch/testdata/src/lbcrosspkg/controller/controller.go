// Package controller builds its Services with a package of the module
// that makes them LoadBalancers (its Conditions fact), and updates one it
// fetched.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/lbcrosspkg/build"
	"fixtures/lbcrosspkg/services"
)

type EdgeReconciler struct {
	client.Client
}

func (r *EdgeReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Owns(&corev1.Service{}).
		Complete(r)
}

func (r *EdgeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := build.Service(cm.Namespace, cm.Name)
	if err := controllerutil.SetControllerReference(cm, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, svc))
}

func (r *EdgeReconciler) annotate(ctx context.Context, key types.NamespacedName) error {
	svc := &corev1.Service{}
	if err := r.Get(ctx, key, svc); err != nil {
		return err
	}
	svc.Annotations = map[string]string{"example.com/edge": "true"}
	return r.Update(ctx, svc) // want `Update writes the whole v1.Service, whose status the service controller also writes \(when its spec.type is LoadBalancer`
}

// Twin, not reported: the helper makes its Service a ClusterIP one,
// although this package makes LoadBalancers.
func (r *EdgeReconciler) metrics(ctx context.Context, key types.NamespacedName) error {
	return services.EnsureMetrics(ctx, r.Client, key)
}

// Reported: the helper sets the type it is given.
func (r *EdgeReconciler) expose(ctx context.Context, key types.NamespacedName) error {
	return services.Expose(ctx, r.Client, key, corev1.ServiceTypeLoadBalancer) // want `services.Expose updates the whole v1.Service \(services.go:\d+\), whose status the service controller also writes`
}
