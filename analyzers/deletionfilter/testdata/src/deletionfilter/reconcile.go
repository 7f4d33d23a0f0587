// Package deletionfilter holds the fixtures of the deletionfilter check:
// bad.go the update predicates that drop the update setting a Widget's
// deletion timestamp, each finding marked by a want comment, good.go the
// twins it must leave alone. Every reconciler here but those of
// nofinalizer.go reconciles Widgets through reconcileWidget, whose
// deletion branch removes the finalizer.
package deletionfilter

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
)

const finalizer = "example.com/cleanup"

func reconcileWidget(ctx context.Context, c client.Client, req ctrl.Request) (ctrl.Result, error) {
	w := &api.Widget{}
	if err := c.Get(ctx, req.NamespacedName, w); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if !w.DeletionTimestamp.IsZero() {
		return finalize(ctx, c, w)
	}
	if controllerutil.AddFinalizer(w, finalizer) {
		return ctrl.Result{}, c.Update(ctx, w)
	}
	return ctrl.Result{}, nil
}

// finalize is the deletion branch, in a helper.
func finalize(ctx context.Context, c client.Client, w *api.Widget) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(w, finalizer)
	return ctrl.Result{}, c.Update(ctx, w)
}
