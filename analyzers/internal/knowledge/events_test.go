package knowledge_test

import (
	"go/types"
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
		if r, ok := knowledge.EventMethod(method(cr, "EventRecorder", m)); !ok || r.Group != "events.k8s.io" {
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
