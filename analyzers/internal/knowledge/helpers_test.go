package knowledge_test

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// loadTypes loads the packages of paths and their dependencies, by path.
func loadTypes(t *testing.T, paths ...string) map[string]*types.Package {
	t.Helper()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes | packages.NeedImports | packages.NeedDeps}, paths...)
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]*types.Package{}
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if len(p.Errors) > 0 {
			t.Fatalf("%s: %v", p.PkgPath, p.Errors)
		}
		byPath[p.PkgPath] = p.Types
	})
	return byPath
}

// lookups returns finders of a method (of a package's named type, its
// pointer's method set included) and of a package-level function in the
// loaded packages byPath; each fails the test when there is none.
func lookups(t *testing.T, byPath map[string]*types.Package) (method func(pkg, typ, name string) *types.Func, fun func(pkg, name string) *types.Func) {
	method = func(pkg, typ, name string) *types.Func {
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
	fun = func(pkg, name string) *types.Func {
		t.Helper()
		fn, ok := byPath[pkg].Scope().Lookup(name).(*types.Func)
		if !ok {
			t.Fatalf("%s.%s not found", pkg, name)
		}
		return fn
	}
	return method, fun
}
