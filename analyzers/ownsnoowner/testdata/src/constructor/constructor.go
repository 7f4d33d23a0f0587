// Package constructor completes its chain with a reconciler built by a constructor
// that returns an interface (a generic wrapper calling the package's own
// code): the package itself is judged. It uses the ctrl aliases of the
// controllerutil functions.
package constructor

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type logic struct {
	client.Client
	Scheme *runtime.Scheme
}

func (l *logic) reconcile(ctx context.Context, owner *appsv1.Deployment) error {
	// Bad: ctrl.CreateOrUpdate, nothing sets an owner reference.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: owner.Name}}
	if _, err := ctrl.CreateOrUpdate(ctx, l.Client, cm, func() error {
		cm.Data = map[string]string{"replicas": "1"}
		return nil
	}); err != nil {
		return err
	}

	// Good: ctrl.CreateOrPatch whose mutate sets it with the ctrl alias.
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: owner.Namespace, Name: owner.Name}}
	_, err := ctrl.CreateOrPatch(ctx, l.Client, secret, func() error {
		return ctrl.SetControllerReference(owner, secret, l.Scheme)
	})
	return err
}

// wrapper is a generic reconciler that fetches the object and hands it to
// the logic.
type wrapper struct {
	l *logic
}

func (w *wrapper) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	if err := w.l.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return ctrl.Result{}, w.l.reconcile(ctx, dep)
}

func newReconciler(l *logic) reconcile.Reconciler {
	return &wrapper{l: l}
}

func Setup(mgr ctrl.Manager) error {
	r := newReconciler(&logic{Client: mgr.GetClient(), Scheme: mgr.GetScheme()})
	return ctrl.NewControllerManagedBy(mgr).
		For(&appsv1.Deployment{}).
		Owns(&corev1.ConfigMap{}). // want `Owns\(&corev1.ConfigMap\{\}\) maps each ConfigMap event to the object's controller owner, but package constructor creates ConfigMap objects without a controller reference`
		Owns(&corev1.Secret{}).
		Complete(r)
}
