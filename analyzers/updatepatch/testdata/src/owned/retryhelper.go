package owned

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

var _ client.Object = &appsv1.Deployment{}

// Silent: the Update is in a helper that only the RetryOnConflict closure
// calls, and that re-reads the object on every attempt (chaos-mesh's abort
// reconciler): a conflict is retried at once with a fresh copy.
func (r *WebReconciler) pauseRetried(ctx context.Context, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.pause(ctx, key)
	})
}

func (r *WebReconciler) pause(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = true
	return r.Update(ctx, dep)
}

// Reported: the same helper is also called outside the retry.
func (r *WebReconciler) resumeRetried(ctx context.Context, key types.NamespacedName) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		return r.resume(ctx, key)
	})
}

func (r *WebReconciler) resumeNow(ctx context.Context, key types.NamespacedName) error {
	return r.resume(ctx, key)
}

func (r *WebReconciler) resume(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.Paused = false
	return r.Update(ctx, dep) // want `Update writes the whole v1.Deployment, whose status the deployment controller also writes`
}

// Silent: the retry goes through a wrapper of the package that hands its
// function to retry.OnError (the VictoriaMetrics operator's
// retryOnConflict).
func retryOnConflict(fn func() error) error {
	return retry.OnError(retry.DefaultRetry, isConflict, fn)
}

func isConflict(err error) bool { return err != nil }

func (r *WebReconciler) scaleWrapped(ctx context.Context, key types.NamespacedName) error {
	return retryOnConflict(func() error {
		return r.scale(ctx, key)
	})
}

func (r *WebReconciler) scale(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Spec.MinReadySeconds = 5
	return r.Update(ctx, dep)
}

// Reported: a wrapper that runs its function once is no retry.
func once(fn func() error) error { return fn() }

func (r *WebReconciler) labelOnce(ctx context.Context, key types.NamespacedName) error {
	return once(func() error {
		return r.label(ctx, key)
	})
}

func (r *WebReconciler) label(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, key, dep); err != nil {
		return err
	}
	dep.Labels = map[string]string{"tier": "web"}
	return r.Update(ctx, dep) // want `Update writes the whole v1.Deployment, whose status the deployment controller also writes`
}

// Silent: a hand-written conflict retry (openyurt's workload managers):
// each attempt reads the Deployment again, and a failed Update goes round
// again instead of failing the reconcile.
func (r *WebReconciler) pauseLoop(ctx context.Context, key types.NamespacedName) error {
	dep := &appsv1.Deployment{}
	var updateErr error
	for i := 0; i < 5; i++ {
		if err := r.Get(ctx, key, dep); err != nil {
			return err
		}
		dep.Spec.Paused = true
		updateErr = r.Update(ctx, dep)
		if updateErr == nil {
			break
		}
	}
	return updateErr
}

// Reported: a loop over several Deployments, each read and updated once;
// a failed Update ends the loop and fails the reconcile.
func (r *WebReconciler) pauseAll(ctx context.Context, keys []types.NamespacedName) error {
	for _, key := range keys {
		dep := &appsv1.Deployment{}
		if err := r.Get(ctx, key, dep); err != nil {
			return err
		}
		dep.Spec.Paused = true
		if err := r.Update(ctx, dep); err != nil { // want `Update writes the whole v1.Deployment`
			return err
		}
	}
	return nil
}
