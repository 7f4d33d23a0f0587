package knowledge_test

import (
	"go/types"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestUncachedReads looks every row up in the real package: some type of
// it has the method (an interface's, or a concrete type's), and
// UncachedReadOf finds it.
func TestUncachedReads(t *testing.T) {
	var paths []string
	for _, r := range knowledge.UncachedReads() {
		paths = append(paths, r.Pkg)
	}
	byPath := loadTypes(t, paths...)
	for _, r := range knowledge.UncachedReads() {
		pkg := byPath[r.Pkg]
		if pkg == nil {
			t.Errorf("%+v: package not loaded", r)
			continue
		}
		found := 0
		for _, name := range pkg.Scope().Names() {
			tn, ok := pkg.Scope().Lookup(name).(*types.TypeName)
			if !ok {
				continue
			}
			for _, typ := range []types.Type{tn.Type(), types.NewPointer(tn.Type())} {
				obj, _, _ := types.LookupFieldOrMethod(typ, true, pkg, r.Name)
				fn, ok := obj.(*types.Func)
				if !ok {
					continue
				}
				if _, ok := knowledge.UncachedReadOf(fn); !ok {
					t.Errorf("%+v: UncachedReadOf(%s) not found", r, fn.FullName())
				}
				found++
			}
		}
		if found == 0 {
			t.Errorf("%+v: no type of %s has the method", r, r.Pkg)
		}
	}
}
