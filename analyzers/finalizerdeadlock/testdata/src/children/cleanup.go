package children

import (
	"context"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/helpers"
)

const ownedBy = "example.com/owned-by"

type ParentReconciler struct {
	client.Client
}

func childKey(req ctrl.Request) types.NamespacedName {
	return types.NamespacedName{Namespace: req.Namespace, Name: req.Name + "-child"}
}

// The catalogue's shape: a switch whose default (child terminating) waits.
func (r *ParentReconciler) cleanupSwitch(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	child := &corev1.ConfigMap{}
	err := r.Get(ctx, childKey(req), child)
	switch {
	case apierrors.IsNotFound(err):
		return ctrl.Result{}, nil
	case err != nil:
		return ctrl.Result{}, err
	case child.GetDeletionTimestamp().IsZero():
		controllerutil.RemoveFinalizer(child, ownedBy)
		if err := r.Update(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Delete(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Second}, nil
	default:
		return ctrl.Result{RequeueAfter: time.Second}, nil // want `child is terminating on this path, but finalizer "example.com/owned-by" is removed from it only when it is not`
	}
}

// Twin: the terminating child gets its finalizer removed too.
func (r *ParentReconciler) cleanupSwitchOK(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	child := &corev1.ConfigMap{}
	err := r.Get(ctx, childKey(req), child)
	switch {
	case apierrors.IsNotFound(err):
		return ctrl.Result{}, nil
	case err != nil:
		return ctrl.Result{}, err
	case child.GetDeletionTimestamp().IsZero():
		controllerutil.RemoveFinalizer(child, ownedBy)
		if err := r.Update(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		return ctrl.Result{RequeueAfter: time.Second}, r.Delete(ctx, child)
	default:
		controllerutil.RemoveFinalizer(child, ownedBy)
		return ctrl.Result{RequeueAfter: time.Second}, r.Update(ctx, child)
	}
}

// if/else form, the deletion timestamp read as a field.
func (r *ParentReconciler) cleanupIf(ctx context.Context, key types.NamespacedName) error {
	var child corev1.Secret
	if err := r.Get(ctx, key, &child); err != nil {
		return client.IgnoreNotFound(err)
	}
	if child.DeletionTimestamp == nil {
		controllerutil.RemoveFinalizer(&child, ownedBy)
		if err := r.Update(ctx, &child); err != nil {
			return err
		}
		return r.Delete(ctx, &child)
	}
	return nil // want `child is terminating on this path, but finalizer "example.com/owned-by" is removed`
}

// Twin: the standard pattern for the controller's own object.
func (r *ParentReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var obj corev1.ConfigMap
	if err := r.Get(ctx, req.NamespacedName, &obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if obj.DeletionTimestamp.IsZero() {
		if controllerutil.AddFinalizer(&obj, ownedBy) {
			return ctrl.Result{}, r.Update(ctx, &obj)
		}
		return ctrl.Result{}, nil
	}
	if _, err := r.cleanupSwitchOK(ctx, req); err != nil {
		return ctrl.Result{}, err
	}
	controllerutil.RemoveFinalizer(&obj, ownedBy)
	return ctrl.Result{}, r.Update(ctx, &obj)
}

// Helpers of the same package: a deletion test and a removal wrapper.
func isTerminating(o metav1.Object) bool {
	return o.GetDeletionTimestamp() != nil
}

func (r *ParentReconciler) release(ctx context.Context, o client.Object) error {
	controllerutil.RemoveFinalizer(o, ownedBy)
	return r.Update(ctx, o)
}

func (r *ParentReconciler) cleanupLocalHelpers(ctx context.Context, key types.NamespacedName) (ctrl.Result, error) {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, child); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if isTerminating(child) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil // want `child is terminating on this path, but its finalizer is removed from it only when it is not`
	}
	if err := r.release(ctx, child); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, r.Delete(ctx, child)
}

// Twin: the helper removes the finalizer on the terminating side.
func (r *ParentReconciler) cleanupLocalHelpersOK(ctx context.Context, key types.NamespacedName) (ctrl.Result, error) {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, child); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if err := r.release(ctx, child); err != nil {
		return ctrl.Result{}, err
	}
	if isTerminating(child) {
		return ctrl.Result{RequeueAfter: time.Minute}, nil
	}
	return ctrl.Result{}, r.Delete(ctx, child)
}

