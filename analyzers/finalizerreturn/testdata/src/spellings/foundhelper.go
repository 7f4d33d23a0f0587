package spellings

// A helper that looks a dependency up and says whether it found it:
// (obj, found bool, err). Reconcile has named results and patches the
// status in a deferred function, as many operators write it.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	kerrors "k8s.io/apimachinery/pkg/util/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

// getDeployment returns the Deployment, and false when it is gone.
func getDeployment(ctx context.Context, c client.Client, key types.NamespacedName) (*appsv1.Deployment, bool, error) {
	d := &appsv1.Deployment{}
	if err := c.Get(ctx, key, d); err != nil {
		if apierrors.IsNotFound(err) {
			return nil, false, nil
		}
		return nil, false, err
	}
	return d, true, nil
}

// Bad: the owner is gone, and the reconcile returns success before the
// deletion branch; a terminating app whose owner is gone keeps its
// finalizer for ever.
type FoundTupleReconciler struct{ client.Client }

func (r *FoundTupleReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if err := r.Status().Update(ctx, app); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	owner, found, err := getDeployment(ctx, r.Client, ownerKey(app))
	if err != nil {
		return ctrl.Result{}, err
	}
	if !found {
		log.FromContext(ctx).Info("owner gone")
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, appFinalizer)
	app.Data = map[string]string{"owner": owner.Name}
	return ctrl.Result{}, r.Update(ctx, app)
}

// The method spelling, with the found result first.
type FoundMethodReconciler struct{ client.Client }

func (r *FoundMethodReconciler) owner(ctx context.Context, app *corev1.ConfigMap) (found bool, owner *appsv1.Deployment, err error) {
	owner = &appsv1.Deployment{}
	if err = r.Get(ctx, ownerKey(app), owner); apierrors.IsNotFound(err) {
		return false, nil, nil
	}
	return err == nil, owner, err
}

func (r *FoundMethodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if err := r.Status().Update(ctx, app); err != nil && reterr == nil {
			reterr = err
		}
	}()
	found, _, err := r.owner(ctx, app)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !found {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, appFinalizer)
	return ctrl.Result{}, r.Update(ctx, app)
}

// Twins.

// Twin: the deletion branch first, then the !found return.
type FoundAfterReconciler struct{ client.Client }

func (r *FoundAfterReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if err := r.Status().Update(ctx, app); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, appFinalizer)
	owner, found, err := getDeployment(ctx, r.Client, ownerKey(app))
	if err != nil {
		return ctrl.Result{}, err
	}
	if !found {
		return ctrl.Result{}, nil
	}
	app.Data = map[string]string{"owner": owner.Name}
	return ctrl.Result{}, r.Update(ctx, app)
}

// Twin: the helper's not-found is the reconciled object's own: it is
// gone, and returning is right.
type FoundSelfReconciler struct{ client.Client }

func (r *FoundSelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	d, found, err := getDeployment(ctx, r.Client, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	if !found {
		return ctrl.Result{}, nil
	}
	defer func() {
		if err := r.Status().Update(ctx, d); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	if !d.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	controllerutil.AddFinalizer(d, appFinalizer)
	return ctrl.Result{}, r.Update(ctx, d)
}

// Bad: the reconciled object read by the same helper (its !found return
// is right: the object is gone), then the owner's !found return before
// the deletion branch.
type FoundBothReconciler struct{ client.Client }

func (r *FoundBothReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	d, found, err := getDeployment(ctx, r.Client, req.NamespacedName)
	if err != nil || !found {
		return ctrl.Result{}, err
	}
	defer func() {
		if err := r.Status().Update(ctx, d); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	owner, found, err := getDeployment(ctx, r.Client, types.NamespacedName{Namespace: d.Namespace, Name: d.Labels["owner"]})
	if err != nil {
		return ctrl.Result{}, err
	}
	if !found {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !d.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(d, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, d)
	}
	controllerutil.AddFinalizer(d, appFinalizer)
	d.Spec.Replicas = owner.Spec.Replicas
	return ctrl.Result{}, r.Update(ctx, d)
}

// getApp returns the ConfigMap, nil when it is gone.
func (r *NilSelfReconciler) getApp(ctx context.Context, key types.NamespacedName) (*corev1.ConfigMap, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, app); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	return app, nil
}

// Bad: the reconciled object read by a (*T, error) helper, nil when gone
// (that return is right), then the owner's NotFound return before the
// deletion branch.
type NilSelfReconciler struct{ client.Client }

func (r *NilSelfReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	app, err := r.getApp(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	if app == nil {
		return ctrl.Result{}, nil
	}
	defer func() {
		if err := r.Status().Update(ctx, app); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, ownerKey(app), owner); apierrors.IsNotFound(err) {
		return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch`
	}
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, appFinalizer)
	return ctrl.Result{}, r.Update(ctx, app)
}

// Twin: the same reconcile with the deletion branch first.
type NilSelfGoodReconciler struct{ NilSelfReconciler }

func (r *NilSelfGoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, reterr error) {
	app, err := r.getApp(ctx, req.NamespacedName)
	if err != nil {
		return ctrl.Result{}, err
	}
	if app == nil {
		return ctrl.Result{}, nil
	}
	defer func() {
		if err := r.Status().Update(ctx, app); err != nil {
			reterr = kerrors.NewAggregate([]error{reterr, err})
		}
	}()
	if !app.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(app, appFinalizer)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, appFinalizer)
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, ownerKey(app), owner); apierrors.IsNotFound(err) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, r.Update(ctx, app)
}
