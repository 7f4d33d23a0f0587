package deletionblocked

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/deps"
)

// Twins: deletion handled before the lookup.
type DeletionFirstReconciler struct{ client.Client }

func (r *DeletionFirstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["secret"]}, secret); err != nil {
		return ctrl.Result{}, err // the object is live here
	}
	if controllerutil.AddFinalizer(app, fin) {
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// The NotFound tolerated: the deletion branch runs without the Secret.
type TolerantReconciler struct{ client.Client }

func (r *TolerantReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	found := true
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["secret"]}, secret); err != nil {
		if !apierrors.IsNotFound(err) {
			return ctrl.Result{}, err // another error: it clears
		}
		found = false
	}
	if _, err := deps.CredentialsIfAny(ctx, r.Client, client.ObjectKey{Namespace: app.Namespace, Name: app.Data["secret"]}); err != nil {
		return ctrl.Result{}, err // NotFound filtered in the helper
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	if !found {
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// The lookups the twins keep: a child named after the object (not gone
// first), an object of its own type, a lookup only while it is live.
type OwnNameReconciler struct{ client.Client }

func (r *OwnNameReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	child := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Name}, child); err != nil {
		return ctrl.Result{}, err
	}
	sa := &corev1.ServiceAccount{}
	if err := r.Get(ctx, req.NamespacedName, sa); err != nil {
		return ctrl.Result{}, err
	}
	parent := &corev1.ConfigMap{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["parent"]}, parent); err != nil {
		return ctrl.Result{}, err
	}
	if app.DeletionTimestamp.IsZero() {
		secret := &corev1.Secret{}
		if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["secret"]}, secret); err != nil {
			return ctrl.Result{}, err
		}
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// No finalizer of its own: nothing to block.
type NoFinalizerReconciler struct{ client.Client }

func (r *NoFinalizerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["secret"]}, secret); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
