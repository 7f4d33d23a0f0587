package reconcilers

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// WatchingReconciler adds a watch from its reconcile (openshift/hive's
// cluster install watch): the map function runs on events, not in the
// reconcile, and the context it drops is its own: silent.
type WatchingReconciler struct {
	client.Client
	handlers []handler.EventHandler
}

func (r *WatchingReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	r.watchPods()
	return ctrl.Result{}, nil
}

func (r *WatchingReconciler) watchPods() {
	r.handlers = append(r.handlers, handler.EnqueueRequestsFromMapFunc(func(ctx context.Context, o client.Object) []reconcile.Request {
		var pods corev1.PodList
		_ = r.List(context.TODO(), &pods, client.InNamespace(o.GetNamespace()))
		return nil
	}))
}
