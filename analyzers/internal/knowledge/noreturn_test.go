package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestNoReturn looks every row up in the real packages (a method row on
// testing's T, B and F alike) and holds NoReturn to it; their look-alikes
// that return are not in it.
func TestNoReturn(t *testing.T) {
	byPath := loadTypes(t, pkgsOf(knowledge.NoReturnRows(), func(r knowledge.NoReturnRow) string { return r.Pkg })...)
	method, fun := lookups(t, byPath)
	for _, r := range knowledge.NoReturnRows() {
		if !r.Method {
			if fn := fun(r.Pkg, r.Name); !knowledge.NoReturn(fn) {
				t.Errorf("NoReturn(%v) = false", fn)
			}
			continue
		}
		for _, typ := range []string{"T", "B", "F"} {
			if fn := method(r.Pkg, typ, r.Name); !knowledge.NoReturn(fn) {
				t.Errorf("NoReturn(%v) = false", fn)
			}
		}
	}
	for _, fn := range []*types.Func{fun("log", "Print"), fun("os", "Getenv"), fun("k8s.io/klog/v2", "Info"), method("testing", "T", "Error"), nil} {
		if knowledge.NoReturn(fn) {
			t.Errorf("NoReturn(%v) = true", fn)
		}
	}
}
