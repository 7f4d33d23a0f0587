package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
	logf "sigs.k8s.io/controller-runtime/pkg/log"

	"fixtures/api"
	"fixtures/finalizers"
)

// GuardedReconciler skips terminating objects: no cleanup waits there.
type GuardedReconciler struct{ client.Client }

func (r *GuardedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	g := &api.Guarded{}
	if err := r.Get(ctx, req.NamespacedName, g); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !g.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: g.Namespace, Name: g.Name}}
	return ctrl.Result{}, client.IgnoreAlreadyExists(r.Create(ctx, cm))
}

// LoggedReconciler only logs in its deletion branch.
type LoggedReconciler struct{ client.Client }

func (r *LoggedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	l := &api.Logged{}
	if err := r.Get(ctx, req.NamespacedName, l); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !l.DeletionTimestamp.IsZero() {
		logf.FromContext(ctx).Info("being deleted", "name", l.Name)
		return ctrl.Result{}, nil
	}
	return ctrl.Result{}, nil
}

// HeldReconciler cleans up; package holder adds the finalizer.
type HeldReconciler struct{ client.Client }

func (r *HeldReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	h := &api.Held{}
	if err := r.Get(ctx, req.NamespacedName, h); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !h.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.DeleteAllOf(ctx, &corev1.ConfigMap{}, client.InNamespace(h.Namespace))
	}
	return ctrl.Result{}, nil
}

// BornReconciler cleans up; package creator makes the objects with the
// finalizer.
type BornReconciler struct{ client.Client }

func (r *BornReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &api.Born{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !b.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(b.Namespace))
	}
	return ctrl.Result{}, nil
}

// HelpedReconciler adds its finalizer through package finalizers.
type HelpedReconciler struct{ client.Client }

func (r *HelpedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	h := &api.Helped{}
	if err := r.Get(ctx, req.NamespacedName, h); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !h.DeletionTimestamp.IsZero() {
		if err := r.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(h.Namespace)); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(h, "example.com/helped")
		return ctrl.Result{}, r.Update(ctx, h)
	}
	return ctrl.Result{}, finalizers.Ensure(ctx, r.Client, h, "example.com/helped")
}

// DefaultedReconciler cleans up; the webhook adds the finalizer.
type DefaultedReconciler struct{ client.Client }

func (r *DefaultedReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	d := &api.Defaulted{}
	if err := r.Get(ctx, req.NamespacedName, d); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !d.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(d.Namespace))
	}
	return ctrl.Result{}, nil
}

// KeptReconciler is BucketReconciler with the finalizer: added while
// the object lives, removed after the cleanup.
type KeptReconciler struct{ client.Client }

const keptFinalizer = "example.com/kept"

func (r *KeptReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	k := &api.Kept{}
	if err := r.Get(ctx, req.NamespacedName, k); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !k.DeletionTimestamp.IsZero() {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: k.Namespace, Name: k.Name + "-index"}}
		if err := client.IgnoreNotFound(r.Delete(ctx, cm)); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(k, keptFinalizer)
		return ctrl.Result{}, r.Update(ctx, k)
	}
	if controllerutil.AddFinalizer(k, keptFinalizer) {
		return ctrl.Result{}, r.Update(ctx, k)
	}
	return ctrl.Result{}, nil
}

// ServiceReconciler cleans up for a built-in kind: others may give it
// finalizers, so the check stays out.
type ServiceReconciler struct{ client.Client }

func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	svc := &corev1.Service{}
	if err := r.Get(ctx, req.NamespacedName, svc); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !svc.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.DeleteAllOf(ctx, &corev1.ConfigMap{}, client.InNamespace(svc.Namespace))
	}
	return ctrl.Result{}, nil
}
