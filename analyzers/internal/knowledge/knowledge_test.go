package knowledge_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestReadsOnly looks the table's answers up on the real packages, so that
// a package path that moves (client-go's events.EventRecorder became an
// alias of an internal interface) shows here.
func TestReadsOnly(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps},
		"k8s.io/client-go/tools/events", "k8s.io/client-go/tools/record", "github.com/go-logr/logr", "reflect",
		"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil")
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	for _, p := range pkgs {
		byPath[p.PkgPath] = p.Types
	}
	method := func(pkg, typ, name string) *types.Func {
		t.Helper()
		obj := byPath[pkg].Scope().Lookup(typ)
		if obj == nil {
			t.Fatalf("%s.%s not found", pkg, typ)
		}
		m, _, _ := types.LookupFieldOrMethod(obj.Type(), true, byPath[pkg], name)
		fn, ok := m.(*types.Func)
		if !ok {
			t.Fatalf("%s.%s.%s not found", pkg, typ, name)
		}
		return fn
	}
	fun := func(pkg, name string) *types.Func {
		t.Helper()
		fn, ok := byPath[pkg].Scope().Lookup(name).(*types.Func)
		if !ok {
			t.Fatalf("%s.%s not found", pkg, name)
		}
		return fn
	}
	for _, c := range []struct {
		fn   *types.Func
		want bool
	}{
		{method("k8s.io/client-go/tools/events", "EventRecorder", "Eventf"), true},
		{method("k8s.io/client-go/tools/record", "EventRecorder", "Event"), true},
		{method("k8s.io/client-go/tools/record", "EventRecorder", "Eventf"), true},
		{method("github.com/go-logr/logr", "Logger", "Info"), true},
		{fun("reflect", "DeepEqual"), true},
		{fun("reflect", "ValueOf"), false}, // a Value can set what it points to
		{fun("sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "ContainsFinalizer"), true},
		{fun("sigs.k8s.io/controller-runtime/pkg/controller/controllerutil", "AddFinalizer"), false},
		{nil, false},
	} {
		if got := knowledge.ReadsOnly(c.fn); got != c.want {
			t.Errorf("ReadsOnly(%v) = %v, want %v", c.fn, got, c.want)
		}
	}
}
