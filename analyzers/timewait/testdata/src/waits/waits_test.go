package waits

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Twin: test code.
type testReconciler struct{ client.Client }

func (r *testReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, err
	}
	if time.Since(pod.CreationTimestamp.Time) < ttl {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
