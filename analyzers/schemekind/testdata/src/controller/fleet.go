// Package controller holds the reconcilers of the fixtures.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "fixtures/api/v1"
	v2 "fixtures/api/v2"
	v3 "fixtures/api/v3"
)

// FleetReconciler reconciles Frigates.
type FleetReconciler struct {
	client.Client
}

// Reconcile uses kinds of four API packages.
func (r *FleetReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var f v1.Frigate
	if err := r.Get(ctx, req.NamespacedName, &f); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.ensureEscort(ctx, req); err != nil {
		return ctrl.Result{}, err
	}
	var ketch v3.Ketch
	if err := r.Get(ctx, req.NamespacedName, &ketch); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Unstructured carries its kind: no scheme needed.
	u := &unstructured.Unstructured{}
	u.SetAPIVersion("example.com/v1")
	u.SetKind("Anything")
	return ctrl.Result{}, r.Get(ctx, req.NamespacedName, u)
}

// ensureEscort creates a Sloop and a Dinghy: the scheme knows neither.
func (r *FleetReconciler) ensureEscort(ctx context.Context, req ctrl.Request) error {
	s := &v2.Sloop{}
	s.Name, s.Namespace = req.Name, req.Namespace
	if err := r.Create(ctx, s); err != nil {
		return err
	}
	d := &v1.Dinghy{}
	d.Name, d.Namespace = req.Name, req.Namespace
	return r.Create(ctx, d)
}

// SetupWithManager watches Frigates and the ConfigMaps they own.
func (r *FleetReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&v1.Frigate{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}
