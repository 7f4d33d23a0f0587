package wrapped

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/notify"
)

type Reconciler struct {
	client.Client
	Recorder record.EventRecorder
	Notifier notify.Notifier
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		notify.Emit(r.Recorder, &cm, "Error", "GetFailed", err.Error()) // want `notify.Emit gives "Error" to the recorder as the event type, which it does not accept: .*; use corev1.EventTypeWarning`
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Notifier.Notify(&cm, notify.LevelError, "Invalid") // want `notify.Notifier.Notify gives "Error" to the recorder as the event type, which it does not accept`
	r.warn(&cm, "Synced", corev1.EventTypeNormal)       // want `Reconciler.warn is given the event type and reason swapped: "Synced" in the type's place, "Normal" in the reason's`
	// Twins: the helpers given valid types, and a parameter that is a message.
	notify.Emit(r.Recorder, &cm, corev1.EventTypeWarning, "Error", "Error")
	r.Notifier.Notify(&cm, notify.Level(corev1.EventTypeNormal), "Synced")
	r.warn(&cm, corev1.EventTypeNormal, "Synced")
	return ctrl.Result{}, nil
}

func (r *Reconciler) warn(obj runtime.Object, typ, reason string) {
	r.Recorder.Eventf(obj, typ, reason, "%s", reason)
}
