package deadreturn

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const ownedBy = "example.com/owned-by"

type ParentReconciler struct {
	client.Client
}

func key(req ctrl.Request, suffix string) types.NamespacedName {
	return types.NamespacedName{Namespace: req.Namespace, Name: req.Name + suffix}
}

// The terminating side's first return sits behind "if r.Delete(ctx,
// secret); err != nil" inside "if err == nil", the err of the Secret's
// Get: it cannot run, and the finding is reported at the return that does.
func (r *ParentReconciler) cleanup(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key(req, "-child"), child); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if child.GetDeletionTimestamp().IsZero() {
		controllerutil.RemoveFinalizer(child, ownedBy)
		if err := r.Update(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Delete(ctx, child)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, key(req, "-creds"), secret)
	if err == nil {
		if r.Delete(ctx, secret); err != nil {
			return ctrl.Result{}, nil
		}
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil // want `child is terminating on this path, but finalizer "example.com/owned-by" is removed from it only when it is not`
}

// Twin: the first return can run (the test does not decide err): the
// finding is reported there, as the first return of the terminating side.
func (r *ParentReconciler) cleanupForced(ctx context.Context, req ctrl.Request, force bool) (ctrl.Result, error) {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key(req, "-child"), child); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if child.GetDeletionTimestamp().IsZero() {
		controllerutil.RemoveFinalizer(child, ownedBy)
		if err := r.Update(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Delete(ctx, child)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, key(req, "-creds"), secret)
	if err == nil || force {
		if r.Delete(ctx, secret); err != nil {
			return ctrl.Result{}, nil // want `child is terminating on this path, but finalizer "example.com/owned-by" is removed from it only when it is not`
		}
	}
	return ctrl.Result{RequeueAfter: time.Second}, nil
}

// Twin: the terminating side's only return cannot run; otherwise it
// panics. It reaches no exit: not reported.
func (r *ParentReconciler) cleanupOnlyDead(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key(req, "-child"), child); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if child.GetDeletionTimestamp().IsZero() {
		controllerutil.RemoveFinalizer(child, ownedBy)
		if err := r.Update(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{}, r.Delete(ctx, child)
	}
	secret := &corev1.Secret{}
	err := r.Get(ctx, key(req, "-creds"), secret)
	if err == nil {
		if r.Delete(ctx, secret); err != nil {
			return ctrl.Result{}, nil
		}
	}
	panic("a terminating child is handled elsewhere")
}
