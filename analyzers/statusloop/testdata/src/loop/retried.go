package loop

import (
	"context"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// RetryReconciler writes a fresh time in a RetryOnConflict closure that
// re-reads the widget, through a helper, on every run.
type RetryReconciler struct{ client.Client }

func (r *RetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.updateStatus(ctx, req); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *RetryReconciler) updateStatus(ctx context.Context, req ctrl.Request) error {
	return retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		w := &Widget{}
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		w.Status.LastUpdated = &metav1.Time{Time: time.Now()} // want `the status is written on every reconcile with time.Now\(\)`
		return r.Status().Update(ctx, w)
	})
}

func (r *RetryReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}

// Twin: the closure writes only when the phase changes.
type RetryTwinReconciler struct{ client.Client }

func (r *RetryTwinReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	err := retry.RetryOnConflict(retry.DefaultBackoff, func() error {
		w := &Widget{}
		if err := r.Get(ctx, req.NamespacedName, w); err != nil {
			return err
		}
		if w.Status.Phase == "Ready" {
			return nil
		}
		w.Status.Phase = "Ready"
		w.Status.LastUpdated = &metav1.Time{Time: time.Now()}
		return r.Status().Update(ctx, w)
	})
	return ctrl.Result{}, client.IgnoreNotFound(err)
}

func (r *RetryTwinReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&Widget{}).Complete(r)
}
