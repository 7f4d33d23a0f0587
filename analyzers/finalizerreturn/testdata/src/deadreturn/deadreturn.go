package deadreturn

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const appFinalizer = "example.com/app"

// The owner's Update error is discarded: "if r.Update(ctx, owner); err !=
// nil" tests the err of the owner's Get, nil inside "if err == nil". The
// return cannot run: not reported (droppederr reports the discarded
// error).
type TypoReconciler struct{ client.Client }

func (r *TypoReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := &appsv1.Deployment{}
	err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Labels["owner"]}, owner)
	if err == nil {
		owner.Labels = map[string]string{"app": app.Name}
		if r.Update(ctx, owner); err != nil {
			return ctrl.Result{}, nil
		}
	}
	if !app.DeletionTimestamp.IsZero() {
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

// Twin: a test that does not decide err (an owner's Get that failed gets
// there): a terminating app may return there. Reported.
type ForcedReconciler struct {
	client.Client
	Force bool
}

func (r *ForcedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	owner := &appsv1.Deployment{}
	err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Labels["owner"]}, owner)
	if err == nil || r.Force {
		owner.Labels = map[string]string{"app": app.Name}
		if r.Update(ctx, owner); err != nil {
			return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch \(line 67\): a terminating object returns here too, finalizer "example.com/app" is never removed`
		}
	}
	if !app.DeletionTimestamp.IsZero() {
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
