package loggederrors

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	logf "sigs.k8s.io/controller-runtime/pkg/log"
)

// A leftover's Get fails with another error than NotFound, which is only
// logged; the reconcile goes on to other writes and returns success
// several statements later: the cleanup is skipped all the same.
func (r *Reconciler) leftoverThenWrites(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	old := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name + "-old"}, old); err != nil {
		if !apierrors.IsNotFound(err) {
			log.Error(err, "looking up the old secret") // want `the error of Get is only logged, then leftoverThenWrites returns success without the Delete its success branch makes of what it reads`
		}
	} else {
		log.Info("deleting the old secret")
		if err := r.Delete(ctx, old); err != nil {
			return ctrl.Result{}, err
		}
	}
	cm.Data = map[string]string{"migrated": "true"}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	cm.Labels = map[string]string{"migration": "done"}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// Twin: the error is logged and kept, and returned after the other
// writes: the reconcile is retried.
func (r *Reconciler) leftoverKept(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	var cleanupErr error
	old := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name + "-old"}, old); err != nil {
		if !apierrors.IsNotFound(err) {
			log.Error(err, "looking up the old secret")
			cleanupErr = err
		}
	} else if err := r.Delete(ctx, old); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"migrated": "true"}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, cleanupErr
}

// The same with the cleanup in a helper the success branch hands the
// object to.
func (r *Reconciler) leftoverHelper(ctx context.Context, cm *corev1.ConfigMap) (ctrl.Result, error) {
	log := logf.FromContext(ctx)
	old := &corev1.Secret{}
	if err := r.Get(ctx, client.ObjectKey{Namespace: cm.Namespace, Name: cm.Name + "-old"}, old); err != nil {
		if !apierrors.IsNotFound(err) {
			log.Error(err, "looking up the old secret") // want `the error of Get is only logged, then leftoverHelper returns success without the Delete its success branch makes of what it reads`
		}
	} else if err := r.removeOld(ctx, old); err != nil {
		return ctrl.Result{}, err
	}
	cm.Data = map[string]string{"migrated": "true"}
	if err := r.Update(ctx, cm); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

func (r *Reconciler) removeOld(ctx context.Context, s *corev1.Secret) error {
	logf.FromContext(ctx).Info("deleting the old secret", "name", s.Name)
	return client.IgnoreNotFound(r.Delete(ctx, s))
}
