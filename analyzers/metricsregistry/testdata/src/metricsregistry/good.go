package metricsregistry

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// GoodReconciler is BadReconciler's twin without the bug: the check must
// stay silent on it. TODO(metricsregistry): one twin per finding of bad.go, as close
// to it as the fix allows.
type GoodReconciler struct {
	client.Client
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
