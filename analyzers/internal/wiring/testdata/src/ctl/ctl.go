// Package ctl holds a reconciler whose wiring is recorded.
package ctl

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/fields"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

const ownerKey = ".metadata.controller"

// PodReconciler lists Pods by node and by owner, the second through a
// reader that may be uncached.
type PodReconciler struct { // want PodReconciler:`wiring\(Get\(Deployment\) List\(Pod\) Create\(ConfigMap\) For\(Deployment\) Owns\(ConfigMap\) list\(Pod,"spec.nodeName"\) list\(Pod,".metadata.controller"\) index\(Pod,".metadata.controller"\) request\(deployments.apps:get\) request\(pods:list\) request\(pods:list\) request\(configmaps:create\) request\(deployments.apps:watch\) request\(configmaps:watch\)\)`
	client.Client
	APIReader client.Reader
}

// Reconcile uses three kinds.
func (r *PodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`^wiring\(clientUse\(Create ConfigMap, read Deployment, read Pod, read Pod\)\)$`
	var d appsv1.Deployment
	if err := r.Get(ctx, req.NamespacedName, &d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingFields{"spec.nodeName": "n1"}); err != nil {
		return ctrl.Result{}, err
	}
	sel := fields.OneTermEqualSelector(ownerKey, d.Name)
	if err := r.APIReader.List(ctx, &pods, &client.ListOptions{FieldSelector: sel}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Create(ctx, &corev1.ConfigMap{})
}

// SetupWithManager registers the owner index.
func (r *PodReconciler) SetupWithManager(mgr ctrl.Manager) error {
	if err := mgr.GetFieldIndexer().IndexField(context.Background(), &corev1.Pod{}, ownerKey, func(o client.Object) []string {
		return nil
	}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Deployment{}).Owns(&corev1.ConfigMap{}).Complete(r)
}

// Idle uses nothing: no fact.
type Idle struct{}

// Do does nothing.
func (Idle) Do() {}

// LabelReconciler lists by labels: no field key.
type LabelReconciler struct { // want LabelReconciler:`wiring\(List\(Pod\) request\(pods:list\)\)`
	client.Client
}

// Reconcile lists Pods by a label, through a slice of options.
func (r *LabelReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) { // want Reconcile:`^wiring\(clientUse\(read Pod\)\)$`
	opts := []client.ListOption{client.InNamespace(req.Namespace), client.MatchingLabels{"app": req.Name}}
	var pods corev1.PodList
	return ctrl.Result{}, r.List(ctx, &pods, opts...)
}
