// Package requeueunit holds the fixtures of the requeueunit check: bad.go
// the RequeueAfter values written without their unit, good.go the twins
// it must leave alone.
package requeueunit

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

// requeueDelay was meant in seconds.
const requeueDelay = 30

// BadReconciler asks for delays in nanoseconds.
type BadReconciler struct {
	client.Client
	// IntervalSeconds comes from a flag, in seconds.
	IntervalSeconds int
}

func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	if req.Name == "a" {
		return ctrl.Result{RequeueAfter: 10}, nil // want `RequeueAfter is 10 nanoseconds: a time.Duration counts nanoseconds`
	}
	if req.Name == "b" {
		res := reconcile.Result{}
		res.RequeueAfter = requeueDelay // want `RequeueAfter is 30 nanoseconds`
		return res, nil
	}
	return ctrl.Result{RequeueAfter: time.Duration(r.IntervalSeconds)}, nil // want `time.Duration\(r.IntervalSeconds\) takes r.IntervalSeconds as nanoseconds`
}
