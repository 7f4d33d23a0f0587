package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestPure looks every row of the table of pure functions up in the real
// packages: a row naming one function names one that exists, of its kind;
// a prefix matches at least one; and Pure finds it. The event recorders'
// methods come from EventGroup, controller-runtime's newer recorder
// (mgr.GetEventRecorder) included.
func TestPure(t *testing.T) {
	rows := knowledge.PureRows()
	seen := map[string]bool{}
	paths := []string{"sigs.k8s.io/controller-runtime/pkg/recorder", "k8s.io/client-go/tools/record", "reflect",
		"k8s.io/apimachinery/pkg/api/equality", "k8s.io/apimachinery/pkg/api/meta"}
	for _, r := range rows {
		if !seen[r.Pkg] {
			seen[r.Pkg] = true
			paths = append(paths, r.Pkg)
		}
	}
	byPath := loadTypes(t, paths...)
	for _, r := range rows {
		pkg := byPath[r.Pkg]
		if pkg == nil {
			t.Errorf("%+v: package not loaded", r)
			continue
		}
		fns := funcsOf(pkg, r.Kind)
		n := 0
		for _, fn := range fns {
			prefix, wild := strings.CutSuffix(r.Name, "*")
			if (wild && strings.HasPrefix(fn.Name(), prefix)) || fn.Name() == r.Name {
				n++
				if !knowledge.Pure(fn) {
					t.Errorf("%+v: Pure(%v) is false", r, fn)
				}
			}
		}
		if n == 0 {
			t.Errorf("%+v: no such function", r)
		}
	}
	method, fun := lookups(t, byPath)
	for _, c := range []struct {
		fn   *types.Func
		want bool
	}{
		{method("sigs.k8s.io/controller-runtime/pkg/recorder", "EventRecorder", "Eventf"), true},
		{method("sigs.k8s.io/controller-runtime/pkg/recorder", "EventRecorder", "AnnotatedEventf"), true},
		{method("k8s.io/client-go/tools/record", "EventRecorder", "Eventf"), true},
		{method("k8s.io/apimachinery/pkg/apis/meta/v1", "Time", "Before"), true},
		{method("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta", "SetLabels"), false},
		{fun("k8s.io/apimachinery/pkg/api/meta", "SetStatusCondition"), false},
		{fun("reflect", "DeepEqual"), false}, // not in the table: a comparison of the check's own
		{nil, false},
	} {
		if got := knowledge.Pure(c.fn); got != c.want {
			t.Errorf("Pure(%v) = %v, want %v", c.fn, got, c.want)
		}
	}
}

// TestDeepEqual looks the deep comparisons up in the real packages.
func TestDeepEqual(t *testing.T) {
	byPath := loadTypes(t, "reflect", "k8s.io/apimachinery/pkg/api/equality", "k8s.io/apimachinery/third_party/forked/golang/reflect")
	semantic, ok := byPath["k8s.io/apimachinery/pkg/api/equality"].Scope().Lookup("Semantic").(*types.Var)
	if !ok {
		t.Fatal("equality.Semantic not found")
	}
	ms := types.NewMethodSet(semantic.Type())
	for name, want := range map[string]bool{"DeepEqual": true, "DeepEqualWithNilDifferentFromEmpty": true, "DeepDerivative": false, "AddFunc": false} {
		sel := ms.Lookup(byPath["k8s.io/apimachinery/pkg/api/equality"], name)
		if sel == nil {
			t.Errorf("equality.Semantic has no method %s", name)
			continue
		}
		if got := knowledge.DeepEqual(sel.Obj().(*types.Func)); got != want {
			t.Errorf("DeepEqual(equality.Semantic.%s) = %v, want %v", name, got, want)
		}
	}
	r := byPath["reflect"].Scope()
	if !knowledge.DeepEqual(r.Lookup("DeepEqual").(*types.Func)) || knowledge.DeepEqual(r.Lookup("ValueOf").(*types.Func)) || knowledge.DeepEqual(nil) {
		t.Error("DeepEqual: reflect.DeepEqual, and not reflect.ValueOf")
	}
}

func TestEqual(t *testing.T) {
	paths := []string{"bytes", "maps", "slices", "github.com/google/go-cmp/cmp", "reflect"}
	byPath := loadTypes(t, paths...)
	for _, p := range paths[:4] {
		fn, ok := byPath[p].Scope().Lookup("Equal").(*types.Func)
		if !ok || !knowledge.Equal(fn) {
			t.Errorf("%s.Equal is an equality", p)
		}
	}
	if f, ok := byPath["bytes"].Scope().Lookup("Compare").(*types.Func); !ok || knowledge.Equal(f) {
		t.Error("bytes.Compare is no equality")
	}
	if !knowledge.Equal(byPath["reflect"].Scope().Lookup("DeepEqual").(*types.Func)) || knowledge.Equal(nil) {
		t.Error("Equal: reflect.DeepEqual, not nil")
	}
}

// funcsOf returns the package-level functions (kind Func), the methods of
// the package's named types (Method), or both (Any).
func funcsOf(pkg *types.Package, kind knowledge.Kind) []*types.Func {
	var out []*types.Func
	for _, n := range pkg.Scope().Names() {
		switch obj := pkg.Scope().Lookup(n).(type) {
		case *types.Func:
			if kind != knowledge.Method {
				out = append(out, obj)
			}
		case *types.TypeName:
			if kind == knowledge.Func {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(obj.Type()))
			if types.IsInterface(obj.Type()) {
				ms = types.NewMethodSet(obj.Type())
			}
			for sel := range ms.Methods() {
				if fn, ok := sel.Obj().(*types.Func); ok && fn.Pkg() == pkg {
					out = append(out, fn)
				}
			}
		}
	}
	return out
}
