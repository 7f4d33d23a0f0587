package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestEventCalls checks the table of event recorders against client-go:
// each row's method exists, with its event type and reason parameters
// where the row says (client-go names them eventtype and reason); every
// exported type of the recorders' packages with an Event, Eventf or
// AnnotatedEventf method is in the table; and controller-runtime's
// recorder (mgr.GetEventRecorder) resolves to a row.
func TestEventCalls(t *testing.T) {
	const cr = "sigs.k8s.io/controller-runtime/pkg/recorder"
	byPath := loadTypes(t, "k8s.io/client-go/tools/record", "k8s.io/client-go/tools/events", cr)
	// The internal package is reached through the alias tools/events declares.
	alias := byPath["k8s.io/client-go/tools/events"].Scope().Lookup("EventRecorder").Type()
	internal := types.Unalias(alias).(*types.Named).Obj().Pkg()
	pkgs := map[string]*types.Package{
		"k8s.io/client-go/tools/record": byPath["k8s.io/client-go/tools/record"],
		"k8s.io/client-go/tools/events": byPath["k8s.io/client-go/tools/events"],
		internal.Path():                 internal,
	}
	for _, r := range knowledge.EventCalls() {
		pkg := pkgs[r.Pkg]
		if pkg == nil {
			t.Errorf("%+v: unknown package", r)
			continue
		}
		tn, ok := pkg.Scope().Lookup(r.Recv).(*types.TypeName)
		if !ok {
			t.Errorf("%+v: no such type", r)
			continue
		}
		m, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, r.Method)
		fn, ok := m.(*types.Func)
		if !ok {
			t.Errorf("%+v: no such method", r)
			continue
		}
		ps := fn.Signature().Params()
		if r.Type >= ps.Len() || ps.At(r.Type).Name() != "eventtype" || r.Reason >= ps.Len() || ps.At(r.Reason).Name() != "reason" {
			t.Errorf("%+v: parameters are %v", r, ps)
		}
		// The action index is there exactly when the method takes one.
		action := -1
		for i := range ps.Len() {
			if ps.At(i).Name() == "action" {
				action = i
			}
		}
		if r.Action != action {
			t.Errorf("%+v: Action is %d, the action parameter is %d", r, r.Action, action)
		}
		// Strict: only the events recorder's own interfaces, the
		// internal package's (the fakes and record's adapter are not).
		if r.Strict != (r.Pkg == internal.Path()) {
			t.Errorf("%+v: Strict is %v", r, r.Strict)
		}
		if got, ok := knowledge.EventMethod(fn); !ok || got != r {
			t.Errorf("EventMethod(%v) = %+v, %v", fn, got, ok)
		}
	}
	for path, pkg := range pkgs {
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || !tn.Exported() {
				continue
			}
			for _, m := range []string{"Event", "Eventf", "AnnotatedEventf"} {
				obj, _, _ := types.LookupFieldOrMethod(tn.Type(), true, pkg, m)
				fn, ok := obj.(*types.Func)
				if !ok || fn.Pkg() != pkg {
					continue
				}
				// An embedded interface's method is its own (EventRecorderLogger's Event is EventRecorder's).
				if _, found := knowledge.EventMethod(fn); !found {
					t.Errorf("%s.%s.%s records an event and is not in the table", path, name, m)
				}
			}
		}
	}
	core := loadTypes(t, knowledge.EventTypesPkg)[knowledge.EventTypesPkg]
	for value, name := range knowledge.EventTypes {
		c, ok := core.Scope().Lookup(name).(*types.Const)
		if !ok || c.Val().ExactString() != `"`+value+`"` {
			t.Errorf("%s.%s is not the constant %q", knowledge.EventTypesPkg, name, value)
		}
	}
	method, _ := lookups(t, byPath)
	for _, m := range []string{"Eventf", "AnnotatedEventf"} {
		if r, ok := knowledge.EventMethod(method(cr, "EventRecorder", m)); !ok || r.Group != "events.k8s.io" || !r.Strict || r.Action < 0 {
			t.Errorf("EventMethod(recorder.EventRecorder.%s) = %+v, %v", m, r, ok)
		}
	}
}

// TestEventObjects looks the event kinds up in the real API packages.
func TestEventObjects(t *testing.T) {
	kinds := [][2]string{{"k8s.io/api/core/v1", "Event"}, {"k8s.io/api/events/v1", "Event"}, {"k8s.io/api/events/v1beta1", "Event"}}
	var paths []string
	for _, e := range kinds {
		paths = append(paths, e[0])
	}
	byPath := loadTypes(t, paths...)
	for _, e := range kinds {
		obj, ok := byPath[e[0]].Scope().Lookup(e[1]).(*types.TypeName)
		if !ok {
			t.Fatalf("%s.%s: no such type", e[0], e[1])
		}
		if !knowledge.EventObject(obj.Type()) || !knowledge.EventObject(types.NewPointer(obj.Type())) {
			t.Errorf("EventObject(%s.%s) = false", e[0], e[1])
		}
	}
	if pod, ok := byPath["k8s.io/api/core/v1"].Scope().Lookup("Pod").(*types.TypeName); !ok || knowledge.EventObject(pod.Type()) {
		t.Error("EventObject(Pod) = true")
	}
}

