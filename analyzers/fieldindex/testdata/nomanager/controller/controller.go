// Package controller lists by a field no index of the module registers,
// but the module creates no manager (a library of reconcilers): whoever
// runs them registers the index. Silent.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reconciler lists Pods by node.
type Reconciler struct {
	client.Client
}

// Reconcile lists the Pods of a node.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	return ctrl.Result{}, r.List(ctx, &pods, client.MatchingFields{"spec.nodeName": req.Name})
}

// SetupWithManager watches Pods.
func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r)
}
