// Package rewrapped re-wraps the error being returned in deferred
// functions.
package rewrapped

import (
	"context"
	"errors"
	"fmt"

	appsv1 "k8s.io/api/apps/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

var errPaused = errors.New("paused")

// Twins, not reported: the new value wraps the error being returned.

func (r *Reconciler) wrapped(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if retErr != nil {
			var statusErr *apierrors.StatusError
			if errors.As(retErr, &statusErr) {
				retErr = fmt.Errorf("deployment %s: %w", dep.Name, retErr)
			}
		}
	}()
	return r.Update(ctx, dep)
}

func (r *Reconciler) joined(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if errors.Is(retErr, errPaused) {
			retErr = errors.Join(errPaused, retErr)
		}
	}()
	return r.Update(ctx, dep)
}

func (r *Reconciler) handed(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		err := retErr
		if err != nil {
			var statusErr *apierrors.StatusError
			if errors.As(err, &statusErr) {
				retErr = fmt.Errorf("status %d: %w", statusErr.Status().Code, err)
			}
		}
	}()
	return r.Update(ctx, dep)
}

// The new value wraps a cause found in the error being returned: the
// failure is still there.
func (r *Reconciler) cause(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		var statusErr *apierrors.StatusError
		if errors.As(retErr, &statusErr) {
			retErr = fmt.Errorf("status %d: %w", statusErr.Status().Code, statusErr)
		}
	}()
	return r.Update(ctx, dep)
}

// The message of the error is kept, not its chain: computed from it, not
// reported.
func (r *Reconciler) message(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if retErr != nil {
			retErr = fmt.Errorf("deployment %s: %v", dep.Name, retErr)
		}
	}()
	return r.Update(ctx, dep)
}

// Reported: the cause comes from another error, the status write's.
func (r *Reconciler) otherCause(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		err := r.Status().Update(ctx, dep)
		var statusErr *apierrors.StatusError
		if errors.As(err, &statusErr) {
			retErr = fmt.Errorf("status %d: %w", statusErr.Status().Code, statusErr) // want `assigns its own error to retErr`
		}
	}()
	return r.Update(ctx, dep)
}

// Reported: the target is used whether errors.As found it or not (nil
// when it did not).
func (r *Reconciler) unguarded(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		var statusErr *apierrors.StatusError
		_ = errors.As(retErr, &statusErr)
		retErr = fmt.Errorf("status: %w", statusErr) // want `assigns its own error to retErr`
	}()
	return r.Update(ctx, dep)
}

// Reported: an unrelated error.
func (r *Reconciler) unrelated(ctx context.Context, dep *appsv1.Deployment) (retErr error) {
	defer func() {
		if retErr != nil {
			retErr = errPaused // want `assigns its own error to retErr`
		}
	}()
	return r.Update(ctx, dep)
}
