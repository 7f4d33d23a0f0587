// Package recorder: events and log lines about an object only read it, so
// they do not stand between the copy a MergeFrom patch needs and the
// changes (statuswriter reads them the same way: one table).
package recorder

import (
	"context"

	"github.com/go-logr/logr"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type AppReconciler struct {
	client.Client
	Recorder record.EventRecorder
	Events   events.EventRecorder
	Log      logr.Logger
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.Service{}).
		Owns(&corev1.ConfigMap{}).
		Complete(r)
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Recorder.Event(cm, corev1.EventTypeNormal, "Syncing", "syncing the config map")
	r.Events.Eventf(cm, nil, corev1.EventTypeNormal, "Syncing", "Sync", "syncing %s", cm.Name)
	r.Log.Info("syncing", "configmap", cm)
	cm.Data = map[string]string{"mode": "on"}
	if err := r.Update(ctx, cm); err != nil { // want `Update writes the whole v1.ConfigMap`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}
