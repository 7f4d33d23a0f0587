package crds

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
}

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *Reconciler) toJobs(ctx context.Context, obj client.Object) []reconcile.Request {
	return nil
}

// A generation filter drops no update of a Policy that changes more than
// its metadata: silent.
func WatchesPolicy(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Watches(&Policy{}, handler.EnqueueRequestsFromMapFunc(r.toJobs)).
		WithEventFilter(predicate.GenerationChangedPredicate{}).
		Complete(r)
}

// Twins: a Widget's status updates leave its generation, and a label
// filter drops a Policy's spec changes too.
func WatchesWidget(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}).
		Watches(&Policy{}, handler.EnqueueRequestsFromMapFunc(r.toJobs)).
		Watches(&Widget{}, handler.EnqueueRequestsFromMapFunc(r.toJobs)).
		WithEventFilter(predicate.GenerationChangedPredicate{}). // want `also filters Watches\(&Widget\{\}, handler.EnqueueRequestsFromMapFunc\(r.toJobs\)\): updates`
		Complete(r)
}

func WatchesPolicyLabels(mgr ctrl.Manager, r *Reconciler) error {
	return ctrl.NewControllerManagedBy(mgr).
		For(&batchv1.Job{}, builder.WithPredicates(notPaused)).
		Watches(&Policy{}, handler.EnqueueRequestsFromMapFunc(r.toJobs)).
		WithEventFilter(predicate.LabelChangedPredicate{}). // want `also filters Watches\(&Policy\{\}, handler.EnqueueRequestsFromMapFunc\(r.toJobs\)\): updates`
		Complete(r)
}

var notPaused = predicate.NewPredicateFuncs(func(obj client.Object) bool { return true })
