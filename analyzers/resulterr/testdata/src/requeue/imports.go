package requeue

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// The fix removes the only use of package time: it must remove the import
// too, or the file no longer compiles where fixes are applied as they are
// (golangci-lint --fix).
type OnlyUse struct {
	client.Client
}

func (r *OnlyUse) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if err := r.Create(ctx, &corev1.Secret{}); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
	}
	return ctrl.Result{}, nil
}
