package controller

import (
	"context"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// WebhookReconciler injects CA bundles. It lives in the package of the
// main controllers, like mariadb-operator's, but only the cert command's
// manager starts it: the root manager is not charged for its needs.
// Its binary's role is written by hand except for secrets, which a marker
// grants in part.
type WebhookReconciler struct { // requests (wiring's fact): secrets:update validatingwebhookconfigurations.admissionregistration.k8s.io:watch
	client.Client
}

// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get

func (r *WebhookReconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Update(ctx, &corev1.Secret{})
}

func (r *WebhookReconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&admissionv1.ValidatingWebhookConfiguration{}).Complete(r)
}
