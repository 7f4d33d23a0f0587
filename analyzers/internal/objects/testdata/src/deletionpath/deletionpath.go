// Package deletionpath asks where a terminating object passes before the
// deletion branch that removes its finalizer.
package deletionpath

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/probe"
)

const fin = "example.com/fin"

type R struct{ client.Client }

func (r *R) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.ConfigMap{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	probe.Skips() // want `before the deletion branch \(line 32\)`
	if app.Data["live"] == "true" {
		probe.Skips() // want `before the deletion branch \(line 32\)`
	}
	if !controllerutil.ContainsFinalizer(app, fin) {
		probe.Skips() // want `not before a deletion branch`
	}
	if !app.DeletionTimestamp.IsZero() {
		probe.Skips() // want `not before a deletion branch`
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	probe.Skips() // want `not before a deletion branch`
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}

// The deletion branch in a helper the reconcile returns through: its
// early part is on the terminating object's path too.
type Tail struct{ client.Client }

func (r *Tail) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	app := &corev1.Secret{}
	if err := r.Get(ctx, req.NamespacedName, app); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	probe.Skips() // want `no managed finalizer`
	return r.reconcile(ctx, app)
}

func (r *Tail) reconcile(ctx context.Context, app *corev1.Secret) (ctrl.Result, error) {
	probe.Skips() // want `before the deletion branch \(line 57\)`
	if app.DeletionTimestamp != nil {
		controllerutil.RemoveFinalizer(app, fin)
		return ctrl.Result{}, r.Update(ctx, app)
	}
	controllerutil.AddFinalizer(app, fin)
	return ctrl.Result{}, r.Update(ctx, app)
}
