// Package ctxhelper is a helper package of the module whose functions
// take a context.Context: a reconcile of another package sees, through
// their facts, those that still make their own.
package ctxhelper

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	"fixtures/kube"
)

// UpdatePodStatus takes the caller's context, logs with it, and writes
// through the clientset with its own.
func UpdatePodStatus(ctx context.Context, pods typedcorev1.PodsGetter, pod *corev1.Pod) error { // want UpdatePodStatus:`dropsContext\(context.TODO\(\) at ctxhelper.go:25\)`
	logf.FromContext(ctx).Info("updating status", "pod", pod.Name)
	_, err := pods.Pods(pod.Namespace).UpdateStatus(context.TODO(), pod, metav1.UpdateOptions{})
	return err
}

// Deleter drops its context in a closure that RetryOnConflict runs.
type Deleter struct {
	Client client.Client
}

func (d *Deleter) Delete(ctx context.Context, obj client.Object) error { // want Delete:`dropsContext\(context.Background\(\) at ctxhelper.go:36\)`
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return d.Client.Delete(context.Background(), obj)
	})
}

// Sync takes a context but calls get, which has none and makes its own.
func Sync(ctx context.Context, c client.Client, key types.NamespacedName) error { // want Sync:`dropsContext\(context.TODO\(\) at ctxhelper.go:46\)`
	return get(c, key)
}

func get(c client.Client, key types.NamespacedName) error {
	return c.Get(context.TODO(), key, &corev1.Secret{})
}

// Secret takes a context but calls a helper of another package that makes
// its own.
func Secret(ctx context.Context, c client.Client, key types.NamespacedName) (*corev1.Secret, error) { // want Secret:`dropsContext\(context.TODO\(\) through kube.GetSecret\)`
	return kube.GetSecret(c, key)
}

// Twin: the helper passes its context.
func UpdateConfigMap(ctx context.Context, c client.Client, cm *corev1.ConfigMap) error {
	return c.Update(ctx, cm)
}

// Twin: the helper has no context parameter (the ownContext form).
func GetConfigMap(c client.Client, key types.NamespacedName) (*corev1.ConfigMap, error) { // want GetConfigMap:`ownContext\(context.TODO\(\)\)`
	cm := &corev1.ConfigMap{}
	return cm, c.Get(context.TODO(), key, cm)
}

// Twin: a reconcile of this package reaches Refresh, whose TODO is
// reported here; no fact makes its callers elsewhere report it again.
type LocalReconciler struct {
	client.Client
}

func (r *LocalReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, Refresh(ctx, r.Client, req.NamespacedName)
}

func Refresh(ctx context.Context, c client.Client, key types.NamespacedName) error {
	return c.Get(context.TODO(), key, &corev1.Pod{}) // want `context.TODO\(\) drops ctx, the context of the reconcile`
}

// SyncAll drops its context at the same context.TODO() as Sync, through
// get: one fix for both.
func SyncAll(ctx context.Context, c client.Client, keys []types.NamespacedName) error { // want SyncAll:`dropsContext\(context.TODO\(\) at ctxhelper.go:46\)`
	for _, k := range keys {
		if err := get(c, k); err != nil {
			return err
		}
	}
	return nil
}

// StartRemote starts a manager for another cluster, which must outlive
// the reconcile that starts it: the context it makes is the manager's
// lifetime, no reconcile context dropped (no fact).
func StartRemote(mgr ctrl.Manager) {
	go func() {
		_ = mgr.Start(context.TODO())
	}()
}
