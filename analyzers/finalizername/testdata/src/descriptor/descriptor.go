// Package descriptor is a shared package of the module, as korifi's
// tools/k8s and controllers/workloads/k8sns: its helpers take finalizer
// names in a struct field and in a generic type's constructor, and the
// packages that give them the names see that through facts.
package descriptor

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// FinalizerDescriptor says which finalizer the webhook adds to a kind, as
// korifi's k8s.FinalizerDescriptor.
type FinalizerDescriptor struct {
	FinalizerName string
	SetPolicy     func(client.Object) bool
	// Description is the twin: a string field that is no finalizer name.
	Description string
}

// FinalizerWebhook adds, on create, the finalizer the descriptor of the
// object's kind names.
type FinalizerWebhook struct {
	registry map[string]FinalizerDescriptor
}

func NewFinalizerWebhook(registry map[string]FinalizerDescriptor) *FinalizerWebhook {
	return &FinalizerWebhook{registry: registry}
}

func (w *FinalizerWebhook) Default(obj client.Object, kind string) {
	if d, ok := w.registry[kind]; ok && (d.SetPolicy == nil || d.SetPolicy(obj)) {
		controllerutil.AddFinalizer(obj, d.FinalizerName)
		obj.SetAnnotations(map[string]string{"example.com/description": d.Description})
	}
}

// NamespaceFinalizer is generic, as korifi's k8sns.NamespaceFinalizer:
// its constructor keeps the name in an unexported field, which Ensure
// adds and Finalize tests and removes.
type NamespaceFinalizer[T any, PT interface {
	*T
	client.Object
}] struct {
	client        client.Client
	finalizerName string
	label         string
}

// NewNamespaceFinalizer takes the finalizer name, and the twin: a label
// key.
func NewNamespaceFinalizer[T any, PT interface {
	*T
	client.Object
}](c client.Client, finalizerName, label string) *NamespaceFinalizer[T, PT] {
	return &NamespaceFinalizer[T, PT]{client: c, finalizerName: finalizerName, label: label}
}

func (f *NamespaceFinalizer[T, PT]) Ensure(ctx context.Context, obj PT) error {
	obj.SetLabels(map[string]string{f.label: "managed"})
	if controllerutil.AddFinalizer(obj, f.finalizerName) {
		return f.client.Update(ctx, obj)
	}
	return nil
}

func (f *NamespaceFinalizer[T, PT]) Finalize(ctx context.Context, obj PT) error {
	if controllerutil.ContainsFinalizer(obj, f.finalizerName) && controllerutil.RemoveFinalizer(obj, f.finalizerName) {
		return f.client.Update(ctx, obj)
	}
	return nil
}
