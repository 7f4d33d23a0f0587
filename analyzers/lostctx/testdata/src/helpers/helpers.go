package helpers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/kube"
)

type AppReconciler struct {
	client.Client
}

func (r *AppReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if _, err := r.pods(req.Namespace); err != nil {
		return ctrl.Result{}, err
	}
	if _, err := kube.GetSecret(r.Client, req.NamespacedName); err != nil { // want `kube.GetSecret makes its own context.TODO\(\) for its API calls, so this reconcile's context \(ctx: its cancellation, any deadline and its logger\) does not reach them; add a context.Context parameter to GetSecret and pass ctx`
		return ctrl.Result{}, err
	}
	// Twins: the helper takes ctx; the helper's context is not for a call.
	if _, err := kube.GetConfigMap(ctx, r.Client, req.NamespacedName); err != nil {
		return ctrl.Result{}, err
	}
	_ = kube.Background()
	r.withCtx(ctx, req.Namespace)
	r.allowed(req.Namespace)
	if !r.isFound(req.NamespacedName) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// isFound has no context, and calls fetch, which has none either and
// makes its own: two calls down from the reconcile.
func (r *AppReconciler) isFound(key types.NamespacedName) bool {
	return r.fetch(key) == nil
}

func (r *AppReconciler) fetch(key types.NamespacedName) error {
	return r.Get(context.TODO(), key, &corev1.Secret{}) // want `context.TODO\(\) drops the context of the reconcile: AppReconciler.fetch has no context.Context parameter, nor has AppReconciler.isFound, which AppReconciler.Reconcile calls with ctx in scope; add a ctx parameter to both and pass ctx`
}

// pods has no context parameter and makes its own for the List.
func (r *AppReconciler) pods(ns string) (*corev1.PodList, error) {
	var pods corev1.PodList
	err := r.List(context.TODO(), &pods, client.InNamespace(ns)) // want `context.TODO\(\) drops the context of the reconcile: AppReconciler.pods has no context.Context parameter, but AppReconciler.Reconcile calls it with ctx in scope; add a ctx parameter to AppReconciler.pods and pass ctx`
	return &pods, err
}

// allowed has no context and makes one, for a function that never uses
// its context parameter (worker-operator's Compare): nothing is lost.
func (r *AppReconciler) allowed(ns string) []string {
	return r.namespacesOf(context.Background(), ns)
}

func (r *AppReconciler) namespacesOf(_ context.Context, ns string) []string {
	return []string{ns}
}

// withCtx is the twin: it takes the context.
func (r *AppReconciler) withCtx(ctx context.Context, ns string) {
	var pods corev1.PodList
	_ = r.List(ctx, &pods, client.InNamespace(ns))
}

// lookup has no context and makes one, but no reconcile calls it: set-up
// code.
func lookup(c client.Client) error {
	return c.Get(context.Background(), types.NamespacedName{Name: "x"}, &corev1.Secret{})
}

func (r *AppReconciler) SetupWithManager(mgr ctrl.Manager) error { // want SetupWithManager:"ownContext\\(context.Background\\(\\)\\)"
	_ = lookup(mgr.GetClient())
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.ConfigMap{}).Complete(r)
}
