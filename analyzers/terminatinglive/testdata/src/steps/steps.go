// Package steps holds reconcile steps in another package than the
// reconcilers: their facts say what they create, owned by which
// parameter, and whether they look at its deletion state.
package steps

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	"k8s.io/apimachinery/pkg/runtime"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"

	"fixtures/api"
)

// EnsureDeployment creates or updates the Deployment w owns.
func EnsureDeployment(ctx context.Context, c client.Client, s *runtime.Scheme, w *api.Widget) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	dep.Name, dep.Namespace = w.Name, w.Namespace
	_, err := controllerutil.CreateOrUpdate(ctx, c, dep, func() error {
		dep.Spec.Replicas = &w.Spec.Replicas
		return controllerutil.SetControllerReference(w, dep, s)
	})
	return ctrl.Result{}, err
}

// EnsureDeploymentWhileLive is EnsureDeployment that does nothing once w
// is terminating.
func EnsureDeploymentWhileLive(ctx context.Context, c client.Client, s *runtime.Scheme, w *api.Widget) (ctrl.Result, error) {
	if !w.DeletionTimestamp.IsZero() {
		return ctrl.Result{}, nil
	}
	return EnsureDeployment(ctx, c, s, w)
}
