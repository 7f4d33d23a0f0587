package certs // want package:"needs\\(validatingwebhookconfigurations.admissionregistration.k8s.io:watch secrets:update\\)"

import (
	"context"

	admissionv1 "k8s.io/api/admissionregistration/v1"
	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Reconciler injects CA bundles; its binary's role is written by hand
// except for secrets, which a marker grants in part.
type Reconciler struct {
	client.Client
}

// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get

func (r *Reconciler) Reconcile(ctx context.Context, req ctrl.Request) (ctrl.Result, error) {
	return ctrl.Result{}, r.Update(ctx, &corev1.Secret{})
}

func (r *Reconciler) SetupWithManager(mgr ctrl.Manager) error {
	return ctrl.NewControllerManagedBy(mgr).For(&admissionv1.ValidatingWebhookConfiguration{}).Complete(r)
}