// TestRecorderCtors checks the events API recorders' constructors against
// the libraries: each row's method exists with its name parameter where
// the row says (client-go calls it reportingController or name,
// controller-runtime name), the manager's and the cluster's
// GetEventRecorder (embedded from recorder.Provider) resolve to a row, and
// the old recorder's constructors, whose name the API server does not
// check, do not.
func TestRecorderCtors(t *testing.T) {
	const (
		cr      = "sigs.k8s.io/controller-runtime/pkg/recorder"
		events  = "k8s.io/client-go/tools/events"
		record  = "k8s.io/client-go/tools/record"
		manager = "sigs.k8s.io/controller-runtime/pkg/manager"
		cluster = "sigs.k8s.io/controller-runtime/pkg/cluster"
	)
	byPath := loadTypes(t, cr, events, record, manager, cluster)
	method, _ := lookups(t, byPath)
	for _, r := range knowledge.RecorderCtors() {
		fn := method(r.Pkg, r.Recv, r.Method)
		ps := fn.Signature().Params()
		if r.Name >= ps.Len() || (ps.At(r.Name).Name() != "name" && ps.At(r.Name).Name() != "reportingController") {
			t.Errorf("%+v: parameters are %v", r, ps)
		}
		if i, ok := knowledge.RecorderNameArg(fn); !ok || i != r.Name {
			t.Errorf("RecorderNameArg(%v) = %d, %v", fn, i, ok)
		}
	}
	for _, pkg := range []string{manager, cluster} {
		typ := map[string]string{manager: "Manager", cluster: "Cluster"}[pkg]
		if i, ok := knowledge.RecorderNameArg(method(pkg, typ, "GetEventRecorder")); !ok || i != 0 {
			t.Errorf("RecorderNameArg(%s.%s.GetEventRecorder) = %d, %v", pkg, typ, i, ok)
		}
		if _, ok := knowledge.RecorderNameArg(method(pkg, typ, "GetEventRecorderFor")); ok {
			t.Errorf("RecorderNameArg(%s.%s.GetEventRecorderFor) is a row: the old recorder's name is not checked", pkg, typ)
		}
	}
	if _, ok := knowledge.RecorderNameArg(method(record, "EventBroadcaster", "NewRecorder")); ok {
		t.Error("RecorderNameArg(record.EventBroadcaster.NewRecorder) is a row: the old recorder's name is not checked")
	}
	if _, ok := knowledge.RecorderNameArg(method(events, "EventBroadcasterAdapter", "DeprecatedNewLegacyRecorder")); ok {
		t.Error("RecorderNameArg(DeprecatedNewLegacyRecorder) is a row: the old recorder's name is not checked")
	}
}

// TestRecorderNameProblem: names the API server takes as reportingController
// (kubebuilder's, a domain-prefixed one, one of the longest sure to fit)
// and names it rejects (spaces, two slashes, an upper-case or empty
// prefix, a name part over 63 characters, empty, and a qualified name so
// long that reportingInstance exceeds 128 characters whatever the host).
func TestRecorderNameProblem(t *testing.T) {
	long := strings.Repeat("a", 63)
	prefix := strings.Repeat("b", 63) + "." + strings.Repeat("c", 63)
	for name, want := range map[string]string{
		"guestbook-controller":               "",
		"example.com/guestbook":              "",
		"Guestbook_Controller.v1":            "",
		long:                                 "",
		strings.Repeat("d", 62) + "/" + long: "", // 126 characters: fits with a one-character host
		"guestbook controller":               "not a qualified name (name part must consist of alphanumeric characters",
		"example.com/guestbook/controller":   "not a qualified name (a valid label key must consist of",
		"Example.com/guestbook":              "not a qualified name (prefix part a lowercase RFC 1123 subdomain",
		"/guestbook":                         "not a qualified name (prefix part must be non-empty",
		long + "b":                           "not a qualified name (name part must be no more than 63 bytes",
		"":                                   "not a qualified name (name part must be non-empty",
		"guestbook-":                         "not a qualified name (name part must consist of",
		prefix + "/" + long:                  "too long (191 characters): reportingInstance",
		strings.Repeat("e", 64) + "/" + long: "too long (128 characters): reportingInstance",
	} {
		got := knowledge.RecorderNameProblem(name)
		if want == "" && got != "" || want != "" && !strings.HasPrefix(got, want) {
			t.Errorf("RecorderNameProblem(%q) = %q, want prefix %q", name, got, want)
		}
		if strings.Contains(got, "regex") || strings.Contains(got, "e.g.") {
			t.Errorf("RecorderNameProblem(%q) = %q: the regular expression is left in", name, got)
		}
	}
}
