package waits

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// Twins that stay silent.

type TwinReconciler struct {
	client.Client
	Interval time.Duration
}

func (r *TwinReconciler) SetupWithManager(mgr ctrl.Manager) error {
	// Twin: not part of a reconcile.
	if _, err := r.expireAtStartup(); err != nil {
		return err
	}
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Pod{}).Complete(r)
}

func (r *TwinReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	pod := &corev1.Pod{}
	if err := r.Get(ctx, req.NamespacedName, pod); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}

	// Twin: the wait asks to be woken.
	if time.Since(pod.CreationTimestamp.Time) < ttl {
		return ctrl.Result{RequeueAfter: ttl - time.Since(pod.CreationTimestamp.Time)}, nil
	}

	// Twin: the time has come, it stays come; nothing to wake.
	if time.Now().After(pod.CreationTimestamp.Add(2 * ttl)) {
		return ctrl.Result{}, nil
	}

	// Twin: the branch taken once the time has come acts; the code after
	// the if statement is not looked at.
	if time.Since(pod.CreationTimestamp.Time) > 3*ttl {
		if err := r.Delete(ctx, pod); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}

	// Twin: the waiting branch acts (the write brings an event).
	if time.Since(pod.CreationTimestamp.Time) < 4*ttl {
		pod.Labels = map[string]string{"phase": "waiting"}
		if err := r.Update(ctx, pod); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, nil
	}
	if time.Since(pod.CreationTimestamp.Time) < 5*ttl {
		r.markWaiting(pod)
		return ctrl.Result{}, nil
	}
	if time.Since(pod.CreationTimestamp.Time) < 6*ttl {
		pod.Status.Message = "waiting" // not a local
		return ctrl.Result{}, nil
	}

	// Twin: two moments of the object, no current time.
	if pod.Status.StartTime != nil && pod.Status.StartTime.Before(&pod.CreationTimestamp) {
		return ctrl.Result{}, nil
	}
	deadline := pod.CreationTimestamp.Add(ttl)
	if pod.CreationTimestamp.Time.Before(deadline) {
		return ctrl.Result{}, nil
	}

	// Twin: an error is retried with backoff.
	if time.Now().Before(pod.CreationTimestamp.Add(7 * ttl)) {
		log.Info("too early")
		return ctrl.Result{}, fmt.Errorf("pod %s is too young", pod.Name)
	}

	// Twin: an equality does not wait for a time to come.
	if time.Now().Equal(pod.CreationTimestamp.Time) {
		return ctrl.Result{}, nil
	}

	// Twin: the current time reassigned in a loop is not followed.
	now := time.Now()
	for range 2 {
		now = pod.CreationTimestamp.Time
	}
	if now.Before(pod.CreationTimestamp.Add(8 * ttl)) {
		return ctrl.Result{}, nil
	}

	go func() {
		// Twin: a goroutine is not part of the reconcile.
		_, _ = r.expireInBackground(pod)
	}()

	res, err := r.step(pod)
	if err != nil || !res.IsZero() {
		return res, err
	}
	return r.periodic(ctx, pod)
}

func (r *TwinReconciler) markWaiting(pod *corev1.Pod) {
	pod.Status.Message = "waiting"
}

func (r *TwinReconciler) expireAtStartup() (ctrl.Result, error) {
	if time.Now().Before(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)) {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

func (r *TwinReconciler) expireInBackground(pod *corev1.Pod) (ctrl.Result, error) {
	if time.Since(pod.CreationTimestamp.Time) < ttl {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// Twin: the caller goes on when the Result is empty.
func (r *TwinReconciler) step(pod *corev1.Pod) (ctrl.Result, error) {
	if time.Since(pod.CreationTimestamp.Time) < 9*ttl {
		return ctrl.Result{}, nil
	}
	return ctrl.Result{Requeue: true}, nil
}

// Twin: a periodic task that skips the events in between; the requeue asked
// for after the last run comes when the interval has passed.
func (r *TwinReconciler) periodic(ctx context.Context, pod *corev1.Pod) (ctrl.Result, error) {
	last, err := time.Parse(time.RFC3339, pod.Annotations["example.com/last-run"])
	if err == nil && time.Since(last) < r.Interval {
		return ctrl.Result{}, nil
	}
	pod.Annotations["example.com/last-run"] = time.Now().Format(time.RFC3339)
	if err := r.Update(ctx, pod); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: r.Interval}, nil
}
