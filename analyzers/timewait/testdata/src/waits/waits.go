package waits

import (
	"context"
	"time"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/tools/record"
	"k8s.io/utils/clock"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

const ttl = 10 * time.Minute

const runAt = "example.com/run-at"

// ---------------------------------------------------------------------
// The TTL wait: the pod is deleted once it is older than ttl, but nothing
// reconciles it when it gets there.

type TTLReconciler struct {
	client.Client
}

func (r *TTLReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if time.Since(pod.CreationTimestamp.Time) < ttl {
		log.V(1).Info("not expired yet", "pod", client.ObjectKeyFromObject(pod))
		return ctrl.Result{}, nil // want `the reconcile waits for a time \(time.Since\(pod.CreationTimestamp.Time\) < ttl\) and returns ctrl.Result\{\} with no requeue: no watch event fires when the time comes, so nothing reconciles the object until an unrelated event or the periodic resync; return ctrl.Result\{RequeueAfter: ttl - time.Since\(pod.CreationTimestamp.Time\)\}`
	}
	return ctrl.Result{}, r.Delete(ctx, pod)
}

// ---------------------------------------------------------------------
// A scheduled time, written with reconcile.Result.

type ScheduleReconciler struct {
	client.Client
}

func (r *ScheduleReconciler) Reconcile(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return reconcile.Result{}, client.IgnoreNotFound(err)
	}
	at, err := time.Parse(time.RFC3339, cm.Annotations[runAt])
	if err != nil {
		return reconcile.Result{}, nil
	}
	if time.Now().Before(at) {
		return reconcile.Result{}, nil // want `waits for a time \(time.Now\(\).Before\(at\)\) and returns reconcile.Result\{\} with no requeue: .*; return reconcile.Result\{RequeueAfter: time.Until\(at\)\}`
	}
	if cm.CreationTimestamp.Add(ttl).After(time.Now()) {
		return reconcile.Result{}, nil // want `return reconcile.Result\{RequeueAfter: time.Until\(cm.CreationTimestamp.Add\(ttl\)\)\}`
	}
	cm.Data = map[string]string{"ran": "yes"}
	return reconcile.Result{}, r.Update(ctx, cm)
}

// ---------------------------------------------------------------------
// The current time held in a local, as a time.Time and as a metav1.Time.

type LocalNowReconciler struct {
	client.Client
}

func (r *LocalNowReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	at, err := time.Parse(time.RFC3339, cm.Annotations[runAt])
	if err != nil {
		return ctrl.Result{}, nil
	}
	now := time.Now()
	if now.Before(at) {
		return ctrl.Result{}, nil // want `waits for a time \(now.Before\(at\)\) .*; return ctrl.Result\{RequeueAfter: at.Sub\(now\)\}`
	}
	deadline := metav1.NewTime(at.Add(time.Hour))
	metaNow := metav1.Now()
	if metaNow.Before(&deadline) {
		return ctrl.Result{}, nil // want `waits for a time \(metaNow.Before\(&deadline\)\) .*; return ctrl.Result\{RequeueAfter: deadline.Time.Sub\(metaNow.Time\)\}`
	}
	if left := time.Until(at.Add(2 * time.Hour)); left > 0 {
		return ctrl.Result{}, nil // want `waits for a time \(left > 0\) .*; return ctrl.Result\{RequeueAfter: left\}`
	}
	return ctrl.Result{}, r.Delete(ctx, cm)
}

// ---------------------------------------------------------------------
// A clock: k8s.io/utils/clock and a clock interface of the user's.

type Clock interface {
	Now() time.Time
}

type ClockReconciler struct {
	client.Client
	Clock   clock.PassiveClock
	MyClock Clock
}

func (r *ClockReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if r.Clock.Since(pod.CreationTimestamp.Time) < ttl {
		return ctrl.Result{}, nil // want `waits for a time \(r.Clock.Since\(pod.CreationTimestamp.Time\) < ttl\) .*; return ctrl.Result\{RequeueAfter: ttl - r.Clock.Since\(pod.CreationTimestamp.Time\)\}`
	}
	expiry := pod.CreationTimestamp.Add(2 * ttl)
	if r.MyClock.Now().Before(expiry) {
		return ctrl.Result{}, nil // want `waits for a time \(r.MyClock.Now\(\).Before\(expiry\)\) .*; return ctrl.Result\{RequeueAfter: expiry.Sub\(r.MyClock.Now\(\)\)\}`
	}
	return ctrl.Result{}, r.Delete(ctx, pod)
}

// ---------------------------------------------------------------------
// A helper whose Result Reconcile returns as it is.

type CronReconciler struct {
	client.Client
}

func (r *CronReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cj := &batchv1.CronJob{}
	if err := r.Get(ctx, req.NamespacedName, cj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return r.reconcileSchedule(ctx, cj)
}

func (r *CronReconciler) reconcileSchedule(ctx context.Context, cj *batchv1.CronJob) (ctrl.Result, error) {
	if cj.Status.LastScheduleTime != nil && time.Since(cj.Status.LastScheduleTime.Time) < time.Hour {
		return ctrl.Result{}, nil // want `waits for a time \(time.Since\(cj.Status.LastScheduleTime.Time\) < time.Hour\) .*; return ctrl.Result\{RequeueAfter: time.Hour - time.Since\(cj.Status.LastScheduleTime.Time\)\}`
	}
	cj.Status.LastScheduleTime = &metav1.Time{Time: time.Now()}
	return ctrl.Result{}, r.Status().Update(ctx, cj)
}

// ---------------------------------------------------------------------
// The else branch waits; an event is recorded.

type ElseReconciler struct {
	client.Client
	Recorder record.EventRecorder
}

func (r *ElseReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if time.Since(pod.CreationTimestamp.Time) >= ttl {
		return ctrl.Result{}, r.Delete(ctx, pod)
	} else {
		left := ttl - time.Since(pod.CreationTimestamp.Time)
		r.Recorder.Eventf(pod, corev1.EventTypeNormal, "Waiting", "expires in %s", left)
		return ctrl.Result{}, nil // want `waits for a time \(time.Since\(pod.CreationTimestamp.Time\) >= ttl\) .*; return ctrl.Result\{RequeueAfter: ttl - time.Since\(pod.CreationTimestamp.Time\)\}`
	}
}

// ---------------------------------------------------------------------
// The comparison held in a boolean, negated.

type FlagReconciler struct {
	client.Client
}

func (r *FlagReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	expired := time.Now().After(pod.CreationTimestamp.Add(ttl))
	if !expired {
		return ctrl.Result{}, nil // want `waits for a time \(time.Now\(\).After\(pod.CreationTimestamp.Add\(ttl\)\)\) .*; return ctrl.Result\{RequeueAfter: time.Until\(pod.CreationTimestamp.Add\(ttl\)\)\}`
	}
	return ctrl.Result{}, r.Delete(ctx, pod)
}
