// Package retried shadows the error a retry or poll closure returns with
// the error of a refreshing read.
package retried

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/apimachinery/pkg/util/wait"
	"k8s.io/client-go/util/retry"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type Reconciler struct {
	client.Client
}

// On a conflict the object is refreshed, and the closure returns the
// conflict so that RetryOnConflict tries again.
func (r *Reconciler) conflict(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Update(ctx, cm)
		if apierrors.IsConflict(err) {
			latest := &corev1.ConfigMap{}
			if err := r.Get(ctx, key, latest); err == nil {
				cm.ResourceVersion = latest.ResourceVersion
			}
		}
		return err
	})
}

// The same with OnError and a test of the failure.
func (r *Reconciler) onError(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	return retry.OnError(retry.DefaultBackoff, apierrors.IsConflict, func() error {
		err := r.Update(ctx, cm)
		if err != nil {
			if err := r.Get(ctx, key, cm); err != nil {
				cm.Data = nil
			}
		}
		return err
	})
}

// A poll condition: the update's failure ends the poll, a refresh keeps it.
func (r *Reconciler) polled(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	return wait.PollUntilContextTimeout(ctx, 0, 0, true, func(ctx context.Context) (bool, error) {
		err := r.Update(ctx, cm)
		if apierrors.IsConflict(err) {
			if err := r.Get(ctx, key, cm); err == nil {
				return false, nil
			}
		}
		return err == nil, err
	})
}

func (r *Reconciler) backoff(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	return wait.ExponentialBackoffWithContext(ctx, retry.DefaultBackoff, func(ctx context.Context) (bool, error) {
		err := r.Update(ctx, cm)
		if err != nil {
			list := &corev1.ConfigMapList{}
			if err := r.List(ctx, list); err == nil && len(list.Items) > 0 {
				cm.ResourceVersion = list.Items[0].ResourceVersion
			}
		}
		return err == nil, err
	})
}

// Reported: in a retry closure, but what is dropped is a write's failure.
func (r *Reconciler) lostWrite(ctx context.Context, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Update(ctx, cm)
		if err == nil {
			if err := r.Create(ctx, &corev1.ConfigMap{}); err == nil { // want `err := declares a new err that hides the one read at line 83: when r.Create fails`
				cm.Data = nil
			}
		}
		return err
	})
}

// Reported: the refresh outside a retry closure.
func (r *Reconciler) notRetried(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	err := r.Update(ctx, cm)
	if apierrors.IsConflict(err) {
		if err := r.Get(ctx, key, cm); err == nil { // want `err := declares a new err that hides the one read at line 95: when r.Get fails`
			cm.Data = nil
		}
	}
	return err
}

// Reported: in a retry closure, a read that runs when the update
// succeeded: its failure is dropped and the closure returns nil.
func (r *Reconciler) afterSuccess(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() error {
		err := r.Update(ctx, cm)
		if err == nil {
			if err := r.Get(ctx, key, cm); err == nil { // want `err := declares a new err that hides the one read at line 108: when r.Get fails`
				cm.Data = nil
			}
		}
		return err
	})
}

// Reported, with its fix: a retry closure whose deferred status write
// replaces the error it returns, so a successful write ends the retry.
func (r *Reconciler) deferredInRetry(ctx context.Context, cm *corev1.ConfigMap, pod *corev1.Pod) error {
	return retry.RetryOnConflict(retry.DefaultRetry, func() (err error) {
		defer func() {
			err = r.Status().Update(ctx, pod) // want `assigns its own error to err, the error the function returns`
		}()
		return r.Update(ctx, cm)
	})
}

// The closure kept in a variable, then handed to the retrier.
func (r *Reconciler) stored(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	update := func() error {
		err := r.Update(ctx, cm)
		if apierrors.IsConflict(err) {
			if err := r.Get(ctx, key, cm); err != nil {
				cm.Data = nil
			}
		}
		return err
	}
	return retry.RetryOnConflict(retry.DefaultRetry, update)
}

// Reported: the same closure only called, never retried.
func (r *Reconciler) calledOnce(ctx context.Context, key types.NamespacedName, cm *corev1.ConfigMap) error {
	update := func() error {
		err := r.Update(ctx, cm)
		if apierrors.IsConflict(err) {
			if err := r.Get(ctx, key, cm); err != nil { // want `err := declares a new err that hides the one read at line 146: when r.Get fails`
				cm.Data = nil
			}
		}
		return err
	}
	return update()
}
