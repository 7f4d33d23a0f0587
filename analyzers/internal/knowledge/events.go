package knowledge

import (
	"fmt"
	"go/types"
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"
)

// EventCall is a method of an event recorder that records one event:
// Type, Reason and Action are the indexes (without the receiver) of its
// event type, reason and action arguments (Action -1: the method takes
// none), Group the API group of the events it writes. Strict says the
// event reaches the API server as an events.k8s.io/v1 event made by
// client-go's events recorder, whose validation rejects an empty or too
// long reason or action (EventReasonMax, EventActionMax); an adapter that
// writes core events, or a fake, is not strict.
type EventCall struct {
	Pkg, Recv, Method    string
	Type, Reason, Action int
	Group                string
	Strict               bool
}

const (
	recordPkg         = "k8s.io/client-go/tools/record"
	eventsPkg         = "k8s.io/client-go/tools/events"
	internalEventsPkg = "k8s.io/client-go/tools/internal/events"
	crRecorderPkg     = "sigs.k8s.io/controller-runtime/pkg/recorder"
	eventsGroup       = "events.k8s.io"
	// EventTypesPkg declares the constants of EventTypes.
	EventTypesPkg = coreV1
)

// eventCalls are the recorders a manager hands out and their fakes. The
// old recorder (tools/record, mgr.GetEventRecorderFor) writes core events
// with (object, eventtype, reason, ...); the new one (tools/events, whose
// interfaces are aliases of an internal package's, mgr.GetEventRecorder)
// writes events.k8s.io events with (regarding, related, eventtype,
// reason, action, ...); record's adapter takes the new one's arguments.
// Both drop an event whose type is not Normal or Warning
// (record/util.ValidateEventType).
//
// Only the new one's interfaces are Strict: record.EventRecorderAdapter
// hands the event to an old recorder, which discards the action
// (EventRecorderAdapter.Eventf) and writes a core event without an
// eventTime, which the API server does not check for a reason or action;
// the fakes send a string to a channel. The adapter's events are core
// ones: its Group is the core group, as the old recorder's, for the RBAC
// they need.
var eventCalls = []EventCall{
	{recordPkg, "EventRecorder", "Event", 1, 2, -1, "", false},
	{recordPkg, "EventRecorder", "Eventf", 1, 2, -1, "", false},
	{recordPkg, "EventRecorder", "AnnotatedEventf", 2, 3, -1, "", false},
	{recordPkg, "FakeRecorder", "Event", 1, 2, -1, "", false},
	{recordPkg, "FakeRecorder", "Eventf", 1, 2, -1, "", false},
	{recordPkg, "FakeRecorder", "AnnotatedEventf", 2, 3, -1, "", false},
	{recordPkg, "EventRecorderAdapter", "Eventf", 2, 3, 4, "", false},
	{recordPkg, "EventRecorderAdapter", "AnnotatedEventf", 3, 4, 5, "", false},
	{internalEventsPkg, "EventRecorder", "Eventf", 2, 3, 4, eventsGroup, true},
	{internalEventsPkg, "AnnotatedEventRecorder", "AnnotatedEventf", 3, 4, 5, eventsGroup, true},
	{eventsPkg, "FakeRecorder", "Eventf", 2, 3, 4, eventsGroup, false},
	{eventsPkg, "FakeRecorder", "AnnotatedEventf", 3, 4, 5, eventsGroup, false},
}

// The API server's limits on an events.k8s.io/v1 event, as
// kubernetes/kubernetes pkg/apis/core/validation/events.go declares them
// (ReportingInstanceLengthLimit, ActionLengthLimit, ReasonLengthLimit; the
// package is not importable). Its legacyValidateEvent checks them for
// every event with an eventTime, which client-go's events recorder always
// sets (tools/events recorderImpl.eventf): reportingController must be a
// qualified name, reportingInstance, action and reason non-empty and at
// most these lengths. The rejected create is logged ("Server rejected
// event (will not retry!)", tools/events recordEvent) and the event is
// dropped. A core event of the old recorder has no eventTime: none of
// this is checked for it.
const (
	ReportingInstanceMax = 128
	EventActionMax       = 128
	EventReasonMax       = 128
)

