package deadreturn

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

// The Update's error is discarded: "if r.Update(ctx, pod); err != nil"
// tests the err of the Get, nil inside "if err == nil". The return cannot
// run: not reported (droppederr reports the discarded error).
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if err == nil {
		pod.Labels = map[string]string{"seen": "true"}
		if r.Update(ctx, pod); err != nil {
			return ctrl.Result{RequeueAfter: time.Minute}, fmt.Errorf("updating the pod: %w", err)
		}
	}
	return ctrl.Result{}, client.IgnoreNotFound(err)
}

// Twin: the Update's own error is tested, the return runs when it fails:
// reported.
func (r *Reconciler) tested(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if err == nil {
		pod.Labels = map[string]string{"seen": "true"}
		if err := r.Update(ctx, pod); err != nil {
			return ctrl.Result{RequeueAfter: time.Minute}, fmt.Errorf("updating the pod: %w", err) // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
		}
	}
	return ctrl.Result{}, client.IgnoreNotFound(err)
}

// Twin: a test that does not decide err (a Get that failed otherwise than
// NotFound gets there): the return may run, reported.
func (r *Reconciler) undecided(ctx context.Context, req ctrl.Request, force bool) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	err := r.Get(ctx, req.NamespacedName, pod)
	if err == nil || force {
		if r.Update(ctx, pod); err != nil {
			return ctrl.Result{RequeueAfter: time.Minute}, fmt.Errorf("updating the pod: %w", err) // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
		}
	}
	return ctrl.Result{}, client.IgnoreNotFound(err)
}
