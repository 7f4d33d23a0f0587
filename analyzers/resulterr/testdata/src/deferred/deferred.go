// Package deferred: a deferred function that sets the named Result after
// the reconcile has chosen its error (k0sproject/k0smotron's
// K0sControlPlane controller asks for a requeue in its deferred status
// patch whatever the error is).
package deferred

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

func needsRequeue(cm *corev1.ConfigMap) bool { return cm.Data == nil }

// Reported: the deferred function asks for a delay whether or not the
// reconcile returns an error.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	defer func() {
		if perr := r.Status().Update(ctx, cm); perr != nil {
			err = fmt.Errorf("failed to patch: %w", perr)
		}
		if needsRequeue(cm) {
			if res.IsZero() {
				res = ctrl.Result{RequeueAfter: 20 * time.Second} // want `a Result with RequeueAfter set is set by a deferred function while the error result may be non-nil`
			}
		}
	}()
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Reported: a field of the named Result, set in a deferred function.
type FieldReconciler struct {
	client.Client
}

func (r *FieldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	cm := &corev1.ConfigMap{}
	defer func() {
		if needsRequeue(cm) {
			result.RequeueAfter = time.Minute // want `a Result with RequeueAfter set is set by a deferred function while the error result may be non-nil`
		}
	}()
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: the deferred function asks for a delay only when the error is nil.
type GuardedReconciler struct {
	client.Client
}

func (r *GuardedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	cm := &corev1.ConfigMap{}
	defer func() {
		if err == nil && needsRequeue(cm) {
			res = ctrl.Result{RequeueAfter: 20 * time.Second}
		}
	}()
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: the deferred function tests the error first and returns.
type EarlyReconciler struct {
	client.Client
}

func (r *EarlyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	cm := &corev1.ConfigMap{}
	defer func() {
		if err != nil {
			return
		}
		if needsRequeue(cm) {
			res = ctrl.Result{RequeueAfter: 20 * time.Second}
		}
	}()
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: the deferred function drops the error when it asks for a delay.
type ClearReconciler struct {
	client.Client
}

func (r *ClearReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	cm := &corev1.ConfigMap{}
	defer func() {
		if needsRequeue(cm) {
			res = ctrl.Result{RequeueAfter: 20 * time.Second}
			err = nil
		}
	}()
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: no return of the function carries an error, and the deferred
// function sets none.
type NoErrorReconciler struct {
	client.Client
}

func (r *NoErrorReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	cm := &corev1.ConfigMap{}
	defer func() {
		if needsRequeue(cm) {
			res = ctrl.Result{RequeueAfter: 20 * time.Second}
		}
	}()
	_ = r.Get(ctx, req.NamespacedName, cm)
	return ctrl.Result{}, nil
}

// Twin: the deferred function sets an empty Result.
type EmptyReconciler struct {
	client.Client
}

func (r *EmptyReconciler) Reconcile(ctx context.Context, req ctrl.Request) (res ctrl.Result, err error) {
	cm := &corev1.ConfigMap{}
	defer func() {
		if err != nil {
			res = ctrl.Result{}
		}
	}()
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
