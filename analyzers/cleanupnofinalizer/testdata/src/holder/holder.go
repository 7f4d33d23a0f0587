// Package holder is another controller, which adds the Held objects'
// finalizer.
package holder

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
)

type HolderReconciler struct{ client.Client }

func (r *HolderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	h := &api.Held{}
	if err := r.Get(ctx, req.NamespacedName, h); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	if controllerutil.AddFinalizer(h, "example.com/held") {
		return ctrl.Result{}, r.Update(ctx, h)
	}
	return ctrl.Result{}, nil
}

func (r *HolderReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&api.Held{}).Named("holder").Complete(r)
}
