package controller // want package:`cleanups\(api.Born at good.go:\d+, api.Bucket at bad.go:28, api.Defaulted at good.go:\d+, api.Forgot at bad.go:82, api.Held at good.go:\d+, api.Helped at good.go:\d+, api.Kept at good.go:\d+, api.Remote at cleanup.go:18, api.Step at bad.go:43\)`

// Package controller holds the reconcilers: bad.go those whose deletion
// branch waits for a deletion nothing holds, good.go their twins.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
	"fixtures/cleanup"
)

// BucketReconciler deletes the bucket's ConfigMap when the bucket is
// deleted; but no Bucket ever gets a finalizer, so the branch never runs.
type BucketReconciler struct{ client.Client }

func (r *BucketReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	b := &api.Bucket{}
	if err := r.Get(ctx, req.NamespacedName, b); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !b.DeletionTimestamp.IsZero() {
		cm := &corev1.ConfigMap{ObjectMeta: metav1.ObjectMeta{Namespace: b.Namespace, Name: b.Name + "-index"}}
		return ctrl.Result{}, client.IgnoreNotFound(r.Delete(ctx, cm))
	}
	return ctrl.Result{}, nil
}

// StepReconciler hands deletion to a (Result, error) step.
type StepReconciler struct{ client.Client }

func (r *StepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	s := &api.Step{}
	if err := r.Get(ctx, req.NamespacedName, s); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if s.GetDeletionTimestamp() != nil {
		return r.finalize(ctx, s)
	}
	return ctrl.Result{}, nil
}

func (r *StepReconciler) finalize(ctx context.Context, s *api.Step) (ctrl.Result, error) {
	secret := &corev1.Secret{ObjectMeta: metav1.ObjectMeta{Namespace: s.Namespace, Name: s.Name + "-token"}}
	if err := r.Delete(ctx, secret); client.IgnoreNotFound(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// RemoteReconciler's deletion branch is in package cleanup.
type RemoteReconciler struct{ client.Client }

func (r *RemoteReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	rm := &api.Remote{}
	if err := r.Get(ctx, req.NamespacedName, rm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if done, err := cleanup.HandleDeletion(ctx, r.Client, rm); done || err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ForgotReconciler removes a finalizer at the end of its cleanup, but
// never adds it.
type ForgotReconciler struct{ client.Client }

const forgotFinalizer = "example.com/forgot"

func (r *ForgotReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	f := &api.Forgot{}
	if err := r.Get(ctx, req.NamespacedName, f); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !f.DeletionTimestamp.IsZero() {
		if err := r.DeleteAllOf(ctx, &corev1.ConfigMap{}, client.InNamespace(f.Namespace), client.MatchingLabels{"forgot": f.Name}); err != nil {
			return ctrl.Result{}, err
		}
		controllerutil.RemoveFinalizer(f, forgotFinalizer)
		return ctrl.Result{}, r.Update(ctx, f)
	}
	return ctrl.Result{}, nil
}

// IgnoredReconciler has Bucket's bug, under a directive at its branch.
type IgnoredReconciler struct{ client.Client }

func (r *IgnoredReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	o := &api.Ignored{}
	if err := r.Get(ctx, req.NamespacedName, o); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	//reconcilecheck:ignore cleanupnofinalizer the objects are created by a tool that adds the finalizer
	if !o.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, r.DeleteAllOf(ctx, &corev1.ConfigMap{}, client.InNamespace(o.Namespace))
	}
	return ctrl.Result{}, nil
}
