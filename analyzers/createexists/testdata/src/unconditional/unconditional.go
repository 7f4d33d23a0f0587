// Package unconditional creates children on every reconcile.
package unconditional

import (
	"context"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type JobReconciler struct {
	client.Client
}

// The Job is named after the request and created every time.
func (r *JobReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-dump", Namespace: req.Namespace}}
	if err := r.Create(ctx, job); err != nil { // want `Create of v1.Job with a fixed name \(not GenerateName\) runs on every reconcile with nothing looking it up first, and its error is returned: once it exists \(after the first success, or while the cache lags\) every reconcile fails with AlreadyExists and is retried for ever; Get it first and create it on NotFound, or use client.IgnoreAlreadyExists`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type ConstReconciler struct {
	client.Client
}

// A constant name.
func (r *ConstReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = "settings", req.Namespace
	return ctrl.Result{}, r.Create(ctx, cm) // want `Create of v1.ConfigMap named "settings", runs on every reconcile`
}

// Twins, not reported.

type LookedUp struct {
	client.Client
}

// Get first, create on NotFound.
func (r *LookedUp) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := &batchv1.Job{}
	err := r.Get(ctx, client.ObjectKey{Namespace: req.Namespace, Name: req.Name + "-dump"}, job)
	if apierrors.IsNotFound(err) {
		job = &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-dump", Namespace: req.Namespace}}
		return ctrl.Result{}, r.Create(ctx, job)
	}
	return ctrl.Result{}, err
}

type Ignored struct {
	client.Client
}

// AlreadyExists ignored.
func (r *Ignored) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-dump", Namespace: req.Namespace}}
	if err := r.Create(ctx, job); client.IgnoreAlreadyExists(err) != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

type Guarded struct {
	client.Client
}

// Created only while the status says it is not yet.
func (r *Guarded) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	cm := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, cm); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if cm.Annotations["job"] != "" {
		return ctrl.Result{}, nil
	}
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{Name: req.Name + "-dump", Namespace: req.Namespace}}
	return ctrl.Result{}, r.Create(ctx, job)
}

type Generated struct {
	client.Client
}

// GenerateName: a new name each time.
func (r *Generated) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	job := &batchv1.Job{ObjectMeta: metav1.ObjectMeta{GenerateName: req.Name + "-", Namespace: req.Namespace}}
	return ctrl.Result{}, r.Create(ctx, job)
}
