package waits

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reported, but the time left is not written from the condition: no fix.

type NoFixReconciler struct {
	client.Client
}

func (r *NoFixReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// In hours: the time left is not a time.Duration.
	if time.Since(pod.CreationTimestamp.Time).Hours() < 24 {
		return ctrl.Result{}, nil // want `waits for a time \(time.Since\(pod.CreationTimestamp.Time\).Hours\(\) < 24\) .*; return ctrl.Result\{RequeueAfter: <the time left>\}`
	}
	// Two moments: which comes first is not known.
	if time.Now().Before(pod.CreationTimestamp.Add(48*time.Hour)) && time.Since(pod.CreationTimestamp.Time) < 36*time.Hour {
		return ctrl.Result{}, nil // want `return ctrl.Result\{RequeueAfter: <the time left>\}`
	}
	// A window: the branch waits for its end.
	start := pod.CreationTimestamp.Add(time.Hour)
	if time.Now().After(start) && time.Now().Before(start.Add(time.Hour)) {
		return ctrl.Result{}, nil // want `waits for a time \(time.Now\(\).Before\(start.Add\(time.Hour\)\)\) .*<the time left>`
	}
	// A *metav1.Time may be nil.
	metaNow := metav1.Now()
	if metaNow.Before(pod.Status.StartTime) {
		return ctrl.Result{}, nil // want `waits for a time \(metaNow.Before\(pod.Status.StartTime\)\) .*<the time left>`
	}
	// The current time shifted by an offset.
	if pod.Status.StartTime != nil {
		now := time.Now()
		if !pod.Status.StartTime.Time.Before(now.Add(-time.Hour)) {
			return ctrl.Result{}, nil // want `waits for a time \(pod.Status.StartTime.Time.Before\(now.Add\(-time.Hour\)\)\) .*<the time left>`
		}
	}
	return ctrl.Result{}, r.Delete(ctx, pod)
}
