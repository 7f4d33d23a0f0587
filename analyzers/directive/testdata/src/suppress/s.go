package suppress

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type R struct{ client.Client }

// Suppressed by a directive on the line above.
func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		//reconcilecheck:ignore notfounderr the owner recreates it, so retrying is right
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type T struct{ client.Client }

// Suppressed by a trailing directive; a directive without a reason does
// not suppress.
func (r *T) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var cm corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &cm); err != nil {
		if cm.Name == "" {
			return ctrl.Result{}, err //reconcilecheck:ignore notfounderr retried on purpose
		}
		return ctrl.Result{}, err //reconcilecheck:ignore notfounderr // want `Reconcile returns the NotFound error`
	}
	return ctrl.Result{}, nil
}

// A stale directive: nothing to suppress here.
func helper() int {
	//reconcilecheck:ignore notfounderr left over from a refactoring // want `suppresses no notfounderr finding`
	return 1
}

var _ = helper
