// Package stephelper: reconcile steps that return (bool, ctrl.Result,
// error), whose Reconcile returns the Result and the error when the step
// says stop (ydb-platform/ydb-kubernetes-operator's steps).
package stephelper

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const (
	Stop     = true
	Continue = false
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var stop bool
	var result ctrl.Result
	var err error
	stop, result, err = r.waitReady(ctx, cm)
	if stop {
		return result, err
	}
	stop, result, err = r.awaitOnly(ctx, cm)
	if stop {
		return result, err
	}
	if stop, _, err := r.private(ctx, cm); stop {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Reported: the step asks for a delay with an error its caller returns.
func (r *Reconciler) waitReady(ctx context.Context, cm *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil {
		return Stop, ctrl.Result{RequeueAfter: 10 * time.Second}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
	}
	return Continue, ctrl.Result{}, nil
}

// Twin: the delay goes with a nil error.
func (r *Reconciler) awaitOnly(ctx context.Context, cm *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if cm.Data == nil {
		return Stop, ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	}
	return Continue, ctrl.Result{}, nil
}

// Twin: the only caller drops the Result and returns its own.
func (r *Reconciler) private(ctx context.Context, cm *corev1.ConfigMap) (bool, ctrl.Result, error) {
	if err := r.Update(ctx, cm); err != nil {
		return Stop, ctrl.Result{RequeueAfter: time.Second}, err
	}
	return Continue, ctrl.Result{}, nil
}
