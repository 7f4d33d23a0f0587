package knowledge_test

import (
	"go/types"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// TestImmutableFields looks every row up in the real API packages: the
// type is an object, each path leads through its fields, and a row with
// Mutable names, with its Paths, every field of the struct they are in.
func TestImmutableFields(t *testing.T) {
	rows := knowledge.ImmutableFieldRows()
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
		if got, ok := knowledge.ImmutableFieldsOf(obj); !ok || got.Type != r.Type {
			t.Errorf("ImmutableFieldsOf(%s) = %v, %v", r.Type, got.Type, ok)
		}
		named, _ := obj.Type().(*types.Named)
		if !hasField(named, "ObjectMeta", true) {
			t.Errorf("%s.%s: not an object", r.Pkg, r.Type)
		}
		if r.Source == "" || r.Kind == "" {
			t.Errorf("%s: no source or kind", r.Type)
		}
		parents := map[string]bool{}
		var parent types.Type
		for _, p := range r.Paths {
			names := strings.Split(p, ".")
			parents[strings.Join(names[:len(names)-1], ".")] = true
			var ok bool
			if parent, ok = walk(named, names[:len(names)-1]); !ok {
				t.Errorf("%s: no field %s", r.Type, p)
				continue
			}
			if _, ok := walk(parent, names[len(names)-1:]); !ok {
				t.Errorf("%s: no field %s", r.Type, p)
			}
		}
		if len(r.Mutable) == 0 {
			continue
		}
		if len(parents) != 1 {
			t.Errorf("%s: Mutable needs every path in one struct, got %v", r.Type, parents)
			continue
		}
		st, _ := parent.Underlying().(*types.Struct)
		for f := range st.Fields() {
			in := slices.Contains(r.Mutable, f.Name()) || slices.ContainsFunc(r.Paths, func(p string) bool { return strings.HasSuffix(p, "."+f.Name()) })
			if !in {
				t.Errorf("%s: field %s is neither in Paths nor in Mutable: read the API server's validation", r.Type, f.Name())
			}
		}
		for _, m := range r.Mutable {
			if _, ok := walk(parent, []string{m}); !ok {
				t.Errorf("%s: no mutable field %s", r.Type, m)
			}
		}
	}
}

// walk follows the field names from t, through pointers.
func walk(t types.Type, names []string) (types.Type, bool) {
	for _, n := range names {
		if p, ok := t.Underlying().(*types.Pointer); ok {
			t = p.Elem()
		}
		st, ok := t.Underlying().(*types.Struct)
		if !ok {
			return nil, false
		}
		found := false
		for f := range st.Fields() {
			if f.Name() == n {
				t, found = f.Type(), true
				break
			}
		}
		if !found {
			return nil, false
		}
	}
	return t, true
}
