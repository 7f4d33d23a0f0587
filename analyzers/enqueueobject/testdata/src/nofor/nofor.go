// Package nofor holds controllers without a For: each watched kind's
// requests are its own, which the reconcile fetches.
package nofor

import (
	"context"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/handler"
)

type WebhookReconciler struct {
	client.Client
}

func (r *WebhookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, nil
}

func (r *WebhookReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).
		Named("webhookconfiguration").
		Watches(&admissionregistrationv1.ValidatingWebhookConfiguration{}, &handler.EnqueueRequestForObject{}).
		Watches(&admissionregistrationv1.MutatingWebhookConfiguration{}, &handler.EnqueueRequestForObject{}).
		Complete(r)
}
