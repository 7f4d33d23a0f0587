package knowledge

import (
	"go/types"
)

// EventCall is a method of an event recorder that records one event:
// Type and Reason are the indexes (without the receiver) of its event
// type and reason arguments, Group the API group of the events it writes.
type EventCall struct {
	Pkg, Recv, Method string
	Type, Reason      int
	Group             string
}

const (
	recordPkg         = "k8s.io/client-go/tools/record"
	eventsPkg         = "k8s.io/client-go/tools/events"
	internalEventsPkg = "k8s.io/client-go/tools/internal/events"
	eventsGroup       = "events.k8s.io"
	// EventTypesPkg declares the constants of EventTypes.
	EventTypesPkg = coreV1
)

// eventCalls are the recorders a manager hands out and their fakes. The
// old recorder (tools/record, mgr.GetEventRecorderFor) writes core events
// with (object, eventtype, reason, ...); the new one (tools/events, whose
// interfaces are aliases of an internal package's, mgr.GetEventRecorder)
// writes events.k8s.io events with (regarding, related, eventtype,
// reason, ...), as record's adapter of it does. Both drop an event whose
// type is not Normal or Warning (record/util.ValidateEventType).
var eventCalls = []EventCall{
	{recordPkg, "EventRecorder", "Event", 1, 2, ""},
	{recordPkg, "EventRecorder", "Eventf", 1, 2, ""},
	{recordPkg, "EventRecorder", "AnnotatedEventf", 2, 3, ""},
	{recordPkg, "FakeRecorder", "Event", 1, 2, ""},
	{recordPkg, "FakeRecorder", "Eventf", 1, 2, ""},
	{recordPkg, "FakeRecorder", "AnnotatedEventf", 2, 3, ""},
	{recordPkg, "EventRecorderAdapter", "Eventf", 2, 3, eventsGroup},
	{recordPkg, "EventRecorderAdapter", "AnnotatedEventf", 3, 4, eventsGroup},
	{internalEventsPkg, "EventRecorder", "Eventf", 2, 3, eventsGroup},
	{internalEventsPkg, "AnnotatedEventRecorder", "AnnotatedEventf", 3, 4, eventsGroup},
	{eventsPkg, "FakeRecorder", "Eventf", 2, 3, eventsGroup},
	{eventsPkg, "FakeRecorder", "AnnotatedEventf", 3, 4, eventsGroup},
}

// EventCalls returns the table of event recorders' methods, for tests.
func EventCalls() []EventCall { return eventCalls }

// EventTypes are the event types the recorders accept, with the names of
// their constants in EventTypesPkg (core/v1's EventTypeNormal and
// EventTypeWarning).
var EventTypes = map[string]string{"Normal": "EventTypeNormal", "Warning": "EventTypeWarning"}

// EventMethod reports whether fn is a method of an event recorder that
// records an event, and returns its row.
func EventMethod(fn *types.Func) (EventCall, bool) {
	if fn == nil || fn.Pkg() == nil {
		return EventCall{}, false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return EventCall{}, false
	}
	recv := types.Unalias(sig.Recv().Type())
	if p, isPtr := recv.(*types.Pointer); isPtr {
		recv = types.Unalias(p.Elem())
	}
	named, ok := recv.(*types.Named)
	if !ok {
		return EventCall{}, false
	}
	for _, r := range eventCalls {
		if r.Method == fn.Name() && r.Pkg == fn.Pkg().Path() && r.Recv == named.Obj().Name() {
			return r, true
		}
	}
	return EventCall{}, false
}

// EventGroup reports whether fn is a method of an event recorder that
// records an event, and the API group of the events it writes.
func EventGroup(fn *types.Func) (group string, ok bool) {
	r, ok := EventMethod(fn)
	return r.Group, ok
}

// eventObjects are the event kinds: records of what happened, which
// recorders write best effort (a failed write is logged and dropped).
var eventObjects = [][2]string{
	{coreV1, "Event"},
	{"k8s.io/api/events/v1", "Event"},
	{"k8s.io/api/events/v1beta1", "Event"},
}

// EventObject reports whether t (a pointer or not) is an event kind, whose
// write code may make best effort, as a recorder does.
func EventObject(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	for _, e := range eventObjects {
		if n.Obj().Pkg().Path() == e[0] && n.Obj().Name() == e[1] {
			return true
		}
	}
	return false
}
