// Package owned creates Services controlled by its Deployments: a Watches
// of Services that enqueues their own key gets the fix Owns; ConfigMaps
// controlled by Secrets (not the For type) get none.
package owned

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{ObjectMeta: metav1.ObjectMeta{Name: d.Name + "-svc", Namespace: d.Namespace}}
	if err := ctrl.SetControllerReference(&d, svc, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, svc))
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Watches(&corev1.Service{}, &handler.EnqueueRequestForObject{}, builder.WithPredicates(predicate.ResourceVersionChangedPredicate{})). // want `on a controller For v1.Deployment enqueues each Service's own name`
		Complete(r)
}

type SecretReconciler struct {
	client.Client
}

func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var s corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: s.Name + "-cm", Namespace: s.Namespace}}
	if err := ctrl.SetControllerReference(&s, cm, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

// ConfigMaps are controlled by Secrets, not by Deployments: no fix.
func (r *Reconciler) SetupOther(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("other").
		For(&appsv1.Deployment{}).
		Watches(&corev1.ConfigMap{}, &handler.EnqueueRequestForObject{}). // want `on a controller For v1.Deployment enqueues each ConfigMap's own name`
		Complete(r)
}
