// Package v1alpha1 holds the admission webhooks of the guestbook API, laid
// out as kubebuilder v4 scaffolds them.
package v1alpha1

import (
	"context"
	"fmt"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	webappv1alpha1 "example.com/guestbook-operator/api/v1alpha1"
)

// SetupGuestbookWebhookWithManager registers the Guestbook's defaulting
// and validating webhooks with the manager.
func SetupGuestbookWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &webappv1alpha1.Guestbook{}).
		WithDefaulter(&GuestbookCustomDefaulter{}).
		WithValidator(&GuestbookCustomValidator{}).
		Complete()
}

// +kubebuilder:webhook:path=/mutate-webapp-example-com-v1alpha1-guestbook,mutating=true,failurePolicy=fail,sideEffects=None,groups=webapp.example.com,resources=guestbooks,verbs=create;update,versions=v1alpha1,name=mguestbook-v1alpha1.kb.io,admissionReviewVersions=v1

// GuestbookCustomDefaulter sets the defaults of a Guestbook.
type GuestbookCustomDefaulter struct{}

// Default gives a Guestbook without replicas one.
func (d *GuestbookCustomDefaulter) Default(_ context.Context, gb *webappv1alpha1.Guestbook) error {
	if gb.Spec.Replicas == nil {
		one := int32(1)
		gb.Spec.Replicas = &one
	}
	return nil
}

// The validating marker was copied from the defaulting one and its path
// left in the group's old spelling: the API server calls a path nobody
// serves.
// expect on the next line: webhookpath
// +kubebuilder:webhook:path=/validate-webapp-example-v1alpha1-guestbook,mutating=false,failurePolicy=fail,sideEffects=None,groups=webapp.example.com,resources=guestbooks,verbs=create;update,versions=v1alpha1,name=vguestbook-v1alpha1.kb.io,admissionReviewVersions=v1

// GuestbookCustomValidator validates a Guestbook.
type GuestbookCustomValidator struct{}

// ValidateCreate refuses a Guestbook without an image.
func (v *GuestbookCustomValidator) ValidateCreate(_ context.Context, gb *webappv1alpha1.Guestbook) (admission.Warnings, error) {
	return nil, validate(gb)
}

// ValidateUpdate refuses a Guestbook without an image.
func (v *GuestbookCustomValidator) ValidateUpdate(_ context.Context, _, gb *webappv1alpha1.Guestbook) (admission.Warnings, error) {
	return nil, validate(gb)
}

// ValidateDelete accepts every deletion.
func (v *GuestbookCustomValidator) ValidateDelete(context.Context, *webappv1alpha1.Guestbook) (admission.Warnings, error) {
	return nil, nil
}

func validate(gb *webappv1alpha1.Guestbook) error {
	if gb.Spec.Image == "" {
		return fmt.Errorf("spec.image must be set")
	}
	return nil
}
