package events

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// fail records a failure in a file that does not import core/v1 yet.
func fail(rec record.EventRecorder, obj runtime.Object) {
	rec.Event(obj, "Error", "Failed", "failed") // want `"Error" is not an event type`
}
