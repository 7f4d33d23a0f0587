// Package terminatinglive holds the fixtures of the terminatinglive check: bad.go the code it
// reports, each finding marked by a want comment on its line matching its
// message (see docs/adding-a-check.md), good.go the twins it must leave
// alone.
package terminatinglive

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
	"fixtures/steps"
)

// BadReconciler reads its Widget and always creates or updates the
// Deployment it owns, whether the Widget is terminating or not.
type BadReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	dep := &appsv1.Deployment{}
	dep.Name, dep.Namespace = w.Name, w.Namespace
	if _, err := controllerutil.CreateOrUpdate(ctx, r.Client, dep, func() error { // want `every reconcile of an existing Widget creates its Deployment, with no test of the Widget's deletion timestamp: during a foreground deletion`
		dep.Spec.Replicas = &w.Spec.Replicas
		return controllerutil.SetControllerReference(w, dep, r.Scheme)
	}); err != nil {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// BadStepReconciler creates its children through (Result, error) steps:
// its own for the Service, another package's for the Deployment.
type BadStepReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *BadStepReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	var w api.Widget
	if err := r.Get(ctx, req.NamespacedName, &w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if res, err := r.ensureService(ctx, &w); err != nil || !res.IsZero() { // want `every reconcile of an existing Widget creates its Service`
		return res, err
	}
	return steps.EnsureDeployment(ctx, r.Client, r.Scheme, &w)
}

func (r *BadStepReconciler) ensureService(ctx context.Context, w *api.Widget) (ctrl.Result, error) {
	svc := &corev1.Service{}
	svc.Name, svc.Namespace = w.Name, w.Namespace
	if err := ctrl.SetControllerReference(w, svc, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	if err := r.Create(ctx, svc); err != nil && !isAlreadyExists(err) {
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// BadOtherPackageReconciler creates its Deployment only through another
// package's step.
type BadOtherPackageReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *BadOtherPackageReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	return steps.EnsureDeployment(ctx, r.Client, r.Scheme, w) // want `every reconcile of an existing Widget creates its Deployment`
}

// BadDirectReconciler creates the ConfigMap it owns with a plain Create.
type BadDirectReconciler struct {
	client.Client
	Scheme *runtime.Scheme
}

func (r *BadDirectReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	cm := &corev1.ConfigMap{}
	cm.Name, cm.Namespace = w.Name, w.Namespace
	if err := controllerutil.SetControllerReference(w, cm, r.Scheme); err != nil {
		return ctrl.Result{}, err
	}
	err := r.Create(ctx, cm) // want `every reconcile of an existing Widget creates its ConfigMap`
	return ctrl.Result{}, client.IgnoreAlreadyExists(err)
}

func isAlreadyExists(err error) bool { return client.IgnoreAlreadyExists(err) == nil }
