package requeue

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/reconcile"
)

type Reconciler struct {
	client.Client
	Interval time.Duration
	mu       sync.Mutex
}

// Create fails, the Result asks for a retry in a minute: the minute is lost.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err) // twin: empty Result with the error
	}
	if err := r.Create(ctx, &corev1.Secret{}); err != nil {
		return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil: when the error is non-nil controller-runtime ignores the Result's requeue and retries with error backoff \(logging a warning since v0.16\), so the RequeueAfter delay it asks for is lost`
	}
	return ctrl.Result{RequeueAfter: time.Minute}, nil // twin: nil error
}

// Requeue: true with the error of a status update that may or may not fail:
// reported, but no fix (the Result is wanted when the update succeeds).
func (r *Reconciler) updateStatus(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	return ctrl.Result{Requeue: true}, r.Update(ctx, cm) // want `a Result with Requeue set is returned with an error that may be non-nil: when the error is non-nil controller-runtime ignores the Result's requeue \(the error is retried with backoff anyway; since v0.16 it also logs a warning on every such return\), so Requeue adds nothing`
}

// Twin: Priority only orders the queue, it asks for no requeue.
func (r *Reconciler) priority(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	p := 10
	return ctrl.Result{Priority: &p}, r.Update(ctx, cm)
}

// Twin: constant zero fields.
func (r *Reconciler) zeroFields(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	return ctrl.Result{RequeueAfter: 0, Requeue: false}, r.Update(ctx, cm)
}

// A helper with a switch: the error case requeues.
func (r *Reconciler) step(ctx context.Context, cm *corev1.ConfigMap, done bool) (ctrl.Result, error) {
	err := r.Update(ctx, cm)
	switch {
	case err != nil:
		return ctrl.Result{RequeueAfter: r.Interval}, err // want `a Result with RequeueAfter set is returned`
	case done:
		return ctrl.Result{RequeueAfter: r.Interval}, nil // twin
	default:
		return ctrl.Result{}, nil
	}
}

// if/else form.
func (r *Reconciler) ifElse(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Update(ctx, cm); err == nil {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, nil // twin
	} else {
		return ctrl.Result{RequeueAfter: 5 * time.Second}, err // want `a Result with RequeueAfter set is returned`
	}
}

// A Result held in a variable: the fix spells the type through the file's
// import.
func (r *Reconciler) variable(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	res := ctrl.Result{RequeueAfter: r.Interval}
	if err := r.Update(ctx, cm); err != nil {
		return res, err // want `a Result that asks for a requeue is returned`
	}
	return res, nil
}

// Twin: the requeue is set after the early return only.
func (r *Reconciler) setLater(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	var res ctrl.Result
	if err := r.Update(ctx, cm); err != nil {
		return res, err
	}
	res.RequeueAfter = time.Minute
	return res, nil
}

// Twin: the Result and the error are set on different paths that merge.
func (r *Reconciler) merged(ctx context.Context, cm *corev1.ConfigMap, wait bool) (ctrl.Result, error) {
	var res ctrl.Result
	var err error
	if wait {
		res = ctrl.Result{RequeueAfter: time.Minute}
	} else {
		err = r.Update(ctx, cm)
	}
	return res, err
}

// The same merge where one path sets both: reported.
func (r *Reconciler) mergedBoth(ctx context.Context, cm *corev1.ConfigMap, wait bool) (ctrl.Result, error) {
	var res ctrl.Result
	var err error
	if wait {
		res = ctrl.Result{RequeueAfter: time.Minute}
		err = r.Update(ctx, cm)
	}
	return res, err // want `a Result that asks for a requeue is returned`
}

// Twin: a duration that is zero on every path.
func (r *Reconciler) zeroDuration(ctx context.Context, cm *corev1.ConfigMap, x bool) (ctrl.Result, error) {
	var d time.Duration
	if x {
		d = 0
	}
	return ctrl.Result{RequeueAfter: d}, r.Update(ctx, cm)
}

// A duration that is not provably zero counts as set.
func (r *Reconciler) maybeDuration(ctx context.Context, cm *corev1.ConfigMap, x bool) (ctrl.Result, error) {
	var d time.Duration
	if x {
		d = r.Interval
	}
	return ctrl.Result{RequeueAfter: d}, r.Update(ctx, cm) // want `a Result with RequeueAfter set is returned`
}

// An error that is never nil.
func (r *Reconciler) made(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if cm.Data == nil {
		return ctrl.Result{RequeueAfter: time.Minute}, fmt.Errorf("configmap %s has no data", cm.Name) // want `a Result with RequeueAfter set is returned`
	}
	return ctrl.Result{}, nil
}

// Twin: an unknown Result from a helper is not guessed at.
func (r *Reconciler) delegate(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	res, err := r.step(ctx, cm, false)
	if err != nil {
		return res, err
	}
	return res, nil
}

// Named results and a bare return: reported at the statement, no fix.
func (r *Reconciler) named(ctx context.Context, cm *corev1.ConfigMap) (res ctrl.Result, err error) {
	res.RequeueAfter = time.Minute
	err = r.Update(ctx, cm)
	return // want `a Result that asks for a requeue is returned`
}

