package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestLogRows looks every logging row up in the real packages this
// module can load (zap, logrus and klog v1 are not in go.mod and are
// skipped): an exact name names a function or method of the row's kind,
// a prefix matches at least one. Then a few answers that the droppederr
// fixtures rely on.
func TestLogRows(t *testing.T) {
	paths := map[string]bool{}
	for _, r := range knowledge.LogRows() {
		if loadable(r.Pkg) {
			paths[r.Pkg] = true
		}
	}
	var list []string
	for p := range paths {
		list = append(list, p)
	}
	byPath := loadTypes(t, list...)
	checked := 0
	for _, r := range knowledge.LogRows() {
		pkg := byPath[r.Pkg]
		if pkg == nil || r.Name == "*" {
			if pkg == nil && loadable(r.Pkg) {
				t.Errorf("row %+v: package not loaded", r)
			}
			continue
		}
		checked++
		if prefix, ok := strings.CutSuffix(r.Name, "*"); ok {
			if !hasPrefixFunc(pkg, prefix, r.Kind) {
				t.Errorf("row %+v: %s has no function with that prefix", r, r.Pkg)
			}
			continue
		}
		if !hasFunc(pkg, r.Name, r.Kind) {
			t.Errorf("row %+v: %s has no such function", r, r.Pkg)
		}
	}
	if checked < 40 {
		t.Errorf("only %d rows checked", checked)
	}

	method, fun := lookups(t, byPath)
	const none = knowledge.LogRole(0)
	for _, c := range []struct {
		fn   *types.Func
		want knowledge.LogRole
	}{
		{method("github.com/go-logr/logr", "Logger", "Info"), knowledge.LogEmits},
		{method("github.com/go-logr/logr", "Logger", "Error"), knowledge.LogEmits},
		{method("github.com/go-logr/logr", "Logger", "WithValues"), knowledge.LogBuilds},
		{method("github.com/go-logr/logr", "Logger", "WithName"), knowledge.LogBuilds},
		{fun("sigs.k8s.io/controller-runtime/pkg/log", "FromContext"), knowledge.LogBuilds},
		{fun("sigs.k8s.io/controller-runtime/pkg/log", "SetLogger"), none},
		{fun("k8s.io/klog/v2", "InfoS"), knowledge.LogEmits},
		{fun("k8s.io/klog/v2", "KObj"), knowledge.LogFormats},
		{fun("fmt", "Sprintf"), knowledge.LogFormats},
		{fun("fmt", "Fprintf"), none},
		{fun("log", "Printf"), knowledge.LogEmits},
		{fun("log", "SetOutput"), none},
		{method("log/slog", "Logger", "Error"), knowledge.LogEmits},
		{method("log/slog", "Logger", "With"), knowledge.LogBuilds},
		{method("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta", "GetName"), knowledge.LogFormats},
		{method("k8s.io/apimachinery/pkg/apis/meta/v1", "ObjectMeta", "SetName"), none},
		{fun("k8s.io/apimachinery/pkg/api/errors", "IsNotFound"), knowledge.LogFormats},
	} {
		row, ok := knowledge.Logging(c.fn)
		if got := row.Role; !ok && got != none || got != c.want {
			t.Errorf("Logging(%v) = %+v, %v; want role %d", c.fn, row, ok, c.want)
		}
	}
}

func hasPrefixFunc(pkg *types.Package, prefix string, kind knowledge.Kind) bool {
	scope := pkg.Scope()
	for _, n := range scope.Names() {
		obj := scope.Lookup(n)
		if _, ok := obj.(*types.Func); ok && kind != knowledge.Method && strings.HasPrefix(n, prefix) {
			return true
		}
		tn, ok := obj.(*types.TypeName)
		if !ok || kind == knowledge.Func {
			continue
		}
		ms := types.NewMethodSet(types.NewPointer(tn.Type()))
		if types.IsInterface(tn.Type()) {
			ms = types.NewMethodSet(tn.Type())
		}
		for i := 0; i < ms.Len(); i++ {
			if strings.HasPrefix(ms.At(i).Obj().Name(), prefix) {
				return true
			}
		}
	}
	return false
}
