package controller

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// ReaderReconciler reads a Secret: through the cache it needs list and
// watch, through a client whose cache skips Secrets only get.
type ReaderReconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=core,resources=namespaces,verbs=get;list;watch

func (r *ReaderReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&corev1.Namespace{}).Complete(r)
}

func (r *ReaderReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Get(ctx, client.ObjectKey{Namespace: req.Name, Name: "config"}, &corev1.Secret{})
}
