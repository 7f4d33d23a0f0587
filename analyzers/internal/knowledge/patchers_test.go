package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Each patch helper of a module go.mod requires exists as its row says:
// the constructor takes the object first, Write takes it at WriteObj, and
// the effect table reads the constructor's operands and writes Write's.
func TestPatchers(t *testing.T) {
	checked := 0
	for _, p := range knowledge.Patchers() {
		if !loadable(p.Pkg) {
			continue // cluster-api: not a dependency of this module
		}
		checked++
		byPath := loadTypes(t, p.Pkg)
		method, fun := lookups(t, byPath)
		newFn, write := fun(p.Pkg, p.New), method(p.Pkg, p.Type, p.Write)
		if params := newFn.Signature().Params(); params.Len() == 0 || !isClientObject(params.At(0).Type()) {
			t.Errorf("%s.%s: its first parameter is not a client.Object", p.Pkg, p.New)
		}
		if params := write.Signature().Params(); p.WriteObj >= params.Len() || !isClientObject(params.At(p.WriteObj).Type()) {
			t.Errorf("%s.%s.%s: parameter %d is not a client.Object", p.Pkg, p.Type, p.Write, p.WriteObj)
		}
		if row, ok := knowledge.Lookup(write, p.WriteObj); !ok || row.Effect != knowledge.Writes {
			t.Errorf("%s.%s.%s: row %+v, want Writes", p.Pkg, p.Type, p.Write, row)
		}
		if !knowledge.ReadsOnly(newFn) {
			t.Errorf("%s.%s: not read-only", p.Pkg, p.New)
		}
		if knowledge.ReadsOnly(write) {
			t.Errorf("%s.%s.%s: read-only", p.Pkg, p.Type, p.Write)
		}
	}
	if checked == 0 {
		t.Error("no patch helper checked")
	}
}

func isClientObject(t types.Type) bool {
	return types.TypeString(t, nil) == "sigs.k8s.io/controller-runtime/pkg/client.Object"
}
