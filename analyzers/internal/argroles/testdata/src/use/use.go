// Package use calls the helpers of another package of the module.
package use

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/finalizers"
	"fixtures/notify"
)

// Event hands its type to notify.Emit: a role through another package's fact.
func Event(rec record.EventRecorder, obj runtime.Object, t string) { // want Event:"params\\(eventType 2\\)"
	notify.Emit(rec, obj, t, "Synced", "")
}

// Finalize hands its name to finalizers.Through.
func Finalize(obj client.Object, name string) bool { // want Finalize:"params\\(finalizerName 1\\)"
	return finalizers.Through(obj, "", name)
}

// Twin is silent: the first parameter of Through has no role.
func Twin(obj client.Object, name string) bool {
	return finalizers.Through(obj, name, "example.com/x")
}

func unexported(rec record.EventRecorder, obj runtime.Object, reason string) {
	notify.Warn(rec, obj, reason)
}

var _ = unexported

// Register puts its name in a finalizers.Descriptor, whose field's fact
// says where it goes; its description, the twin, goes nowhere of a role.
func Register(name, description string) *finalizers.Webhook { // want Register:"params\\(finalizerName 0\\)"
	return finalizers.NewWebhook(map[string]finalizers.Descriptor{
		"Widget": {Name: name, Description: description},
	})
}
