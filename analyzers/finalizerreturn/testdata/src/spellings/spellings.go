package spellings

// The spellings real reconcilers use for the same bug: a dependency that
// is gone makes the reconcile return success before its deletion branch.
// Each has a twin with the deletion branch first.

import (
	"context"
	"errors"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	kerrors "k8s.io/apimachinery/pkg/util/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const appFinalizer = "example.com/app"

func ownerKey(app *corev1.ConfigMap) types.NamespacedName {
	return types.NamespacedName{Namespace: app.Namespace, Name: app.Labels["owner"]}
}

// Named results and a deferred status patch, as cluster-api's
// controllers write them.
type NamedReconciler struct{ client.Client }

func (r *NamedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(app.DeepCopy())
	defer func() {
		if err := r.Patch(ctx, app, patch); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, ownerKey(app), owner); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
		}
		return ctrl.Result{}, err
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, appFinalizer)
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(app, appFinalizer)
	return ctrl.Result{}, nil
}

// client.IgnoreNotFound(err) == nil tells the NotFound.
type IgnoreReconciler struct{ client.Client }

func (r *IgnoreReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, ownerKey(app), owner); err != nil {
		if client.IgnoreNotFound(err) == nil {
			return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
		}
		return ctrl.Result{}, err
	}
	if app.DeletionTimestamp != nil {
		if controllerutil.RemoveFinalizer(app, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, app)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(app, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// A helper of the package looks the owner up: (found bool, err error).
type FoundReconciler struct{ client.Client }

func (r *FoundReconciler) ownerExists(ctx context.Context, app *corev1.ConfigMap) (bool, error) {
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, ownerKey(app), owner); err != nil {
		if apierrors.IsNotFound(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

func (r *FoundReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	found, err := r.ownerExists(ctx, app)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !found {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if app.DeletionTimestamp != nil {
		if controllerutil.RemoveFinalizer(app, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, app)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(app, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// A helper returns the owner, nil when it is gone: (*T, error).
type NilReconciler struct{ client.Client }

func (r *NilReconciler) getOwner(ctx context.Context, app *corev1.ConfigMap) (*appsv1.Deployment, error) {
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, ownerKey(app), owner); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, nil
		}
		return nil, err
	}
	return owner, nil
}

func (r *NilReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner, err := r.getOwner(ctx, app)
	if err != nil {
		return ctrl.Result{}, err
	}
	if owner == nil {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if app.DeletionTimestamp != nil {
		if controllerutil.RemoveFinalizer(app, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, app)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(app, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, app)
	}
	return ctrl.Result{}, nil
}

// Twins: the deletion branch first, then the same lookups.

type NamedGoodReconciler struct{ client.Client }

func (r *NamedGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(app.DeepCopy())
	defer func() {
		if err := r.Patch(ctx, app, patch); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, appFinalizer)
		return ctrl.Result{}, nil
	}
	controllerutil.AddFinalizer(app, appFinalizer)
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, ownerKey(app), owner); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type FoundGoodReconciler struct{ FoundReconciler }

func (r *FoundGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.DeletionTimestamp != nil {
		if controllerutil.RemoveFinalizer(app, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, app)
		}
		return ctrl.Result{}, nil
	}
	if controllerutil.AddFinalizer(app, appFinalizer) {
		return ctrl.Result{}, r.Update(ctx, app)
	}
	found, err := r.ownerExists(ctx, app)
	if err != nil || !found {
		return ctrl.Result{}, errors.Join(err)
	}
	return ctrl.Result{}, nil
}
