package waits

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/events"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

// ---------------------------------------------------------------------
// The else branch waits; an event is recorded through controller-runtime's
// newer recorder (events.k8s.io events), reported like the one through
// record.EventRecorder.

type NewRecorderReconciler struct {
	client.Client
	Recorder recorder.EventRecorder
}

func (r *NewRecorderReconciler) SetupWithManager(mgr ctrl.Manager) error {
	r.Recorder = mgr.GetEventRecorder("waits")
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r)
}

func (r *NewRecorderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if time.Since(pod.CreationTimestamp.Time) >= ttl {
		return ctrl.Result{}, r.Delete(ctx, pod)
	} else {
		left := ttl - time.Since(pod.CreationTimestamp.Time)
		r.Recorder.Eventf(pod, nil, corev1.EventTypeNormal, "Waiting", "Wait", "expires in %s", left)
		return ctrl.Result{}, nil // want `waits for a time \(time.Since\(pod.CreationTimestamp.Time\) >= ttl\) .*; return ctrl.Result\{RequeueAfter: ttl - time.Since\(pod.CreationTimestamp.Time\)\}`
	}
}

// The same through client-go's events API recorder, and its annotated
// events.

type EventsRecorderReconciler struct {
	client.Client
	Recorder  events.EventRecorder
	Annotated events.AnnotatedEventRecorder
}

func (r *EventsRecorderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if time.Since(pod.CreationTimestamp.Time) < ttl {
		left := ttl - time.Since(pod.CreationTimestamp.Time)
		r.Recorder.Eventf(pod, nil, corev1.EventTypeNormal, "Waiting", "Wait", "expires in %s", left)
		r.Annotated.AnnotatedEventf(pod, nil, map[string]string{"left": left.String()}, corev1.EventTypeNormal, "Waiting", "Wait", "expires in %s", left)
		return ctrl.Result{}, nil // want `waits for a time \(time.Since\(pod.CreationTimestamp.Time\) < ttl\) .*; return ctrl.Result\{RequeueAfter: ttl - time.Since\(pod.CreationTimestamp.Time\)\}`
	}
	return ctrl.Result{}, r.Delete(ctx, pod)
}
