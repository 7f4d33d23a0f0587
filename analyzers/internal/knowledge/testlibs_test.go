package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	// The test libraries whose rows are looked up below: imported so that
	// go.mod requires them.
	_ "github.com/onsi/ginkgo/v2"
	_ "github.com/stretchr/testify/require"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestTestRows looks every row of the test library table up in the real
// packages: a function (or, for Methods rows, a method of one of the
// package's types) of that name or prefix exists, TestCall gives it its
// row, an Asserts row's Value is a parameter, and the Tree rows hold for
// gomega's Gomega interface as for its package functions.
func TestTestRows(t *testing.T) {
	byPath := loadTypes(t, append(pkgsOf(knowledge.TestRows(), func(r knowledge.TestRow) string { return r.Pkg }), "github.com/onsi/gomega/types")...)
	for _, r := range knowledge.TestRows() {
		pkg := byPath[r.Pkg]
		if pkg == nil {
			t.Errorf("%+v: package not loaded", r)
			continue
		}
		found := 0
		for _, fn := range testFuncsOf(pkg, r.Methods) {
			prefix, star := strings.CutSuffix(r.Name, "*")
			matches := star && strings.HasPrefix(fn.Name(), prefix) || fn.Name() == r.Name
			if !matches {
				continue
			}
			got, ok := knowledge.TestCall(fn)
			if got.Name != r.Name && r.Name == "*" {
				continue // an earlier row (Eventually*, New) takes it
			}
			found++
			if got != r || ok != (r.Role != 0) {
				t.Errorf("TestCall(%v) = %+v, %v; want %+v", fn, got, ok, r)
			}
			if r.Role == knowledge.Asserts && r.Value >= fn.Signature().Params().Len() {
				t.Errorf("%+v: %v has no parameter %d", r, fn, r.Value)
			}
		}
		if found == 0 {
			t.Errorf("%+v: no such function in %s", r, r.Pkg)
		}
	}
	// g.Expect inside Eventually(func(g Gomega)) asserts like Expect.
	gt := byPath["github.com/onsi/gomega/types"].Scope().Lookup("Gomega").(*types.TypeName)
	for name, role := range map[string]knowledge.TestRole{"Expect": knowledge.Asserts, "Eventually": knowledge.Polls, "Consistently": knowledge.Polls} {
		m, _, _ := types.LookupFieldOrMethod(gt.Type(), false, gt.Pkg(), name)
		fn, _ := m.(*types.Func)
		if got, ok := knowledge.TestCall(fn); !ok || got.Role != role {
			t.Errorf("TestCall(gomega/types.Gomega.%s) = %+v, %v; want role %v", name, got, ok, role)
		}
	}
	if _, ok := knowledge.TestCall(byPath["testing"].Scope().Lookup("Main").(*types.Func)); ok {
		t.Error("testing.Main has a role: only testing's methods Run, Error... do")
	}
	if _, ok := knowledge.TestCall(nil); ok {
		t.Error("TestCall(nil)")
	}
}

// testFuncsOf returns the package's functions, or, with methods, the methods
// of its named types (pointer receivers included).
func testFuncsOf(pkg *types.Package, methods bool) []*types.Func {
	var out []*types.Func
	for _, name := range pkg.Scope().Names() {
		switch obj := pkg.Scope().Lookup(name).(type) {
		case *types.Func:
			if !methods {
				out = append(out, obj)
			}
		case *types.TypeName:
			if !methods {
				continue
			}
			ms := types.NewMethodSet(types.NewPointer(obj.Type()))
			for i := range ms.Len() {
				if fn, ok := ms.At(i).Obj().(*types.Func); ok && fn.Pkg() == pkg {
					out = append(out, fn)
				}
			}
		}
	}
	return out
}

// The packages only tests import exist, and production packages are not
// among them.
func TestTestSupport(t *testing.T) {
	byPath := loadTypes(t, "testing", "net/http/httptest", "sigs.k8s.io/controller-runtime/pkg/envtest")
	for _, p := range []string{"testing", "net/http/httptest", "sigs.k8s.io/controller-runtime/pkg/envtest"} {
		if byPath[p] == nil || !knowledge.TestSupport(p) {
			t.Errorf("TestSupport(%q) = %v (loaded: %v)", p, knowledge.TestSupport(p), byPath[p] != nil)
		}
	}
	for _, p := range []string{"net/http", "sigs.k8s.io/controller-runtime/pkg/client", "github.com/onsi/gomega"} {
		if knowledge.TestSupport(p) {
			t.Errorf("TestSupport(%q) = true", p)
		}
	}
}
