package webhooks // want package:`^added\("assigned" by fixtures/webhooks; "gadget" by fixtures/webhooks; "unkeyed" by fixtures/webhooks; "widget.apps.example.com" by fixtures/webhooks\)$`

// As korifi's controllers/webhooks/finalizer, this package registers the
// finalizer each kind gets on create: names in the FinalizerName field of
// descriptor.FinalizerDescriptor literals, which the shared webhook gives
// to AddFinalizer.

import (
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
	"fixtures/descriptor"
)

func always(client.Object) bool { return true }

func NewFinalizerWebhook() *descriptor.FinalizerWebhook {
	return descriptor.NewFinalizerWebhook(map[string]descriptor.FinalizerDescriptor{
		"Widget": {FinalizerName: api.WidgetFinalizer, SetPolicy: always}, // want `finalizer name "widget.apps.example.com" \(the finalizer name descriptor.FinalizerDescriptor's FinalizerName holds\) is not domain-qualified: .* rename it to "apps.example.com/widget"`
		"Gadget": {FinalizerName: "gadget", Description: "gadget"},        // want `finalizer name "gadget" \(the finalizer name descriptor.FinalizerDescriptor's FinalizerName holds\) is not domain-qualified`
		// Twins: a qualified name; a description is no name.
		"Doodad": {FinalizerName: api.GoodFinalizer, Description: "doodad"},
	})
}

// A descriptor filled field by field, and one without keys.
func Descriptors() []descriptor.FinalizerDescriptor {
	var d descriptor.FinalizerDescriptor
	d.FinalizerName = "assigned" // want `finalizer name "assigned" \(the finalizer name descriptor.FinalizerDescriptor's FinalizerName holds\) is not domain-qualified`
	d.Description = "assigned description"
	return []descriptor.FinalizerDescriptor{d, {"unkeyed", nil, "unkeyed description"}} // want `finalizer name "unkeyed" \(the finalizer name descriptor.FinalizerDescriptor's FinalizerName holds\)`
}
