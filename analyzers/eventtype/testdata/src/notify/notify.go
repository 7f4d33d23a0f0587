// Package notify is a helper package of the module: its callers in other
// packages see which parameters reach the recorder through facts.
package notify

import (
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Level is the module's own string type for event types.
type Level string

// LevelError is not a type the recorder accepts.
const LevelError Level = "Error"

// Emit records an event with the type and reason it is given.
func Emit(rec record.EventRecorder, obj runtime.Object, eventType, reason, msg string) {
	rec.Event(obj, eventType, reason, msg)
}

// Notifier records events at a level of its own type.
type Notifier struct {
	Rec record.EventRecorder
}

// Notify converts the level to the recorder's string.
func (n Notifier) Notify(obj runtime.Object, level Level, reason string) {
	n.Rec.Event(obj, string(level), reason, "")
}
