package ctl // want package:`creates\(ConfigMap at bad.go:\d+ \[app\], ConfigMap at good.go:\d+ \[app app.kubernetes.io/managed-by\], Secret at bad.go:\d+ \[\], Secret at good.go:\d+ \[app.kubernetes.io/managed-by\]\)`

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// BadReconciler reads its Secret and ConfigMap through the cache and
// creates them when the cache says NotFound, without the label.
type BadReconciler struct {
	client.Client
}

func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if res, err := r.ensureSecret(ctx, req); err != nil || !res.IsZero() {
		return res, err
	}
	return ctrl.Result{}, r.ensureConfigMap(ctx, req)
}

// ensureSecret is a (Result, error) step: Get, then Create on NotFound.
func (r *BadReconciler) ensureSecret(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	secret := &corev1.Secret{}
	err := r.Get(ctx, req.NamespacedName, secret)
	if err == nil {
		return ctrl.Result{}, nil
	}
	if !apierrors.IsNotFound(err) {
		return ctrl.Result{}, err
	}
	secret = &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace}}
	return ctrl.Result{}, r.Create(ctx, secret)
}

// ensureConfigMap labels the ConfigMap, but not with the selector's key.
func (r *BadReconciler) ensureConfigMap(ctx context.Context, req ctrl.Request) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); !apierrors.IsNotFound(err) {
		return err
	}
	cm = &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: req.Name, Namespace: req.Namespace, Labels: map[string]string{"app": "web"}}}
	return r.Create(ctx, cm)
}

func (r *BadReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Complete(r)
}
