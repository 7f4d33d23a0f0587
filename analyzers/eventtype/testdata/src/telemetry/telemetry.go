// Package telemetry is the shape of ob-operator's internal/telemetry: an
// interface of the module that embeds client-go's recorder, implemented
// by a type that maps every event type to one the API accepts before
// delegating. A call through that interface reaches whatever implements
// it: nothing is claimed of its type argument.
package telemetry

import (
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
	crrecorder "sigs.k8s.io/controller-runtime/pkg/recorder"
)

// Recorder is the module's recorder.
type Recorder interface {
	record.EventRecorder
	Flush()
}

type recorder struct {
	record.EventRecorder
}

// NewRecorder wraps a client-go recorder.
func NewRecorder(r record.EventRecorder) Recorder { return &recorder{r} }

func (r *recorder) Event(obj runtime.Object, eventType, reason, message string) {
	r.EventRecorder.Event(obj, transform(eventType), reason, message)
}

func (r *recorder) Flush() {}

func transform(t string) string {
	if t == "Error" || t == corev1.EventTypeWarning {
		return corev1.EventTypeWarning
	}
	return corev1.EventTypeNormal
}

// Manager records through the module's interface: not reported.
type Manager struct {
	Recorder Recorder
	Raw      record.EventRecorder
}

// Sync records a "Started" and an "Error" event.
func (m *Manager) Sync(obj runtime.Object) {
	m.Recorder.Event(obj, "Started", "Sync", "syncing")
	m.Recorder.Eventf(obj, "Error", "Sync", "failed: %d", 1)
}

// SyncRaw records through client-go's own interface: reported.
func (m *Manager) SyncRaw(obj runtime.Object) {
	m.Raw.Event(obj, "Error", "Sync", "failed") // want `"Error" is not an event type the recorder accepts: client-go drops the event`
}

// Library records through controller-runtime's recorder interface, which
// embeds client-go's and whose implementations are the library's:
// reported.
type Library struct {
	Recorder crrecorder.EventRecorder
}

// Fail records an "Error" event.
func (l *Library) Fail(obj runtime.Object) {
	l.Recorder.Eventf(obj, nil, "Error", "Failed", "Sync", "failed") // want `"Error" is not an event type the recorder accepts`
}
