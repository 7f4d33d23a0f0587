package wholemerge

import (
	"context"
	"encoding/json"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/wholehelpers"
)

// GoodReconciler is BadReconciler's twin without the bug: the check must
// stay silent on it.
type GoodReconciler struct {
	client.Client
}

// The fix: the difference from a copy taken after the read.
func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patch := client.MergeFrom(cm.DeepCopy())
	delete(cm.Data, "stale")
	cm.Data["mode"] = "on"
	if err := r.Patch(ctx, cm, patch); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The status from a copy.
func (r *GoodReconciler) status(ctx context.Context, key types.NamespacedName) error {
	var dep appsv1.Deployment
	if err := r.Get(ctx, key, &dep); err != nil {
		return err
	}
	base := dep.DeepCopy()
	dep.Status.ObservedGeneration = dep.Generation
	return r.Status().Patch(ctx, &dep, client.MergeFrom(base))
}

// List items, each from its copy.
func (r *GoodReconciler) relabel(ctx context.Context, ns string) error {
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return err
	}
	for _, cm := range list.Items {
		patch := client.MergeFrom(cm.DeepCopy())
		delete(cm.Labels, "example.com/stale")
		if err := r.Patch(ctx, &cm, patch); err != nil {
			return err
		}
	}
	return nil
}

// An object built here, never read: a merge patch of only the fields set,
// without a resourceVersion, a deliberate partial patch.
func (r *GoodReconciler) built(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace, Labels: map[string]string{"app": "demo"}},
		Data:       map[string]string{"mode": "on"},
	}
	return r.Patch(ctx, cm, client.Merge)
}

// The same with a hand-written patch of a built object's JSON.
func (r *GoodReconciler) builtRaw(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}, Data: map[string]string{"mode": "on"}}
	data, err := json.Marshal(cm)
	if err != nil {
		return err
	}
	return r.Patch(ctx, cm, client.RawPatch(types.MergePatchType, data))
}

// An unstructured object built from a map: only its keys are sent.
func (r *GoodReconciler) unstructuredPatch(ctx context.Context, key types.NamespacedName) error {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1",
		"kind":       "ConfigMap",
		"metadata":   map[string]any{"name": key.Name, "namespace": key.Namespace},
		"data":       map[string]any{"mode": "on"},
	}}
	return r.Patch(ctx, u, client.Merge)
}

// Server-side apply of a built object: the server merges by field owner.
func (r *GoodReconciler) apply(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{
		TypeMeta:   metav1.TypeMeta{APIVersion: "v1", Kind: "ConfigMap"},
		ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace},
		Data:       map[string]string{"mode": "on"},
	}
	return r.Patch(ctx, cm, client.Apply, client.FieldOwner("demo"), client.ForceOwnership) //nolint:staticcheck // the twin of a whole merge patch
}

// patchLabels' twin, given a built object.
func (r *GoodReconciler) patchLabels(ctx context.Context, cm *corev1.ConfigMap) error { // want patchLabels:`wholeMerge\(2\)`
	cm.Labels = map[string]string{"app": "demo"}
	return r.Patch(ctx, cm, client.Merge)
}

func (r *GoodReconciler) viaHelper(key types.NamespacedName) error {
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	return r.patchLabels(context.Background(), cm)
}

// The other package's helpers: given a built object, or the one that
// patches from a copy given the object read.
func (r *GoodReconciler) viaOtherPackage(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, cm); err != nil {
		return err
	}
	if err := wholehelpers.SetOwnerLabelFrom(ctx, r.Client, cm, "demo"); err != nil {
		return err
	}
	built := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Name: key.Name, Namespace: key.Namespace}}
	return wholehelpers.SetOwnerLabel(ctx, r.Client, built, "demo")
}

// afterCreate's twin: the object built, never written before its patch.
func (r *GoodReconciler) beforeCreate(ctx context.Context, key types.NamespacedName) error {
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = key.Name, key.Namespace
	cm.Data = map[string]string{"mode": "on"}
	return r.Patch(ctx, cm, client.Merge)
}

// k0smotron's fix: the copy patched against what was read.
func (r *GoodReconciler) copiedInRetry(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	d := dep.DeepCopy()
	d.Status.ObservedGeneration = d.Generation
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return r.Status().Patch(ctx, d, client.MergeFrom(dep))
	})
}

// A copy of an object built here, patched whole in a retry: nothing
// read, no resourceVersion.
func (r *GoodReconciler) builtInRetry(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	dep.Name, dep.Namespace = key.Name, key.Namespace
	d := dep.DeepCopy()
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		return r.Patch(ctx, d, client.Merge)
	})
}
