package eventsapi

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

const finalizer = "example.com/cleanup"

// The recorder of the new events API that mgr.GetEventRecorder hands out:
// its Eventf is declared in client-go's tools/internal/events, of which
// tools/events.EventRecorder is an alias.
type Reconciler struct {
	client.Client
	Recorder recorder.EventRecorder
}

func (r *Reconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	data := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: cm.Namespace, Name: cm.Name + "-data"}}
	if err := r.Delete(ctx, data); client.IgnoreNotFound(err) != nil {
		r.Recorder.Eventf(cm, data, corev1.EventTypeWarning, "CleanupFailed", "Delete", "deleting %s: %v", data.Name, err) // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed`
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

// The twin: the event recorded, and the error returned.
func (r *Reconciler) finalizeReturning(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	data := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: cm.Namespace, Name: cm.Name + "-data"}}
	if err := r.Delete(ctx, data); client.IgnoreNotFound(err) != nil {
		r.Recorder.Eventf(cm, data, corev1.EventTypeWarning, "CleanupFailed", "Delete", "deleting %s: %v", data.Name, err)
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}
