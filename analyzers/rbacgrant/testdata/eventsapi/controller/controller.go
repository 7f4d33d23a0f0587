package controller

// Two reconcilers, one per event recorder the manager hands out: the old
// recorder (GetEventRecorderFor, tools/record) writes core events, the
// events API recorder (GetEventRecorder) events.k8s.io events. The
// markers grant the first group only: the events API recorder's events
// are reported.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/recorder"
)

// +kubebuilder:rbac:groups=core,resources=configmaps,verbs=get;list;watch
// +kubebuilder:rbac:groups=core,resources=events,verbs=create;patch

type OldReconciler struct {
	client.Client
	Recorder record.EventRecorder
}

func (r *OldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Recorder.Eventf(cm, corev1.EventTypeNormal, "Seen", "seen %s", cm.Name)
	return ctrl.Result{}, nil
}

func (r *OldReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}

type NewReconciler struct {
	client.Client
	Recorder recorder.EventRecorder
}

func (r *NewReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	r.Recorder.Eventf(cm, nil, corev1.EventTypeNormal, "Seen", "Reconcile", "seen %s", cm.Name)
	return ctrl.Result{}, nil
}

func (r *NewReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).Named("new").For(&corev1.ConfigMap{}).Complete(r)
}
