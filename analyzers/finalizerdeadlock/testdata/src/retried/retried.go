// Package retried holds a shape seen in a public operator: on the
// terminating side, the finalizer is removed inside a RetryOnConflict
// closure from a fresh copy of the same object, fetched again on every
// attempt; on the live side, it is removed from the fetched copy.
package retried

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/util/retry"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const fin = "example.com/cleanup"

type Reconciler struct{ client.Client }

// Reconcile removes the finalizer on both sides: silent.
func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !obj.DeletionTimestamp.IsZero() {
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			var fresh corev1.ConfigMap
			if err := r.Get(ctx, req.NamespacedName, &fresh); err != nil {
				return err
			}
			fresh.Finalizers = []string{}
			return r.Update(ctx, &fresh)
		})
		return ctrl.Result{}, err
	}
	if obj.Data["retired"] == "true" && controllerutil.RemoveFinalizer(&obj, fin) {
		return ctrl.Result{}, r.Update(ctx, &obj)
	}
	return ctrl.Result{}, nil
}

// SecretReconciler's retry closure on the terminating side only marks
// the object: the finalizer stays.
type SecretReconciler struct{ client.Client }

func (r *SecretReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj corev1.Secret
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !obj.DeletionTimestamp.IsZero() {
		err := retry.RetryOnConflict(retry.DefaultRetry, func() error {
			var fresh corev1.Secret
			if err := r.Get(ctx, req.NamespacedName, &fresh); err != nil {
				return err
			}
			fresh.Labels = map[string]string{"example.com/state": "deleting"}
			return r.Update(ctx, &fresh)
		})
		return ctrl.Result{}, err // want `obj is terminating on this path, but finalizer "example.com/cleanup" is removed from it only when it is not`
	}
	if obj.Labels["retired"] == "true" && controllerutil.RemoveFinalizer(&obj, fin) {
		return ctrl.Result{}, r.Update(ctx, &obj)
	}
	return ctrl.Result{}, nil
}
