// Package backend reconciles the generic form of the clusters, for the
// controllers of each provider's kind (cluster-api's CAPD backends).
package backend

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const Finalizer = "infra.example.com/cluster"

type Reconciler struct{ client.Client }

// ReconcileDelete cleans up, then removes the finalizer from the generic
// form; the caller copies it back into its own object and patches that.
func (r *Reconciler) ReconcileDelete(ctx context.Context, generic *appsv1.StatefulSet) (ctrl.Result, error) {
	controllerutil.RemoveFinalizer(generic, Finalizer)
	return ctrl.Result{}, nil
}

// ReconcileNormal works on the generic form.
func (r *Reconciler) ReconcileNormal(ctx context.Context, generic *appsv1.StatefulSet) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}
