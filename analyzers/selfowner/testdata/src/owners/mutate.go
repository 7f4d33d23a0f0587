package owners

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// MutateReconciler creates its children with CreateOrUpdate.
type MutateReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *MutateReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &App{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := app

	// Bad: inside the mutate function, owner and app are one object.
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, cm, func() error {
		cm.Data = map[string]string{"replicas": "1"}
		return controllerutil.SetControllerReference(owner, app, r.Scheme) // want `SetControllerReference gives app an owner reference to owner, which is the same object`
	}); err != nil {
		return ctrl.Result{}, err
	}

	// Good: the mutate function owns the object it mutates.
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Name: app.Name, Namespace: app.Namespace}}
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, secret, func() error {
		secret.StringData = map[string]string{"token": "x"}
		return controllerutil.SetControllerReference(owner, secret, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
