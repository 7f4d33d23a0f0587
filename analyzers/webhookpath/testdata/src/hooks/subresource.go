package hooks

import (
	"context"

	ctrl "sigs.k8s.io/controller-runtime"
	"sigs.k8s.io/controller-runtime/pkg/webhook/admission"

	v1 "fixtures/api/v1"
)

// Markers that name the Task by its status subresource (cloudfoundry/korifi,
// controllers/webhooks/workloads/tasks/defaulter.go: resources=cftasks/status
// on the CFTask defaulter, which defaults status fields). For a status
// request the API server sends the whole object, which decodes as a Task.
// +kubebuilder:webhook:path=/mutate-batch-tutorial-example-com-v1-task,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=tasks/status,verbs=create;update,versions=v1,name=mtask.kb.io,admissionReviewVersions={v1,v1beta1}
// +kubebuilder:webhook:path=/mutate-batch-tutorial-example-com-v1-task,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=tasks/*,verbs=update,versions=v1,name=mtask-all.kb.io,admissionReviewVersions=v1
// +kubebuilder:webhook:path=/validate-batch-tutorial-example-com-v1-task,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=*/status,verbs=update,versions=v1,name=vtask-status.kb.io,admissionReviewVersions=v1

// Twins: the scale subresource sends a Scale, and the status of another
// kind another object; neither decodes as a Task.
// want +1 `^this marker calls the defaulting webhook of v1.Task \(/mutate-batch-tutorial-example-com-v1-task\), but its rules name groups=batch.tutorial.example.com, versions=v1, resources=tasks/scale, not the kind's group "batch.tutorial.example.com", version v1 and resource tasks: the API server never sends it the objects it admits, and what it sends fails to decode; name the kind in the rules \(groups=batch.tutorial.example.com, versions=v1, resources=tasks\)$`
// +kubebuilder:webhook:path=/mutate-batch-tutorial-example-com-v1-task,mutating=true,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=tasks/scale,verbs=update,versions=v1,name=mtask-scale.kb.io,admissionReviewVersions=v1
// want +1 `^this marker calls the validating webhook of v1.Task \(/validate-batch-tutorial-example-com-v1-task\), but its rules name groups=batch.tutorial.example.com, versions=v1, resources=widgets/status, not the kind's`
// +kubebuilder:webhook:path=/validate-batch-tutorial-example-com-v1-task,mutating=false,failurePolicy=fail,sideEffects=None,groups=batch.tutorial.example.com,resources=widgets/status,verbs=update,versions=v1,name=vwidget-status.kb.io,admissionReviewVersions=v1

// TaskDefaulter fills a Task's status on creation.
type TaskDefaulter struct{ memoryMB int64 }

// SetupWebhookWithManager registers the Task's webhooks.
func (d *TaskDefaulter) SetupWebhookWithManager(mgr ctrl.Manager) error {
	return ctrl.NewWebhookManagedBy(mgr, &v1.Task{}).
		WithDefaulter(d).
		WithValidator(taskValidator{}).
		Complete()
}

// Default gives the Task a sequence number and its memory.
func (d *TaskDefaulter) Default(ctx context.Context, task *v1.Task) error {
	if task.Status.SequenceID != 0 {
		return nil
	}
	task.Status.SequenceID = 1
	task.Status.MemoryMB = d.memoryMB
	return nil
}

type taskValidator struct{}

func (taskValidator) ValidateCreate(ctx context.Context, obj *v1.Task) (admission.Warnings, error) {
	return nil, nil
}

func (taskValidator) ValidateUpdate(ctx context.Context, oldObj, newObj *v1.Task) (admission.Warnings, error) {
	return nil, nil
}

func (taskValidator) ValidateDelete(ctx context.Context, obj *v1.Task) (admission.Warnings, error) {
	return nil, nil
}
