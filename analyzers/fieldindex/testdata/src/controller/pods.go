// Package controller holds a reconciler that lists by fields.
package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// OwnerKey is the ConfigMap index that package main registers.
const OwnerKey = ".metadata.owner"

// nodeKey is a variable, as kubebuilder's CronJob tutorial declares its
// jobOwnerKey: set once, by its initializer.
var nodeKey = "spec.nodeName"

// PodReconciler lists by three fields of the cache and one of the API
// server.
type PodReconciler struct {
	client.Client
	APIReader client.Reader
}

// Reconcile lists Pods of a node, ConfigMaps of an owner, Secrets of a
// type (no index: the bug), Services by name (API server).
func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingFields{nodeKey: req.Name}); err != nil {
		return ctrl.Result{}, err
	}
	var cms corev1.ConfigMapList
	if err := r.List(ctx, &cms, client.InNamespace(req.Namespace), client.MatchingFields{OwnerKey: req.Name}); err != nil {
		return ctrl.Result{}, err
	}
	var secrets corev1.SecretList
	if err := r.List(ctx, &secrets, client.MatchingFields{"type": "kubernetes.io/tls"}); err != nil {
		return ctrl.Result{}, err
	}
	var svcs corev1.ServiceList
	return ctrl.Result{}, r.APIReader.List(ctx, &svcs, client.MatchingFields{"metadata.name": req.Name})
}

// SetupWithManager registers the node index.
func (r *PodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := mgr.GetFieldIndexer().IndexField(context.Background(), &corev1.Pod{}, nodeKey, func(o client.Object) []string {
		return []string{o.(*corev1.Pod).Spec.NodeName}
	}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r)
}

// describe lists nothing.
func (r *PodReconciler) describe() string { return "pods" }

// NodeReconciler lists through a remote cluster's client in Reconcile,
// and through its own in a map function that Reconcile does not call.
type NodeReconciler struct {
	client.Client
	Remote client.Client
}

// Reconcile lists the Pods of a node of the remote cluster.
func (r *NodeReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pods corev1.PodList
	return ctrl.Result{}, r.Remote.List(ctx, &pods, client.MatchingFields{"spec.nodeName": req.Name})
}

// podsOf maps a node to its Pods' requests.
func (r *NodeReconciler) podsOf(ctx context.Context, o client.Object) []ctrl.Request {
	var pods corev1.PodList
	_ = r.List(ctx, &pods, client.MatchingFields{"spec.nodeName": o.GetName()})
	return nil
}
