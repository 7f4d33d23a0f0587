package periodic

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	"sigs.k8s.io/controller-runtime/pkg/event"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/source"
)

const finalizer = "example.com/cleanup"

// A controller that re-enqueues every ConfigMap on a ticker: a write that
// fails is tried again on the next tick.
type TickedReconciler struct{ client.Client }

func (r *TickedReconciler) SetupWithManager(ctx context.Context, mgr ctrl.Manager) error {
	events := make(chan event.GenericEvent)
	go func() {
		ticker := time.NewTicker(time.Minute)
		defer ticker.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-ticker.C:
				var list corev1.ConfigMapList
				if err := r.List(ctx, &list); err != nil {
					continue
				}
				for i := range list.Items {
					events <- event.GenericEvent{Object: &list.Items[i]}
				}
			}
		}
	}()
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		WatchesRawSource(source.Channel(events, &handler.EnqueueRequestForObject{})).
		Complete(r)
}

func (r *TickedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !cm.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, &cm)
	}
	// A diagnostic label: written again on the next tick.
	cm.Labels = map[string]string{"checked": "yes"}
	if err := r.Update(ctx, &cm); err != nil {
		log.Error(err, "labelling")
	}
	// Best-effort pruning: what is left goes on the next tick.
	r.prune(ctx, &cm)
	return ctrl.Result{}, nil
}

func (r *TickedReconciler) prune(ctx context.Context, cm *corev1.ConfigMap) error {
	stale := &corev1.Secret{}
	stale.Namespace, stale.Name = cm.Namespace, cm.Name+"-stale"
	if err := r.Delete(ctx, stale); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "pruning")
	}
	old := &corev1.Secret{}
	old.Namespace, old.Name = cm.Namespace, cm.Name+"-old"
	return client.IgnoreNotFound(r.Delete(ctx, old))
}

// The object goes with its finalizer: no tick brings it back, the Secret
// stays. Reported.
func (r *TickedReconciler) finalize(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	child := &corev1.Secret{}
	child.Namespace, child.Name = cm.Namespace, cm.Name+"-data"
	if err := r.Delete(ctx, child); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the data") // want `the error of Delete is only logged, then finalizer "example.com/cleanup" is removed`
	}
	controllerutil.RemoveFinalizer(cm, finalizer)
	return ctrl.Result{}, r.Update(ctx, cm)
}

// The twin: the same controller without the periodic source. Reported.
type PlainReconciler struct{ client.Client }

func (r *PlainReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&corev1.ConfigMap{}).
		Complete(r)
}

func (r *PlainReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm.Labels = map[string]string{"checked": "yes"}
	if err := r.Update(ctx, &cm); err != nil {
		log.Error(err, "labelling") // want `the error of Update is only logged, then Reconcile returns success: the failed write is not retried until the next event`
	}
	r.prune(ctx, &cm)
	return ctrl.Result{}, nil
}

func (r *PlainReconciler) prune(ctx context.Context, cm *corev1.ConfigMap) error {
	stale := &corev1.Secret{}
	stale.Namespace, stale.Name = cm.Namespace, cm.Name+"-stale"
	if err := r.Delete(ctx, stale); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "pruning") // want `the error of Delete is only logged, then the cleanup goes on with another Delete`
	}
	old := &corev1.Secret{}
	old.Namespace, old.Name = cm.Namespace, cm.Name+"-old"
	return client.IgnoreNotFound(r.Delete(ctx, old))
}
