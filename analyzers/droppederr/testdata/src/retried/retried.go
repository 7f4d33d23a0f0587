package retried

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

const cleanupFinalizer = "example.com/cleanup"

type Reconciler struct {
	client.Client
}

// The status write of the retry fails for good (the retries exhausted,
// or an error other than a conflict): only logged, then success.
func (r *Reconciler) statusRetried(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var pod corev1.Pod
		if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
			return err
		}
		pod.Status.Message = "ready"
		return r.Status().Update(ctx, &pod)
	})
	if err != nil {
		log.Error(err, "updating the status") // want `the error of Status\(\).Update \(through RetryOnConflict\) is only logged, then statusRetried returns success: the failed write is not retried until the next event; return the error`
	}
	return ctrl.Result{}, nil
}

// retry.OnError with its own test of what to retry.
func (r *Reconciler) onError(ctx context.Context, pod *corev1.Pod) error {
	if err := retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		pod.Labels = map[string]string{"tier": "web"}
		return r.Update(ctx, pod)
	}); err != nil {
		logf.FromContext(ctx).Error(err, "labelling") // want `the error of Update \(through OnError\) is only logged, then onError returns success`
	}
	return nil
}

// The retry's error thrown away.
func (r *Reconciler) discarded(ctx context.Context, pod *corev1.Pod) (ctrl.Result, error) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error { // want `the error of Update \(through RetryOnConflict\) is discarded, then discarded returns success`
		return r.Update(ctx, pod)
	})
	return ctrl.Result{}, nil
}

// The function kept in a variable first, its write in a helper.
func (r *Reconciler) keptInVariable(ctx context.Context, pod *corev1.Pod) (ctrl.Result, error) {
	update := func() error {
		return r.writeStatus(ctx, pod)
	}
	if err := retry.RetryOnConflict(retry.DefaultRetry, update); err != nil {
		logf.FromContext(ctx).Error(err, "updating the status") // want `the error of writeStatus \(through RetryOnConflict\) is only logged, then keptInVariable returns success`
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) writeStatus(ctx context.Context, pod *corev1.Pod) error {
	pod.Status.Message = "ready"
	return r.Status().Update(ctx, pod)
}

// A Delete retried, then the finalizer removed.
func (r *Reconciler) finalize(ctx context.Context, pod *corev1.Pod, child *corev1.ConfigMap) (ctrl.Result, error) {
	if err := retry.OnError(retry.DefaultBackoff, apierrors.IsServerTimeout, func() error {
		return r.Delete(ctx, child)
	}); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the child") // want `the error of Delete \(through OnError\) is only logged, then finalizer "example.com/cleanup" is removed`
	}
	controllerutil.RemoveFinalizer(pod, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, pod)
}

// Twins, not reported.

// The retry's error returned.
func (r *Reconciler) statusRetriedOK(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		var pod corev1.Pod
		if err := r.Get(ctx, req.NamespacedName, &pod); err != nil {
			return err
		}
		pod.Status.Message = "ready"
		return r.Status().Update(ctx, &pod)
	})
	if err != nil {
		log.Error(err, "updating the status")
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// The retry's error returned as it is.
func (r *Reconciler) onErrorOK(ctx context.Context, pod *corev1.Pod) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		return r.Update(ctx, pod)
	})
}

// Thrown away on a path that fails anyway.
func (r *Reconciler) discardedOK(ctx context.Context, pod *corev1.Pod, cause error) (ctrl.Result, error) {
	_ = retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Update(ctx, pod)
	})
	return ctrl.Result{}, cause
}

// Logged, then a requeue: the write is tried again.
func (r *Reconciler) requeued(ctx context.Context, pod *corev1.Pod) (ctrl.Result, error) {
	if err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.Update(ctx, pod)
	}); err != nil {
		logf.FromContext(ctx).Error(err, "updating")
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// The retried function makes no client call: its error is no client
// error.
func (r *Reconciler) noClient(ctx context.Context, pod *corev1.Pod) (ctrl.Result, error) {
	if err := retry.OnError(retry.DefaultBackoff, func(error) bool { return true }, func() error {
		return validate(pod)
	}); err != nil {
		logf.FromContext(ctx).Error(err, "validating")
	}
	return ctrl.Result{}, nil
}

func validate(pod *corev1.Pod) error {
	if pod.Name == "" {
		return apierrors.NewBadRequest("no name")
	}
	return nil
}

// The retried function only reads, and nothing is done with what it read:
// a read logged before success is not a lost write.
func (r *Reconciler) readOnly(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var pod corev1.Pod
	if err := retry.OnError(retry.DefaultBackoff, apierrors.IsServerTimeout, func() error {
		return r.Get(ctx, req.NamespacedName, &pod)
	}); err != nil {
		logf.FromContext(ctx).Error(err, "reading")
	}
	return ctrl.Result{}, nil
}

// The Delete retried and its error returned before the removal.
func (r *Reconciler) finalizeOK(ctx context.Context, pod *corev1.Pod, child *corev1.ConfigMap) (ctrl.Result, error) {
	if err := retry.OnError(retry.DefaultBackoff, apierrors.IsServerTimeout, func() error {
		return r.Delete(ctx, child)
	}); client.IgnoreNotFound(err) != nil {
		logf.FromContext(ctx).Error(err, "deleting the child")
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(pod, cleanupFinalizer)
	return ctrl.Result{}, r.Update(ctx, pod)
}
