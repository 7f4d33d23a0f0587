package early

import (
	"context"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/cleanup"
)

const appFinalizer = "example.com/app"

// The owner is looked up first; "owner gone" returns before the deletion
// branch, so a terminating app whose owner is gone keeps its finalizer.
type OwnerReconciler struct{ client.Client }

func (r *OwnerReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // the ordinary shape: not reported
	}
	owner := &appsv1.Deployment{}
	if err := r.Get(ctx, types.NamespacedName{Namespace: app.Namespace, Name: app.Labels["owner"]}, owner); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil // want `this success return without requeue comes before the deletion branch \(line 36\): a terminating object returns here too, finalizer "example.com/app" is never removed \(line 37\)`
		}
		return ctrl.Result{}, err
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

// A phase check first; the removal through a helper of another package.
type PhaseReconciler struct{ client.Client }

func (r *PhaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if pod.Status.Phase == corev1.PodSucceeded {
		return ctrl.Result{}, nil // want `before the deletion branch \(line 59\): a terminating object returns here too, its finalizer is never removed`
	}
	if pod.DeletionTimestamp != nil {
		return ctrl.Result{}, cleanup.Finish(ctx, r.Client, &pod)
	}
	if controllerutil.AddFinalizer(&pod, cleanup.Finalizer) {
		if err := r.Update(ctx, &pod); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Twins.

type GoodReconciler struct{ client.Client }

// Deletion first; returns that requeue, return an error, follow a write,
// or where the finalizer is known to be absent.
func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		if apierrors.IsNotFound(err) {
			return ctrl.Result{}, nil
		}
		return ctrl.Result{}, err
	}
	if app.Data["paused"] == "true" {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	if app.Data["broken"] == "true" {
		return ctrl.Result{}, errBroken
	}
	if !controllerutil.ContainsFinalizer(app, appFinalizer) && app.Data["adopt"] != "true" {
		return ctrl.Result{}, nil
	}
	if !app.DeletionTimestamp.IsZero() {
		if controllerutil.RemoveFinalizer(app, appFinalizer) {
			return ctrl.Result{}, r.Update(ctx, app)
		}
		return ctrl.Result{}, nil
	}
	if app.Data["done"] == "true" {
		return ctrl.Result{}, nil // after the deletion branch
	}
	if controllerutil.AddFinalizer(app, appFinalizer) {
		if err := r.Update(ctx, app); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil // the update's event reconciles it again
	}
	return ctrl.Result{}, nil
}

var errBroken = apierrors.NewBadRequest("broken")

// No finalizer of its own: nothing to skip.
type PlainReconciler struct{ client.Client }

func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if app.Data == nil {
		return ctrl.Result{}, nil
	}
	if !app.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
