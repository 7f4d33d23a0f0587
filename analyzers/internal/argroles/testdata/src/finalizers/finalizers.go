// Package finalizers gives its parameters where a finalizer's name goes.
package finalizers

import (
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Add gives its name to controllerutil.AddFinalizer.
func Add(obj client.Object, name string) bool { // want Add:"params\\(finalizerName 1\\)"
	return controllerutil.AddFinalizer(obj, name)
}

// Append lists its name in the object's finalizers.
func Append(obj client.Object, name string) { // want Append:"params\\(finalizerName 1\\)"
	obj.SetFinalizers(append(obj.GetFinalizers(), name))
}

// Through gives its name to Add, declared above.
func Through(obj client.Object, first, name string) bool { // want Through:"params\\(finalizerName 2\\)"
	return Add(obj, name)
}

// Qualified is the twin: it builds the name from its parameter.
func Qualified(obj client.Object, name string) bool {
	return controllerutil.AddFinalizer(obj, "example.com/"+name)
}

// Descriptor carries a finalizer name in a field, as korifi's
// k8s.FinalizerDescriptor: Webhook.Default reads it into AddFinalizer, so
// whatever a caller's literal puts there is a finalizer name.
type Descriptor struct {
	Name string // want Name:"field\\(finalizerName\\)"
	// Description is the twin: a string field read, but never where a
	// finalizer name goes.
	Description string
}

// Webhook adds the finalizer its descriptor for the kind names.
type Webhook struct {
	registry map[string]Descriptor
}

// NewWebhook keeps its registry for Default.
func NewWebhook(registry map[string]Descriptor) *Webhook {
	return &Webhook{registry: registry}
}

// Default reads the descriptor's name out of the map.
func (w *Webhook) Default(obj client.Object, kind string) {
	if d, ok := w.registry[kind]; ok {
		controllerutil.AddFinalizer(obj, d.Name)
		obj.SetAnnotations(map[string]string{"description": d.Description})
	}
}

// Keeper is generic, as korifi's k8sns.NamespaceFinalizer: its name is
// given to its constructor, kept in an unexported field (no fact: no other
// package can set it) and removed by Finalize.
type Keeper[T any, PT interface {
	*T
	client.Object
}] struct {
	name  string
	label string
}

// NewKeeper's name reaches RemoveFinalizer through the field; its label,
// the twin, reaches a label key.
func NewKeeper[T any, PT interface { // want NewKeeper:"params\\(finalizerName 0\\)"
	*T
	client.Object
}](name, label string) *Keeper[T, PT] {
	return &Keeper[T, PT]{name: name, label: label}
}

// Finalize removes the kept name.
func (k *Keeper[T, PT]) Finalize(obj PT) bool {
	obj.SetLabels(map[string]string{k.label: "finalized"})
	return controllerutil.RemoveFinalizer(obj, k.name)
}
