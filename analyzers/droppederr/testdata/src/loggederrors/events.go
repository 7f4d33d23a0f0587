package loggederrors

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// Twin: an event is a record, written best effort, as a recorder writes
// it (worker-operator's own recorder creating corev1.Events): a failed
// Create of one is only logged, and that is not reported.
func (r *Reconciler) recordEvent(ctx context.Context, ev *corev1.Event) error {
	if err := r.Create(ctx, ev); err != nil {
		logf.FromContext(ctx).Error(err, "recording the event", "reason", ev.Reason)
	}
	return nil
}
