// Package metricsregistry holds the fixtures of the metricsregistry check: bad.go the code it
// reports, each finding marked by a want comment on its line matching its
// message (see docs/adding-a-check.md), good.go the twins it must leave
// alone.
package metricsregistry

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// BadReconciler has the bug. TODO(metricsregistry): write it, and mark each finding
// with its want comment.
type BadReconciler struct {
	client.Client
}

func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
