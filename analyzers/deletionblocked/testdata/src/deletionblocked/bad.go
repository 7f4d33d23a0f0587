package deletionblocked

import (
	"context"
	"errors"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/deps"
)

const fin = "example.com/cleanup"

// The Secret the app refers to is read first; once it is deleted (it
// usually goes first), the terminating app fails here for ever.
type DirectReconciler struct{ client.Client }

func (r *DirectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["secret"]}, secret); err != nil {
		return ctrl.Result{}, err // want `this return passes on the NotFound error of the lookup of a Secret \(line 30\) before the deletion branch \(line 33\): a dependency is usually deleted first, and once it is gone every retry of the terminating object fails here, finalizer "example.com/cleanup" is never removed \(line 34\) and the object stays Terminating`
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	if controllerutil.AddFinalizer(app, fin) {
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// Wrapped, or turned into another error when it is NotFound.
type WrappedReconciler struct{ client.Client }

func (r *WrappedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["secret"]}, secret)
	if apierrors.IsNotFound(err) {
		return ctrl.Result{}, errors.New("secret not found") // want `passes on an error made when the lookup finds nothing of a Secret \(line 52\)`
	}
	if err != nil {
		return ctrl.Result{}, fmt.Errorf("reading secret: %w", err) // not NotFound here: it clears
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// Through helpers: of this package, of another, and a (Result, error)
// step.
type HelperReconciler struct{ client.Client }

func (r *HelperReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if _, err := r.serviceAccount(ctx, app); err != nil {
		return ctrl.Result{}, err // want `passes on the NotFound error of the lookup of serviceAccount \(line 76\) before the deletion branch \(line 85\)`
	}
	if _, err := deps.Credentials(ctx, r.Client, client.ObjectKey{Namespace: app.Namespace, Name: app.Data["secret"]}); err != nil {
		return ctrl.Result{}, err // want `of the lookup of Credentials \(line 79\) before the deletion branch \(line 85\)`
	}
	if res, err := r.ensureConfig(ctx, app); err != nil {
		return res, err // want `of the lookup of ensureConfig \(line 82\)`
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

func (r *HelperReconciler) serviceAccount(ctx context.Context, app *corev1.ConfigMap) (*corev1.ServiceAccount, error) {
	sa := &corev1.ServiceAccount{}
	err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["serviceAccount"]}, sa)
	return sa, err
}

func (r *HelperReconciler) ensureConfig(ctx context.Context, app *corev1.ConfigMap) (ctrl.Result, error) {
	src := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["source"]}, src); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The lookup and the deletion branch in the helper the reconcile returns
// through.
type TailReconciler struct{ client.Client }

func (r *TailReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcile(ctx, app)
}

func (r *TailReconciler) reconcile(ctx context.Context, app *corev1.ConfigMap) (ctrl.Result, error) {
	secret := &corev1.Secret{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Data["secret"]}, secret); err != nil {
		return ctrl.Result{}, err // want `lookup of a Secret \(line 121\) before the deletion branch \(line 124\)`
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// Wrapped with %w (or not: still an error that stays).
type WrapReconciler struct{ client.Client }

func (r *WrapReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	parent := &corev1.Namespace{}
	if err := r.Get(ctx, types.NamespacedName{Name: app.Data["parent"]}, parent); err != nil {
		return ctrl.Result{}, fmt.Errorf("reading parent: %w", err) // want `passes on the NotFound error of the lookup of a Namespace \(line 141\) before the deletion branch \(line 144\)`
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}
