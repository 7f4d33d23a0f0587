package crapi

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestSourceAPI looks the source functions and types recognised here up
// in the real controller-runtime.
func TestSourceAPI(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, SourcePkg)
	if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
		t.Fatalf("load %s: %v", SourcePkg, err)
	}
	scope := pkgs[0].Types.Scope()
	for _, name := range []string{"Channel", "TypedChannel"} {
		fn, ok := scope.Lookup(name).(*types.Func)
		if !ok || !IsFuncIn(fn, SourcePkg, "Channel", "TypedChannel") {
			t.Errorf("source.%s: %v", name, scope.Lookup(name))
			continue
		}
		if _, ok := fn.Signature().Params().At(0).Type().Underlying().(*types.Chan); !ok {
			t.Errorf("source.%s: first parameter is no channel", name)
		}
	}
	for _, name := range []string{"Func", "TypedFunc"} {
		obj := scope.Lookup(name)
		if obj == nil || !IsSourceFunc(obj.Type()) {
			t.Errorf("source.%s is not recognised as a source function", name)
		}
	}
}
