// Package blindupdate holds the fixtures of the blindupdate check: bad.go
// the updates it reports, of objects built here and never read, each
// finding marked by a want comment on its line matching its message (see
// docs/adding-a-check.md), good.go the twins it must leave alone.
package blindupdate

import (
	"context"

	coordinationv1 "k8s.io/api/coordination/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
	"fixtures/helpers"
)

// BadReconciler updates Widgets it builds without ever giving them a
// resourceVersion.
type BadReconciler struct {
	client.Client
}

// buildChild returns a literal: a Widget built from nothing.
func (r *BadReconciler) buildChild(owner *api.Widget) *api.Widget {
	return &api.Widget{
		ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace},
		Spec:       api.WidgetSpec{Replicas: owner.Spec.Replicas},
	}
}

func childKey(owner *api.Widget) types.NamespacedName {
	return types.NamespacedName{Namespace: owner.Namespace, Name: owner.Name + "-child"}
}

// Reconcile reads ANOTHER variable, existing, and updates desired: the
// classic shape.
func (r *BadReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	owner := &api.Widget{}
	if err := r.Get(ctx, req.NamespacedName, owner); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	desired := r.buildChild(owner)
	existing := &api.Widget{}
	if err := r.Get(ctx, childKey(owner), existing); err != nil {
		return ctrl.Result{}, err
	}
	if existing.Spec == desired.Spec {
		return ctrl.Result{}, nil
	}
	if err := r.Update(ctx, desired); err != nil { // want `Update sends desired, a Widget built here and never read from the server, with no resourceVersion: the API server rejects it whenever the object exists \(422 "metadata.resourceVersion: Invalid value: 0: must be specified for an update"\); Get the object and change that copy, copy the resourceVersion of the one read \(desired.ResourceVersion = existing.ResourceVersion\), or use controllerutil.CreateOrUpdate, a Patch or server-side apply`
		return ctrl.Result{}, err
	}
	return ctrl.Result{}, nil
}

// ensure creates the child and, when it exists already, updates the
// object whose Create failed: nothing was decoded into it.
func (r *BadReconciler) ensure(ctx context.Context, owner *api.Widget) error {
	desired := r.buildChild(owner)
	if err := r.Create(ctx, desired); err != nil {
		if !apierrors.IsAlreadyExists(err) {
			return err
		}
		return r.Update(ctx, desired) // want `Update sends desired, a Widget built here`
	}
	return nil
}

// fromHelper updates a Widget another package builds.
func (r *BadReconciler) fromHelper(ctx context.Context, owner *api.Widget) error {
	w := helpers.NewWidget(owner.Namespace, owner.Name+"-child", 3)
	return r.Update(ctx, w) // want `Update sends w, a Widget built here`
}

// throughHelper has another package's helper update a literal.
func (r *BadReconciler) throughHelper(ctx context.Context, owner *api.Widget) error {
	w := &api.Widget{ObjectMeta: metav1.ObjectMeta{Name: owner.Name + "-child", Namespace: owner.Namespace}}
	w.Spec.Replicas = 2
	return helpers.SaveWidget(ctx, r.Client, w) // want `helpers.SaveWidget updates w, a Widget built here`
}

// save is this package's updater of what it is given.
func (r *BadReconciler) save(ctx context.Context, w *api.Widget) error {
	return r.Update(ctx, w)
}

// throughOwnHelper has it update a literal.
func (r *BadReconciler) throughOwnHelper(ctx context.Context, owner *api.Widget) error {
	return r.save(ctx, r.buildChild(owner)) // want `BadReconciler.save updates r.buildChild\(owner\), a Widget built here`
}

// markReady writes the status of a Widget built here: the status
// subresource's strategy is the custom resource's.
func (r *BadReconciler) markReady(ctx context.Context, owner *api.Widget) error {
	w := r.buildChild(owner)
	w.Status.Ready = true
	return r.Status().Update(ctx, w) // want `Update sends w, a Widget built here`
}

// renew updates a Lease built here: Lease's strategy requires a
// resourceVersion too.
func (r *BadReconciler) renew(ctx context.Context, ns string) error {
	lease := &coordinationv1.Lease{ObjectMeta: metav1.ObjectMeta{Name: "leader", Namespace: ns}}
	return r.Update(ctx, lease) // want `Update sends lease, a Lease built here`
}
