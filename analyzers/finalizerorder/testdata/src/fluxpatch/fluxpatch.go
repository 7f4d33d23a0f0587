// Package fluxpatch writes its object as Flux's controllers do: a patch
// helper of github.com/fluxcd/pkg/runtime/patch is made when the
// reconcile starts, and a deferred Patch sends whatever the reconcile
// changed, the finalizer included. No client call writes the object.
package fluxpatch

import (
	"context"
	"errors"

	"github.com/fluxcd/pkg/runtime/patch"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const finalizer = "finalizers.example.com"

// Before adds the finalizer before it looks at the deletion state, as
// kustomize-controller did before 4c3495c: the deferred patch sends it.
type Before struct {
	client.Client
}

func (r *Before) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patcher := patch.NewSerialPatcher(obj, r.Client)
	defer func() {
		if err := patcher.Patch(ctx, obj); err != nil {
			retErr = errors.Join(retErr, err)
		}
	}()
	if !controllerutil.ContainsFinalizer(obj, finalizer) {
		controllerutil.AddFinalizer(obj, finalizer) // want `finalizer "finalizers.example.com" is added to obj, and written, before its deletion state is looked at`
		return ctrl.Result{Requeue: true}, nil
	}
	if !obj.DeletionTimestamp.IsZero() {
		return r.finalize(ctx, obj)
	}
	return ctrl.Result{}, nil
}

func (r *Before) finalize(ctx context.Context, obj *corev1.ConfigMap) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(obj, finalizer)
	return ctrl.Result{}, nil
}

// Summarized defers a helper of its own that patches through the
// helper (the shape of Flux's finalizeStatus): the same.
type Summarized struct {
	client.Client
}

func (r *Summarized) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	helper, err := patch.NewHelper(obj, r.Client)
	if err != nil {
		return ctrl.Result{}, err
	}
	defer func() {
		retErr = errors.Join(retErr, r.summarize(ctx, obj, helper))
	}()
	controllerutil.AddFinalizer(obj, finalizer) // want `finalizer "finalizers.example.com" is added to obj, and written, before its deletion state is looked at`
	if obj.DeletionTimestamp != nil {
		controllerutil.RemoveFinalizer(obj, finalizer)
	}
	return ctrl.Result{}, nil
}

func (r *Summarized) summarize(ctx context.Context, obj *corev1.ConfigMap, helper *patch.Helper) error {
	return helper.Patch(ctx, obj)
}

// After looks at the deletion state first, as kustomize-controller does
// since 4c3495c: not reported.
type After struct {
	client.Client
}

func (r *After) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	patcher := patch.NewSerialPatcher(obj, r.Client)
	defer func() {
		if err := patcher.Patch(ctx, obj); err != nil {
			retErr = errors.Join(retErr, err)
		}
	}()
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, finalizer)
		return ctrl.Result{}, nil
	}
	if !controllerutil.ContainsFinalizer(obj, finalizer) {
		controllerutil.AddFinalizer(obj, finalizer)
		return ctrl.Result{Requeue: true}, nil
	}
	return ctrl.Result{}, nil
}

// Late registers its deferred patch only after the path that adds the
// finalizer has returned: nothing sends that addition, so nothing is
// refused; not reported.
type Late struct {
	client.Client
}

func (r *Late) Reconcile(ctx context.Context, req ctrl.Request) (result ctrl.Result, retErr error) {
	obj := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, obj); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !controllerutil.ContainsFinalizer(obj, finalizer) {
		controllerutil.AddFinalizer(obj, finalizer)
		return ctrl.Result{Requeue: true}, nil
	}
	patcher := patch.NewSerialPatcher(obj, r.Client)
	defer func() {
		retErr = errors.Join(retErr, patcher.Patch(ctx, obj))
	}()
	if !obj.DeletionTimestamp.IsZero() {
		controllerutil.RemoveFinalizer(obj, finalizer)
	}
	return ctrl.Result{}, nil
}
