package knowledge_test

import (
	"go/types"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestImmutable asks Immutable, which mutateoutside asks of top-level
// fields, for each top-level path of the immutable fields' table (a
// Secret's type, a binding's roleRef), and for fields that may change.
func TestImmutable(t *testing.T) {
	rows := knowledge.ImmutableFieldRows()
	var paths []string
	for _, r := range rows {
		paths = append(paths, r.Pkg)
	}
	byPath := loadTypes(t, paths...)
	top := 0
	for _, r := range rows {
		obj, ok := byPath[r.Pkg].Scope().Lookup(r.Type).(*types.TypeName)
		if !ok {
			t.Errorf("%s.%s: no such type", r.Pkg, r.Type)
			continue
		}
		for _, p := range r.Paths {
			if strings.Contains(p, ".") {
				continue
			}
			top++
			if !knowledge.Immutable(obj, p) {
				t.Errorf("Immutable(%s, %s) = false", r.Type, p)
			}
		}
		if knowledge.Immutable(obj, "Data") || knowledge.Immutable(obj, "Subjects") || knowledge.Immutable(obj, "Spec") {
			t.Errorf("%s: a mutable field taken as immutable", r.Type)
		}
	}
	if top != 3 {
		t.Errorf("%d top-level immutable fields, want 3 (Secret's type, the two bindings' roleRef)", top)
	}
}
