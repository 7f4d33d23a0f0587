package requeueunit

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
)

// RetryReconciler's file does not import time: the fix adds it.
type RetryReconciler struct{}

func (r *RetryReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 5}, nil // want `RequeueAfter is 5 nanoseconds`
}
