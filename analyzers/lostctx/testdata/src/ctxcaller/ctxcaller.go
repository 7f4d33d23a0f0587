// Package ctxcaller's reconcile calls the helpers of package ctxhelper
// with its ctx.
package ctxcaller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	typedcorev1 "k8s.io/client-go/kubernetes/typed/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/ctxhelper"
)

type Reconciler struct {
	client.Client
	Pods   typedcorev1.PodsGetter
	Remote ctrl.Manager
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := ctxhelper.UpdatePodStatus(ctx, r.Pods, pod); err != nil { // want `ctxhelper.UpdatePodStatus takes a context.Context but makes its own context.TODO\(\) for its calls \(at ctxhelper.go:25\) \(1 other call of this package reaches it too\), so this reconcile's context \(ctx: its cancellation, any deadline and its logger\) does not reach them; pass its context parameter there instead`
		return ctrl.Result{}, err
	}
	// The same helper again: one fix, reported once, at the first call.
	if err := ctxhelper.UpdatePodStatus(ctx, r.Pods, pod); err != nil {
		return ctrl.Result{}, err
	}
	d := &ctxhelper.Deleter{Client: r.Client}
	if err := d.Delete(ctx, pod); err != nil { // want `ctxhelper.Deleter.Delete takes a context.Context but makes its own context.Background\(\) for its calls \(at ctxhelper.go:36\)`
		return ctrl.Result{}, err
	}
	if err := r.sync(ctx, req); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := ctxhelper.Secret(ctx, r.Client, req.NamespacedName); err != nil { // want `ctxhelper.Secret takes a context.Context but makes its own context.TODO\(\) for its calls \(through kube.GetSecret\)`
		return ctrl.Result{}, err
	}
	// Twins: the helper passes its context; the helper without one is the
	// ownContext form; Refresh was reported in its own package.
	if err := ctxhelper.UpdateConfigMap(ctx, r.Client, &corev1.ConfigMap{}); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := ctxhelper.GetConfigMap(r.Client, req.NamespacedName); err != nil { // want `ctxhelper.GetConfigMap makes its own context.TODO\(\) for its API calls`
		return ctrl.Result{}, err
	}
	if r.Remote != nil {
		ctxhelper.StartRemote(r.Remote) // a lifetime, not a request: not reported
	}
	return ctrl.Result{}, ctxhelper.Refresh(ctx, r.Client, req.NamespacedName)
}

// sync is reached from the reconcile: a function of the package calling
// the helper counts too.
func (r *Reconciler) sync(ctx context.Context, req ctrl.Request) error {
	if err := ctxhelper.Sync(ctx, r.Client, req.NamespacedName); err != nil { // want `ctxhelper.Sync takes a context.Context but makes its own context.TODO\(\) for its calls \(at ctxhelper.go:46\) \(1 other call of this package reaches it too\)`
		return err
	}
	// Another helper that drops ctx at the same context.TODO(): counted in
	// the report above.
	return ctxhelper.SyncAll(ctx, r.Client, []types.NamespacedName{req.NamespacedName})
}

// Twin: set-up code, which no reconcile runs (not reported; its fact
// would let a reconcile of another package that calls it report).
func (r *Reconciler) SetupWithManager(ctx context.Context, mgr ctrl.Manager) error { // want SetupWithManager:`dropsContext\(context.TODO\(\) through ctxhelper.Sync\)`
	if err := ctxhelper.Sync(ctx, mgr.GetClient(), client.ObjectKey{Name: "boot"}); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r)
}
