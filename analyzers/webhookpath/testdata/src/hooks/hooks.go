// Package hooks sets up the webhooks of the fixtures' kinds, as
// kubebuilder v4 lays them out (internal/webhook/v1).
package hooks

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	v1 "fixtures/api/v1"
)

// The defaulting marker matches the path served.
// +kubebuilder:webhook:path=/mutate-batch-tutorial-example-com-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=mcronjob-v1.kb.io,admissionReviewVersions=v1

// The validating marker kept the version of an older API.
// want +1 `^this webhook marker calls path /validate-batch-tutorial-example-com-v1alpha1-cronjob, but controller-runtime serves the validating webhook of v1.CronJob \(hooks.go:\d+\) at /validate-batch-tutorial-example-com-v1-cronjob: the API server gets a 404 for every admission request; use path=/validate-batch-tutorial-example-com-v1-cronjob$`
// +kubebuilder:webhook:path=/validate-batch-tutorial-example-com-v1alpha1-cronjob,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=cronjobs,verbs=create;update,versions=v1,name=vcronjob-v1.kb.io,admissionReviewVersions=v1

// The group was misspelled when this marker was copied: the path is
// served, but the API server sends it other objects.
// want +1 `^this marker calls the defaulting webhook of v1.CronJob \(/mutate-batch-tutorial-example-com-v1-cronjob\), but its rules name groups=batch.tutorial.example.org, versions=v1, resources=cronjobs, not the kind's group "batch.tutorial.example.com", version v1 and resource cronjobs: the API server never sends it the objects it admits, and what it sends fails to decode; name the kind in the rules \(groups=batch.tutorial.example.com, versions=v1, resources=cronjobs\)$`
// +kubebuilder:webhook:path=/mutate-batch-tutorial-example-com-v1-cronjob,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.org,resources=cronjobs,verbs=delete,versions=v1,name=mcronjob-delete.kb.io,admissionReviewVersions=v1

// SetupCronJobWebhookWithManager registers the CronJob's webhooks.
func SetupCronJobWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &v1.CronJob{}).
		WithDefaulter(&cronJobDefaulter{}).
		WithValidator(&cronJobValidator{}).
		Complete()
}

type cronJobDefaulter struct{}

func (*cronJobDefaulter) Default(ctx context.Context, obj *v1.CronJob) error { return nil }

type cronJobValidator struct{}

func (*cronJobValidator) ValidateCreate(ctx context.Context, obj *v1.CronJob) (admission.Warnings, error) {
	return nil, nil
}

func (*cronJobValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *v1.CronJob) (admission.Warnings, error) {
	return nil, nil
}

func (*cronJobValidator) ValidateDelete(ctx context.Context, obj *v1.CronJob) (admission.Warnings, error) {
	return nil, nil
}

// A defaulting marker, but the Widget's chain has only a validator.
// want +1 `^this mutating webhook marker calls path /mutate-batch-tutorial-example-com-v1-widget, but the webhook builder of v1.Widget \(hooks.go:\d+\) registers no defaulting webhook`
// +kubebuilder:webhook:path=/mutate-batch-tutorial-example-com-v1-widget,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=widgets,verbs=create;update,versions=v1,name=mwidget-v1.kb.io,admissionReviewVersions=v1

// The validating marker names the custom path the chain sets.
// +kubebuilder:webhook:path=/validate-widgets,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=widgets,verbs=create;update,versions=v1,name=vwidget-v1.kb.io,admissionReviewVersions=v1

// SetupWidgetWebhookWithManager registers the Widget's validator at a
// custom path.
func SetupWidgetWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &v1.Widget{}).
		WithValidator(widgetValidator{}).
		WithValidatorCustomPath("/validate-widgets").
		Complete()
}

type widgetValidator struct{}

func (widgetValidator) ValidateCreate(ctx context.Context, obj *v1.Widget) (admission.Warnings, error) {
	return nil, nil
}

func (widgetValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *v1.Widget) (admission.Warnings, error) {
	return nil, nil
}

func (widgetValidator) ValidateDelete(ctx context.Context, obj *v1.Widget) (admission.Warnings, error) {
	return nil, nil
}

// A Pod webhook: the core group is "", so the path has two dashes.
// +kubebuilder:webhook:path=/mutate--v1-pod,mutating=true,failurePolicy=ignore,sideEffects=None,groups="",resources=pods,verbs=create,versions=v1,name=mpod.kb.io,admissionReviewVersions=v1

// SetupPodWebhookWithManager registers the Pods' defaulter.
func SetupPodWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &corev1.Pod{}).WithDefaulter(podDefaulter{}).Complete()
}

type podDefaulter struct{}

func (podDefaulter) Default(ctx context.Context, obj *corev1.Pod) error { return nil }

// Values the API server refuses.
// want +1 `^sideEffects=Some and admissionReviewVersions=v1beta2: the API server refuses this admissionregistration/v1 webhook \(sideEffects must be None or NoneOnDryRun, admissionReviewVersions must include v1 or v1beta1\), so the configuration is never applied; use sideEffects=None \(or NoneOnDryRun\) and admissionReviewVersions=v1$`
// +kubebuilder:webhook:path=/validate--v1-service,mutating=false,failurePolicy=fail,sideEffects=Some,groups="",resources=services,verbs=create,versions=v1,name=vpod.kb.io,admissionReviewVersions=v1beta2

// A path registered by hand is served.
// +kubebuilder:webhook:path=/validate-v1-configmap,mutating=false,failurePolicy=fail,sideEffects=None,groups="",resources=configmaps,verbs=create,versions=v1,name=vcm.kb.io,admissionReviewVersions=v1

// SetupConfigMapWebhook registers a handler by hand.
func SetupConfigMapWebhook(mgr ctrl.Manager, h admission.Handler) {
	mgr.GetWebhookServer().Register("/validate-v1-configmap", &admission.Webhook{Handler: h})
}
