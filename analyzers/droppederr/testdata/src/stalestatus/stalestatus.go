// Package stalestatus: a status write whose error is only logged before
// a requeue, in a reconcile that decides on that status.
package stalestatus

import (
	"context"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

type Reconciler struct{ client.Client }

// The job's status condition says whether the step ran: if the write
// fails, the requeued reconcile runs the step again.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var job batchv1.Job
	if err := r.Get(ctx, req.NamespacedName, &job); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if meta.IsStatusConditionTrue(conds(job.Status.Conditions), "Seeded") {
		return ctrl.Result{}, nil
	}
	job.Status.Conditions = append(job.Status.Conditions, batchv1.JobCondition{Type: "Seeded", Status: "True"})
	if err := r.Status().Update(ctx, &job); err != nil {
		log.Error(err, "recording the seed") // want `the error of Status\(\).Update is only logged, then Reconcile returns a requeue with a nil error: the next reconcile decides on the status this write failed to replace \(read at line 28\), and the failure is neither counted as an error nor backed off; return the error`
	}
	return ctrl.Result{RequeueAfter: time.Hour}, nil
}

func conds(cs []batchv1.JobCondition) []metav1.Condition {
	out := make([]metav1.Condition, 0, len(cs))
	for _, c := range cs {
		out = append(out, metav1.Condition{Type: string(c.Type), Status: metav1.ConditionStatus(c.Status)})
	}
	return out
}

// PhaseReconciler: the failing branch returns its own requeue.
type PhaseReconciler struct{ client.Client }

func (r *PhaseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var job batchv1.Job
	if err := r.Get(ctx, req.NamespacedName, &job); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if job.Status.Active > 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	job.Status.Active = 1
	if err := r.Status().Update(ctx, &job); err != nil {
		logf.FromContext(ctx).Error(err, "marking active") // want `the error of Status\(\).Update is only logged, then Reconcile returns a requeue with a nil error: the next reconcile decides on the status this write failed to replace \(read at line 54\)`
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// Twins, not reported.

// The error is returned.
type Returned struct{ client.Client }

func (r *Returned) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var job batchv1.Job
	if err := r.Get(ctx, req.NamespacedName, &job); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if job.Status.Active > 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	job.Status.Active = 1
	if err := r.Status().Update(ctx, &job); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// The reconcile never decides on the status it writes (a report of what
// it saw): the requeue writes it again, nothing acts on the old one.
type ReportOnly struct{ client.Client }

func (r *ReportOnly) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var job batchv1.Job
	if err := r.Get(ctx, req.NamespacedName, &job); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	job.Status.Active = 1
	if err := r.Status().Update(ctx, &job); err != nil {
		logf.FromContext(ctx).Error(err, "reporting")
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// A write of the main resource (not its status) before a requeue: the
// requeue retries it.
type MainResource struct{ client.Client }

func (r *MainResource) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var job batchv1.Job
	if err := r.Get(ctx, req.NamespacedName, &job); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if job.Status.Active > 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	job.Labels = map[string]string{"seen": "true"}
	if err := r.Update(ctx, &job); err != nil {
		logf.FromContext(ctx).Error(err, "labelling")
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

// A conflict is requeued on purpose, any other error returned
// (rabbitmq's deprecated-features controller): handled.
type ConflictRequeue struct{ client.Client }

func (r *ConflictRequeue) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var job batchv1.Job
	if err := r.Get(ctx, req.NamespacedName, &job); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if job.Status.Active > 0 {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	job.Status.Active = 1
	if err := r.Status().Update(ctx, &job); err != nil {
		logf.FromContext(ctx).Error(err, "marking active")
		if apierrors.IsConflict(err) {
			return ctrl.Result{RequeueAfter: time.Minute}, nil
		}
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}
