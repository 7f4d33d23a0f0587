package voidhelper

import (
	"context"
	"errors"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// A generic helper returning only a bool (envoyproxy/ai-gateway's
// handleFinalizer): its bool says whether the object is being deleted,
// not whether the Update worked.

type BoolReconciler struct{ client.Client }

var errRetry = errors.New("finalizer not removed")

func (r *BoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if onDelete(ctx, r.Client, &pod) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

type CheckedBoolReconciler struct{ client.Client }

func (r *CheckedBoolReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !dropFinalizer(ctx, r.Client, &pod) {
		return ctrl.Result{}, errRetry
	}
	return ctrl.Result{}, nil
}

func onDelete[T client.Object](ctx context.Context, c client.Client, o T) bool {
	if o.GetDeletionTimestamp().IsZero() {
		return false
	}
	controllerutil.RemoveFinalizer(o, finalizer)
	if err := c.Update(ctx, o); err != nil {
		logf.FromContext(ctx).Error(err, "removing the finalizer") // want `the error of Update is only logged in onDelete, which returns no error, then its caller Reconcile returns success`
	}
	return true
}

// Twin: the bool is the Update's outcome, and the caller returns an
// error on false.
func dropFinalizer[T client.Object](ctx context.Context, c client.Client, o T) bool {
	controllerutil.RemoveFinalizer(o, finalizer)
	if err := c.Update(ctx, o); err != nil {
		logf.FromContext(ctx).Error(err, "removing the finalizer")
		return false
	}
	return true
}
