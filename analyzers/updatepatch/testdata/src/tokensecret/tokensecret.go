package tokensecret // want package:`conditions\(k8s.io/api/core/v1.Secret type=kubernetes.io/service-account-token\)`

// This package creates service account token Secrets, whose data the
// token controller fills: a condition on the Secret's type, as the
// Service's on its spec.type.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

type TokenReconciler struct {
	client.Client
}

func (r *TokenReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ServiceAccount{}).
		Owns(&corev1.Secret{}).
		Complete(r)
}

func (r *TokenReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	sa := &corev1.ServiceAccount{}
	if err := r.Get(ctx, req.NamespacedName, sa); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	s := &corev1.Secret{Type: corev1.SecretTypeServiceAccountToken}
	s.Namespace, s.Name = sa.Namespace, sa.Name+"-token"
	s.Annotations = map[string]string{corev1.ServiceAccountNameKey: sa.Name}
	if err := controllerutil.SetControllerReference(sa, s, r.Scheme()); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, s))
}

// Reported: the Secrets this package makes are token Secrets.
func (r *TokenReconciler) relabel(ctx context.Context, key types.NamespacedName) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, key, s); err != nil {
		return err
	}
	s.Labels = map[string]string{"example.com/token": "true"}
	return r.Update(ctx, s) // want `Update writes the whole v1.Secret, whose data the token controller also writes \(when its type is kubernetes.io/service-account-token, which this code may set\)`
}

// Twin, not reported: the Secret updated is provably Opaque, and the
// package creates its Secrets with an owner reference.
func (r *TokenReconciler) opaque(ctx context.Context, key types.NamespacedName, data map[string][]byte) error {
	s := &corev1.Secret{}
	if err := r.Get(ctx, key, s); err != nil {
		return err
	}
	s.Type = corev1.SecretTypeOpaque
	s.Data = data
	return r.Update(ctx, s)
}
