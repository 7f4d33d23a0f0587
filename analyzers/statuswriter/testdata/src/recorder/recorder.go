// Package recorder: events and log lines about an object only read it, so
// a status change after them is still a status-only change (updatepatch
// reads them the same way: one table).
package recorder

import (
	"context"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
)

type Reconciler struct {
	client.Client
	Recorder record.EventRecorder
	Events   events.EventRecorder
	Log      logr.Logger
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	gb := &api.Guestbook{}
	if err := r.Get(ctx, req.NamespacedName, gb); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Recorder.Event(gb, corev1.EventTypeNormal, "Ready", "guestbook is ready")
	r.Events.Eventf(gb, nil, corev1.EventTypeNormal, "Ready", "Reconcile", "guestbook %s is ready", gb.Name)
	r.Log.Info("ready", "guestbook", gb)
	gb.Status.Phase = "Ready"
	if err := r.Update(ctx, gb); err != nil { // want `only \.Status of gb was changed`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
