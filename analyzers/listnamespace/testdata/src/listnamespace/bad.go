// Package listnamespace holds the fixtures of the listnamespace check: bad.go the code it
// reports, each finding marked by a want comment on its line matching its
// message (see docs/adding-a-check.md), good.go the twins it must leave
// alone.
package listnamespace

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/labels"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	appsv1 "fixtures/api/v1"
	"fixtures/podutil"
)

// BadReconciler reconciles namespaced Widgets and lists their Pods by
// label only: the Pods of a Widget of the same name in another namespace
// carry the same labels, and are deleted or changed too.
type BadReconciler struct {
	client.Client
}

func (r *BadReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&appsv1.Widget{}).Complete(r)
}

func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w appsv1.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	// Delete each Pod the List finds.
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.MatchingLabels{"app.kubernetes.io/instance": w.Name}); err != nil { // want `List of Pod by labels with no namespace, in the reconcile of namespaced Widget, whose items are deleted \(line 41\): the List reads every namespace .* add client.InNamespace\(req.Namespace\)`
		return ctrl.Result{}, err
	}
	for i := range pods.Items {
		if err := r.Delete(ctx, &pods.Items[i]); err != nil {
			return ctrl.Result{}, err
		}
	}
	if err := r.markStale(ctx, &w); err != nil {
		return ctrl.Result{}, err
	}
	return r.prune(ctx, &w)
}

// markStale hands each listed Pod to a helper of another package, which
// updates it.
func (r *BadReconciler) markStale(ctx context.Context, w *appsv1.Widget) error {
	var pods corev1.PodList
	if err := r.List(ctx, &pods, client.HasLabels{"example.com/widget"}); err != nil { // want `List of Pod by labels .* whose items are written by MarkStale \(line 59\).* add client.InNamespace\(w.Namespace\)`
		return err
	}
	for _, p := range pods.Items {
		if err := podutil.MarkStale(ctx, r.Client, &p); err != nil {
			return err
		}
	}
	return nil
}

// prune is a step of the reconcile, a (Result, error) helper: it patches
// the ConfigMaps it lists by a selector in ListOptions.
func (r *BadReconciler) prune(ctx context.Context, w *appsv1.Widget) (ctrl.Result, error) {
	var cms corev1.ConfigMapList
	sel := labels.SelectorFromSet(labels.Set{"app.kubernetes.io/part-of": "widgets"})
	if err := r.List(ctx, &cms, &client.ListOptions{LabelSelector: sel}); err != nil { // want `List of ConfigMap by labels .* whose items are patched \(line 78\).* add client.InNamespace\(w.Namespace\)`
		return ctrl.Result{}, err
	}
	for i := range cms.Items {
		cm := &cms.Items[i]
		base := cm.DeepCopy()
		cm.Data = nil
		if err := r.Patch(ctx, cm, client.MergeFrom(base)); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}
