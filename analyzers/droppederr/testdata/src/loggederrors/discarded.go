package loggederrors

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The error of a write thrown away, then success.
func (r *Reconciler) discarded(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	cm.Labels = map[string]string{"tier": "web"}
	_ = r.Update(ctx, cm) // want `the error of Update is discarded, then discarded returns success: a failed write is neither logged nor retried until the next event; return the error`
	return ctrl.Result{}, nil
}

// Assigned, then assigned again before any test: the first is lost.
func (r *Reconciler) overwritten(ctx context.Context, cm *corev1.ConfigMap) error {
	err := r.Update(ctx, cm) // want `the error of Update is discarded`
	err = r.Status().Update(ctx, cm)
	if err != nil {
		return err
	}
	return nil
}

// Twins, not reported.

// Discarded on a path that fails anyway: the error returned is retried.
func (r *Reconciler) failingAnyway(ctx context.Context, cm *corev1.ConfigMap, cause error) (ctrl.Result, error) {
	cm.Data = map[string]string{"error": cause.Error()}
	_ = r.Status().Update(ctx, cm)
	return ctrl.Result{}, cause
}

// Discarded, then a requeue: the write is tried again.
func (r *Reconciler) requeued(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	_ = r.Update(ctx, cm)
	return ctrl.Result{Requeue: true}, nil
}

// A read's error thrown away is not a lost write.
func (r *Reconciler) readDiscarded(ctx context.Context, cm *corev1.ConfigMap) error {
	_ = r.Get(ctx, client.ObjectKeyFromObject(cm), cm)
	return nil
}
