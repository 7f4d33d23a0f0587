package waits

import (
	"context"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	"k8s.io/utils/clock"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// ---------------------------------------------------------------------
// The time left is computed, logged, and not returned: the scheduled-task
// controller of k8ssandra/cass-operator before 986ab2d8.

type schedule interface {
	Next(time.Time) time.Time
}

type ScheduledTaskReconciler struct {
	client.Client
	Clock clock.PassiveClock
	Sched schedule
}

func (r *ScheduledTaskReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	cj := &batchv1.CronJob{}
	if err := r.Get(ctx, req.NamespacedName, cj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	now := r.Clock.Now().UTC()
	next := r.Sched.Next(cj.CreationTimestamp.Time)
	if next.Before(now) {
		if err := r.Create(ctx, &batchv1.Job{}); err != nil {
			return ctrl.Result{}, err
		}
		next = r.Sched.Next(now)
	}
	nextRunTime := next.Sub(now)
	log.V(1).Info("Requeing for next scheduled event", "nextRuntime", nextRunTime.String())
	return ctrl.Result{}, nil // want `the reconcile computes the time left until a moment \(nextRunTime := next.Sub\(now\)\) and returns ctrl.Result\{\} with no requeue: .*; return ctrl.Result\{RequeueAfter: nextRunTime\}`
}

type UntilReconciler struct {
	client.Client
}

func (r *UntilReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cj := &batchv1.CronJob{}
	if err := r.Get(ctx, req.NamespacedName, cj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cj.Status.LastScheduleTime == nil {
		return r.expire(ctx, cj)
	}
	var remaining = time.Until(cj.Status.LastScheduleTime.Add(ttl))
	logf.FromContext(ctx).Info("expires later", "in", remaining)
	return ctrl.Result{}, nil // want `computes the time left until a moment \(remaining := time.Until\(cj.Status.LastScheduleTime.Add\(ttl\)\)\)`
}

// expire's Result is the reconcile's: the caller returns it as it is.
func (r *UntilReconciler) expire(ctx context.Context, cj *batchv1.CronJob) (ctrl.Result, error) {
	wait := ttl - time.Since(cj.CreationTimestamp.Time)
	logf.FromContext(ctx).Info("waiting", "for", wait)
	return ctrl.Result{}, nil // want `computes the time left until a moment \(wait := ttl - time.Since\(cj.CreationTimestamp.Time\)\)`
}

// ---------------------------------------------------------------------
// Twins.

type LeftTwinReconciler struct {
	client.Client
	Clock clock.PassiveClock
	Sched schedule
}

func (r *LeftTwinReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	cj := &batchv1.CronJob{}
	if err := r.Get(ctx, req.NamespacedName, cj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	now := r.Clock.Now()

	// Twin: the time left is returned.
	left := r.Sched.Next(now).Sub(now)
	if cj.Spec.Suspend != nil {
		log.Info("next run", "in", left)
		return ctrl.Result{RequeueAfter: left}, nil
	}

	// Twin: elapsed time, not time left.
	age := time.Since(cj.CreationTimestamp.Time)
	if cj.Status.LastScheduleTime == nil {
		log.Info("never scheduled", "age", age)
		return ctrl.Result{}, nil
	}

	// Twin: the time left is used past the statements before the return.
	until := time.Until(cj.Status.LastScheduleTime.Add(ttl))
	if err := r.Status().Update(ctx, cj); err != nil {
		return ctrl.Result{}, err
	}
	log.Info("updated", "until", until)
	return r.helper(ctx, cj)
}

// Twin: a helper whose caller looks at its Result.
func (r *LeftTwinReconciler) helper(ctx context.Context, cj *batchv1.CronJob) (ctrl.Result, error) {
	res, err := r.inner(ctx, cj)
	if err != nil || !res.IsZero() {
		return res, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil
}

func (r *LeftTwinReconciler) inner(ctx context.Context, cj *batchv1.CronJob) (ctrl.Result, error) {
	wait := time.Until(cj.CreationTimestamp.Add(ttl))
	logf.FromContext(ctx).Info("waiting", "for", wait)
	return ctrl.Result{}, nil
}
