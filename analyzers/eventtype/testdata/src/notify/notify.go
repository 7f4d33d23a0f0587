// Package notify is a helper package of the module: its callers in other
// packages see which parameters reach the recorder through facts.
package notify

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/manager"
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

// Act records with the events API recorder the reason and action it is
// given: the API server requires both.
func Act(rec events.EventRecorder, obj runtime.Object, reason, action string) {
	rec.Eventf(obj, nil, corev1.EventTypeNormal, reason, action, "")
}

// NewRecorder names the manager's events API recorder.
func NewRecorder(mgr manager.Manager, name string) events.EventRecorder {
	return mgr.GetEventRecorder(name)
}

// NewOldRecorder names the old recorder, whose name the API server does
// not check.
func NewOldRecorder(mgr manager.Manager, name string) record.EventRecorder {
	return mgr.GetEventRecorderFor(name)
}
