package requeueskip

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

type Reconciler struct{ client.Client }

// The requeue at the end waits for the old Pod to go; the failing branch
// returns before it, with no requeue and no error.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	old := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name + "-old"}}
	if err := r.Delete(ctx, old); client.IgnoreNotFound(err) != nil {
		log.Error(err, "deleting the old pod") // want `the error of Delete is only logged, then Reconcile returns success without the requeue it asks for after Delete succeeds: the failed write is not retried until the next event; return the error`
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// Twins, not reported.

// No requeue anywhere: returning success after a log is the function's
// way (left to the authors; droppederr reports only when it rejoins).
type NoRequeue struct{ client.Client }

func (r *NoRequeue) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	old := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name + "-old"}}
	if err := r.Delete(ctx, old); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the old pod")
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// The failing branch requeues too.
type BothRequeue struct{ client.Client }

func (r *BothRequeue) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	old := &corev1.Pod{ObjectMeta: metav1.ObjectMeta{Namespace: req.Namespace, Name: req.Name + "-old"}}
	if err := r.Delete(ctx, old); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the old pod")
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
}

// A read's error: a Get that fails and gives up is no skipped retry of a
// write.
type ReadOnly struct{ client.Client }

func (r *ReadOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		logf.FromContext(ctx).Info("no settings", "err", err)
		return ctrl.Result{}, nil
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
