package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestImmutable looks every row up in the real API packages: the type is
// an object, each field is its own, and Immutable answers for it.
func TestImmutable(t *testing.T) {
	rows := knowledge.ImmutableRows()
	var paths []string
	for _, r := range rows {
		paths = append(paths, r.Pkg)
	}
	byPath := loadTypes(t, paths...)
	for _, r := range rows {
		obj, ok := byPath[r.Pkg].Scope().Lookup(r.Type).(*types.TypeName)
		if !ok {
			t.Errorf("%s.%s: no such type", r.Pkg, r.Type)
			continue
		}
		named, _ := obj.Type().(*types.Named)
		if !hasField(named, "ObjectMeta", true) {
			t.Errorf("%s.%s: not an object", r.Pkg, r.Type)
		}
		for _, f := range r.Fields {
			if !hasField(named, f, false) {
				t.Errorf("%s.%s has no field %s", r.Pkg, r.Type, f)
			}
			if !knowledge.Immutable(obj, f) {
				t.Errorf("Immutable(%s, %s) = false", r.Type, f)
			}
		}
		if knowledge.Immutable(obj, "Data") || knowledge.Immutable(obj, "Subjects") {
			t.Errorf("%s: a mutable field taken as immutable", r.Type)
		}
	}
}
