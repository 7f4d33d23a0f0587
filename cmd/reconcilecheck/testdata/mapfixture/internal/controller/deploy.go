package controller

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The status is patched, but the marker grants update: the map marks
// patch deployments/status missing, as rbacgrant reports it.

// +kubebuilder:rbac:groups=apps,resources=deployments,verbs=get;list;watch
// +kubebuilder:rbac:groups=apps,resources=deployments/status,verbs=update

// DeployReconciler stamps the Deployments' status. Its chain is written in
// package main: the map knows its code by its type's facts.
type DeployReconciler struct {
	Client client.Client
}

// Reconcile patches the status of the Deployment.
func (r *DeployReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &appsv1.Deployment{}
	if err := r.Client.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	base := d.DeepCopy()
	d.Status.ObservedGeneration = d.Generation
	return ctrl.Result{}, r.Client.Status().Patch(ctx, d, client.MergeFrom(base))
}
