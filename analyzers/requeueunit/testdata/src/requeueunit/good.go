package requeueunit

import (
	"context"
	"time"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// retryDelay is a duration with its unit.
const retryDelay = 30 * time.Second

// GoodReconciler writes every delay with its unit.
type GoodReconciler struct {
	client.Client
	IntervalSeconds int
	Interval        time.Duration
	// PollNanos holds nanoseconds already (a duration's Nanoseconds()).
	PollNanos int64
}

func (r *GoodReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	switch req.Name {
	case "a":
		return ctrl.Result{RequeueAfter: 10 * time.Second}, nil
	case "b":
		return ctrl.Result{RequeueAfter: retryDelay}, nil
	case "c":
		return ctrl.Result{RequeueAfter: time.Duration(r.IntervalSeconds) * time.Second}, nil
	case "d":
		return ctrl.Result{RequeueAfter: r.Interval}, nil
	case "e":
		return ctrl.Result{RequeueAfter: 500 * time.Microsecond}, nil
	case "f":
		return ctrl.Result{RequeueAfter: time.Duration(r.Interval.Nanoseconds())}, nil
	case "g":
		return ctrl.Result{RequeueAfter: time.Duration(r.PollNanos)}, nil
	case "h":
		return ctrl.Result{RequeueAfter: 0}, nil
	}
	// A duration variable: whatever it holds was computed with its unit.
	d := time.Until(time.Now().Add(time.Minute))
	return ctrl.Result{RequeueAfter: d}, nil
}
