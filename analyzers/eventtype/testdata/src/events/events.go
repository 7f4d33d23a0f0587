package events

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// EventTypeError is the module's own constant for a type that does not exist.
const EventTypeError = "Error"

type Reconciler struct {
	client.Client
	Recorder record.EventRecorder
	Events   events.EventRecorder
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		r.Recorder.Event(&cm, "Error", "GetFailed", err.Error()) // want `"Error" is not an event type the recorder accepts: client-go drops the event \("Unsupported event type"\) and it never appears; use corev1.EventTypeWarning`
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Recorder.Eventf(&cm, "Info", "Synced", "synced %s", cm.Name)               // want `"Info" is not an event type .*; use corev1.EventTypeNormal`
	r.Recorder.Event(&cm, "normal", "Synced", "synced")                         // want `"normal" is not an event type .*; use corev1.EventTypeNormal`
	r.Recorder.AnnotatedEventf(&cm, nil, EventTypeError, "Invalid", "bad data") // want `"Error" is not an event type .*; use corev1.EventTypeWarning`
	r.Recorder.Event(&cm, "Created", corev1.EventTypeNormal, "created")         // want `event type and reason swapped: "Created" in the type's place, "Normal" in the reason's; .*; swap them`
	r.Events.Eventf(&cm, nil, "Failed", "Reconcile", "Reconcile", "failed")     // want `"Failed" is not an event type .*; use corev1.EventTypeWarning`
	r.Recorder.Event(&cm, "Deleted", "Cleanup", "deleted")                      // want `"Deleted" is not an event type .*; use corev1.EventTypeNormal or corev1.EventTypeWarning`
	return ctrl.Result{}, nil
}
