// Package notify is a helper package: its callers in other packages learn
// its parameters' roles through facts.
package notify

import (
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/manager"
)

// Kind is a string type of the module: conversions keep the value.
type Kind string

// Emit hands both strings to the old recorder.
func Emit(rec record.EventRecorder, obj runtime.Object, eventType, reason, msg string) { // want Emit:"params\\(eventType 2; eventReason 3\\)"
	rec.Event(obj, eventType, reason, msg)
}

// Notifier wraps the new recorder.
type Notifier struct {
	Rec events.EventRecorder
}

// Notify's type is a Kind, converted; its reason is given through emit,
// to the events API recorder, which the API server validates strictly.
func (n *Notifier) Notify(obj runtime.Object, kind Kind, reason string) { // want Notify:"params\\(eventType 1; eventReason 2; strictReason 2\\)"
	n.emit(obj, string(kind), reason)
}

// Act gives its action to the events API recorder, and its reason to the
// old one, which the API server does not check: a strict action, and a
// reason that is only a reason.
func (n *Notifier) Act(old record.EventRecorder, obj runtime.Object, reason, action string) { // want Act:"params\\(eventReason 2; strictAction 3\\)"
	n.Rec.Eventf(obj, nil, corev1.EventTypeNormal, "Acted", action, "")
	old.Event(obj, corev1.EventTypeNormal, reason, "")
}

// Recorder gives its name to the manager's events API recorder; its
// twin, OldRecorder, to the old one, whose name is not checked.
func Recorder(mgr manager.Manager, name string) events.EventRecorder { // want Recorder:"params\\(recorderName 1\\)"
	return mgr.GetEventRecorder(name)
}

// OldRecorder is the twin of Recorder.
func OldRecorder(mgr manager.Manager, name string) record.EventRecorder {
	return mgr.GetEventRecorderFor(name)
}

func (n *Notifier) emit(obj runtime.Object, typ, reason string) {
	n.Rec.Eventf(obj, nil, typ, reason, "Reconcile", "%s", reason)
}

// Warn passes its reason through Emit, declared in this package.
func Warn(rec record.EventRecorder, obj runtime.Object, reason string) { // want Warn:"params\\(eventReason 2\\)"
	Emit(rec, obj, corev1.EventTypeWarning, reason, "")
}

// Prefixed is the twin: the reason reaching the recorder is not the
// caller's.
func Prefixed(rec record.EventRecorder, obj runtime.Object, reason string) {
	rec.Event(obj, corev1.EventTypeNormal, "App"+reason, "")
}

// Later is the twin of a closure: the reason is captured, not passed.
func Later(rec record.EventRecorder, obj runtime.Object, reason string) func() {
	return func() { rec.Event(obj, corev1.EventTypeNormal, reason, "") }
}

// Message is the twin of a message: only the type and reason have roles.
func Message(rec record.EventRecorder, obj runtime.Object, format string) {
	rec.Eventf(obj, corev1.EventTypeNormal, "Done", format, fmt.Sprint(obj))
}