// A reconcile.Func literal spelling the type reconcile.Result.
func newFunc() reconcile.Reconciler {
	return reconcile.Func(func(ctx context.Context, req reconcile.Request) (reconcile.Result, error) {
		if req.Name == "" {
			return reconcile.Result{RequeueAfter: time.Second}, fmt.Errorf("empty name") // want `a Result with RequeueAfter set is returned`
		}
		return reconcile.Result{RequeueAfter: time.Second}, nil // twin
	})
}

// IgnoreNotFound(err) != nil: err is non-nil in the branch.
func (r *Reconciler) ignored(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if err := r.Delete(ctx, cm); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{Requeue: true}, err // want `a Result with Requeue set is returned`
	}
	return ctrl.Result{}, nil
}

// Other result shapes are not reconcile results.
func (r *Reconciler) other(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, bool, error) {
	return ctrl.Result{RequeueAfter: time.Minute}, true, r.Update(ctx, cm)
}

// A helper that returns either a delay or an error, forwarded as is: the
// Result is zero whenever the error is set. Twin.
func (r *Reconciler) wait(ctx context.Context, cm *corev1.ConfigMap) (time.Duration, error) {
	if err := r.Update(ctx, cm); err != nil {
		return 0, err
	}
	if cm.Data == nil {
		return time.Minute, nil
	}
	return 0, nil
}

func (r *Reconciler) forwards(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if d, err := r.wait(ctx, cm); err != nil || d > 0 {
		return ctrl.Result{RequeueAfter: d}, err
	}
	return ctrl.Result{}, nil
}

// A helper that returns a delay together with an error: forwarding both
// loses the delay.
func (r *Reconciler) waitBoth(ctx context.Context, cm *corev1.ConfigMap) (time.Duration, error) {
	if err := r.Get(ctx, client.ObjectKeyFromObject(cm), cm); err != nil {
		return 10 * time.Second, client.IgnoreNotFound(err)
	}
	return 0, nil
}

func (r *Reconciler) forwardsBoth(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if d, err := r.waitBoth(ctx, cm); err != nil || d > 0 {
		return ctrl.Result{RequeueAfter: d}, err // want `a Result with RequeueAfter set is returned`
	}
	return ctrl.Result{}, nil
}

// With a defer, SSA returns through result slots.
func (r *Reconciler) deferred(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{RequeueAfter: r.Interval}, err // want `a Result with RequeueAfter set is returned`
	}
	return ctrl.Result{RequeueAfter: r.Interval}, nil // twin
}

var errNextLoop = errors.New("next loop")

// Twin: a helper that signals its caller with a sentinel error; its only
// caller returns the Result without the error.
func (r *Reconciler) inner(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	if cm.Data == nil {
		return ctrl.Result{RequeueAfter: time.Second}, errNextLoop
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) outer(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	res, err := r.inner(ctx, cm)
	if errors.Is(err, errNextLoop) {
		return res, nil
	}
	if err != nil {
		return ctrl.Result{}, err
	}
	return res, nil
}

// Twin: the deferred patch may turn the nil into an error, and then error
// backoff is what the reconciler wants.
func (r *Reconciler) deferredPatch(ctx context.Context, cm *corev1.ConfigMap) (_ ctrl.Result, reterr error) {
	defer func() {
		if err := r.Update(ctx, cm); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	if cm.Labels["busy"] == "true" {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// The deferred patch captures the error, but the return itself hands over
// a failed Create with the Result.
func (r *Reconciler) deferredPatchErr(ctx context.Context, cm *corev1.ConfigMap) (_ ctrl.Result, reterr error) {
	defer func() {
		if err := r.Update(ctx, cm); err != nil {
			reterr = errors.Join(reterr, err)
		}
	}()
	if err := r.Create(ctx, &corev1.Secret{}); err != nil {
		return ctrl.Result{RequeueAfter: time.Second}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
	}
	return ctrl.Result{}, nil
}

// Every assignment of err is followed by a return when it is non-nil: at
// the end it is nil on every path, so the Result is honoured.
func (r *Reconciler) checkedAll(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	var err error
	err = r.Update(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	err = r.Status().Update(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// The bad twin: the last assignment is not tested.
func (r *Reconciler) lastUnchecked(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	err := r.Update(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	err = r.Status().Update(ctx, cm)
	return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
}

// One assignment on a branch: err merges two definitions, each tested on
// the path it comes in by, so it is nil at the end (spark-operator's
// scheduled application reconcile).
func (r *Reconciler) mergedChecked(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	err := r.Update(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["tz"] != "" {
		_, err = time.LoadLocation(cm.Data["tz"])
		if err != nil {
			return ctrl.Result{}, nil
		}
	}
	if err := r.Status().Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err
}

// The bad twin: the branch's definition is not tested.
func (r *Reconciler) mergedUnchecked(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	err := r.Update(ctx, cm)
	if err != nil {
		return ctrl.Result{}, err
	}
	if cm.Data["tz"] != "" {
		_, err = time.LoadLocation(cm.Data["tz"])
	}
	return ctrl.Result{RequeueAfter: time.Minute}, err // want `a Result with RequeueAfter set is returned with an error that may be non-nil`
}