// Helpers of another package.
func (r *ParentReconciler) cleanupOtherPackage(ctx context.Context, key types.NamespacedName) error {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, child); err != nil {
		return client.IgnoreNotFound(err)
	}
	if !helpers.Terminating(child) {
		if err := helpers.Release(ctx, r.Client, child, ownedBy); err != nil {
			return err
		}
		return r.Delete(ctx, child)
	}
	return nil // want `child is terminating on this path`
}

// Twin: the helper from another package also runs when terminating.
func (r *ParentReconciler) cleanupOtherPackageOK(ctx context.Context, key types.NamespacedName) error {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, child); err != nil {
		return client.IgnoreNotFound(err)
	}
	if helpers.Terminating(child) {
		return helpers.Release(ctx, r.Client, child, ownedBy)
	}
	if err := helpers.Release(ctx, r.Client, child, ownedBy); err != nil {
		return err
	}
	return r.Delete(ctx, child)
}

// The object re-fetched into a new variable by the same key before the
// finalizer is removed: still the same object.
func (r *ParentReconciler) cleanupRefetch(ctx context.Context, key types.NamespacedName) error {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, child); err != nil {
		return err
	}
	if !child.DeletionTimestamp.IsZero() {
		return nil // want `latest is terminating on this path`
	}
	latest := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, latest); err != nil {
		return err
	}
	controllerutil.RemoveFinalizer(latest, ownedBy)
	if err := r.Update(ctx, latest); err != nil {
		return err
	}
	return r.Delete(ctx, latest)
}

// A loop over children: the terminating ones are skipped for good.
func (r *ParentReconciler) cleanupChildren(ctx context.Context, ns string) (ctrl.Result, error) {
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range list.Items {
		child := &list.Items[i]
		if child.GetDeletionTimestamp() != nil { // want `when child is terminating, finalizer "example.com/owned-by" is never removed from it`
			continue
		}
		controllerutil.RemoveFinalizer(child, ownedBy)
		if err := r.Update(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		if err := r.Delete(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
	}
	if len(list.Items) > 0 {
		return ctrl.Result{RequeueAfter: time.Second}, nil
	}
	return ctrl.Result{}, nil
}

// Twin: in the loop the terminating children lose the finalizer too.
func (r *ParentReconciler) cleanupChildrenOK(ctx context.Context, ns string) (ctrl.Result, error) {
	var list corev1.ConfigMapList
	if err := r.List(ctx, &list, client.InNamespace(ns)); err != nil {
		return ctrl.Result{}, err
	}
	for i := range list.Items {
		child := &list.Items[i]
		controllerutil.RemoveFinalizer(child, ownedBy)
		if err := r.Update(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
		if child.GetDeletionTimestamp() != nil {
			continue
		}
		if err := r.Delete(ctx, child); err != nil {
			return ctrl.Result{}, err
		}
	}
	return ctrl.Result{}, nil
}

// Twin: the terminating side hands the child to code we cannot see into.
func (r *ParentReconciler) cleanupCallback(ctx context.Context, key types.NamespacedName, onTerminating func(client.Object) error) error {
	child := &corev1.ConfigMap{}
	if err := r.Get(ctx, key, child); err != nil {
		return err
	}
	if child.DeletionTimestamp != nil {
		return onTerminating(child)
	}
	controllerutil.RemoveFinalizer(child, ownedBy)
	return r.Update(ctx, child)
}
