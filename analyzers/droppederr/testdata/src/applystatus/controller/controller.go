// Package controller calls the status helper of package workload from a
// long reconcile, and only logs its failure.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	"fixtures/applystatus/workload"
)

type Reconciler struct {
	client client.Client
	seen   map[string]int
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := log.FromContext(ctx)
	cm := &corev1.ConfigMap{}
	if err := r.client.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Data["phase"] == "done" {
		return ctrl.Result{}, nil
	}
	cm.Data["phase"] = "admitted"
	err := workload.UpdateStatus(ctx, r.client, cm, "kueue-admission")
	if err != nil {
		log.Error(err, "Could not update the status") // want `the error of UpdateStatus is only logged`
	}
	recordAdmission(cm.Namespace)
	reportPending(cm.Namespace, len(cm.Data))
	return ctrl.Result{}, nil
}

// Metrics: no client call, nothing to retry.
func recordAdmission(ns string)      {}
func reportPending(ns string, n int) {}

// GenericJob is what the generic reconciler works on.
type GenericJob interface {
	Object() client.Object
	IsSuspended() bool
}

// ReconcileGenericJob is the long generic reconcile: named results, a
// deferred log, the helper chain of another package.
func (r *Reconciler) ReconcileGenericJob(ctx context.Context, req ctrl.Request, job GenericJob) (result ctrl.Result, err error) {
	log := log.FromContext(ctx).WithValues("job", req.String())
	defer func() {
		log.V(2).Info("Reconcile done", "error", err)
	}()
	cm := &corev1.ConfigMap{}
	if err := r.client.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if job.IsSuspended() {
		r.seen[cm.Name]++
		if err := workload.ApplyAdmission(ctx, r.client, cm); err != nil {
			log.Error(err, "Updating workload status") // want `the error of ApplyAdmission is only logged`
		}
		recordAdmission(cm.Namespace)
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}
