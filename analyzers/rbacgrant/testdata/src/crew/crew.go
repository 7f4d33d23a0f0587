package crew // want package:"needs\\(services:watch deployments.apps:get services:delete\\)"

// A second controller package, as in a multi-group project: its markers
// and those of package controller make one role.

import (
	"context"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

type ServiceReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=core,resources=services,verbs=get;list;watch

// Reconcile reads a Deployment, which package controller's markers grant,
// and deletes the Service, which no marker grants.
func (r *ServiceReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	dep := &appsv1.Deployment{}
	if err := r.Get(ctx, req.NamespacedName, dep); err != nil {
		return ctrl.Result{}, client.IgnoreNotFound(err)
	}
	svc := &corev1.Service{}
	svc.Name, svc.Namespace = req.Name, req.Namespace
	return ctrl.Result{}, r.Delete(ctx, svc)
}

func (r *ServiceReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Service{}).Complete(r)
}