// RecorderCtor is a function or method that makes an events API recorder
// whose reportingController is its argument Name (index without the
// receiver).
type RecorderCtor struct {
	Pkg, Recv, Method string
	Name              int
}

// recorderCtors: controller-runtime's mgr.GetEventRecorder (declared by
// recorder.Provider, which cluster.Cluster and manager.Manager embed; its
// lazyRecorder calls the broadcaster's NewRecorder with the name),
// client-go's EventBroadcaster.NewRecorder(scheme, reportingController),
// which sets reportingInstance to reportingController + "-" + os.Hostname(),
// and EventBroadcasterAdapter.NewRecorder(name), which gives name to it
// when the cluster serves events.k8s.io/v1 (and falls back to an old
// recorder otherwise, on clusters older than 1.19). The old recorder's
// name (GetEventRecorderFor, record's NewRecorder) becomes a core event's
// source.component, which the API server does not check: no row.
var recorderCtors = []RecorderCtor{
	{crRecorderPkg, "Provider", "GetEventRecorder", 0},
	{eventsPkg, "EventBroadcaster", "NewRecorder", 1},
	{eventsPkg, "EventBroadcasterAdapter", "NewRecorder", 0},
}

// RecorderCtors returns the table of events API recorder constructors,
// for tests.
func RecorderCtors() []RecorderCtor { return recorderCtors }

// RecorderNameArg returns the argument of fn (index without the receiver)
// that names the events API recorder it makes (its reportingController).
func RecorderNameArg(fn *types.Func) (int, bool) {
	pkg, recv, ok := methodOf(fn)
	if !ok {
		return 0, false
	}
	for _, r := range recorderCtors {
		if r.Method == fn.Name() && r.Pkg == pkg && r.Recv == recv {
			return r.Name, true
		}
	}
	return 0, false
}

// RecorderNameProblem says why the API server rejects every event of an
// events API recorder named name, or returns "": the name is the events'
// reportingController, which must be a qualified name (the server checks
// it with IsQualifiedName, which is apimachinery's content.IsLabelKey),
// and reportingInstance is name + "-" + the host name, at most
// ReportingInstanceMax long: only a name too long with an empty host name
// is sure to fail, as the host name is not known here. The problem reads
// after "recorder name %q is ".
func RecorderNameProblem(name string) string {
	if errs := content.IsLabelKey(name); len(errs) > 0 {
		// The regular expression and examples that follow are for a
		// program's reader, not a message.
		msg, _, _ := strings.Cut(errs[0], " (e.g.")
		msg, _, _ = strings.Cut(msg, " (regex")
		return "not a qualified name (" + msg + ")"
	}
	if len(name)+len("-") > ReportingInstanceMax {
		return fmt.Sprintf("too long (%d characters): reportingInstance, the name, \"-\" and the host name, exceeds the %d characters the API server allows", len(name), ReportingInstanceMax)
	}
	return ""
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
	pkg, recv, ok := methodOf(fn)
	if !ok {
		return EventCall{}, false
	}
	for _, r := range eventCalls {
		if r.Method == fn.Name() && r.Pkg == pkg && r.Recv == recv {
			return r, true
		}
	}
	return EventCall{}, false
}

// methodOf returns the package path and receiver type name of the method
// fn (through a pointer).
func methodOf(fn *types.Func) (pkg, recv string, ok bool) {
	if fn == nil || fn.Pkg() == nil {
		return "", "", false
	}
	sig, ok := fn.Type().(*types.Signature)
	if !ok || sig.Recv() == nil {
		return "", "", false
	}
	t := types.Unalias(sig.Recv().Type())
	if p, isPtr := t.(*types.Pointer); isPtr {
		t = types.Unalias(p.Elem())
	}
	named, ok := t.(*types.Named)
	if !ok {
		return "", "", false
	}
	return fn.Pkg().Path(), named.Obj().Name(), true
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
