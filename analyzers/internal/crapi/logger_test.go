package crapi

import (
	"go/types"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestLoggerVars looks ctrl.LoggerFrom and ctrl.LoggerInto up in the real
// controller-runtime: package-level function variables.
func TestLoggerVars(t *testing.T) {
	pkgs, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedTypes}, CtrlPkg)
	if err != nil || len(pkgs) != 1 || pkgs[0].Types == nil {
		t.Fatalf("load %s: %v", CtrlPkg, err)
	}
	scope := pkgs[0].Types.Scope()
	for _, name := range []string{"LoggerFrom", "LoggerInto"} {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !IsLoggerVar(v) {
			t.Errorf("ctrl.%s: %v", name, scope.Lookup(name))
		}
	}
	if v, ok := scope.Lookup("Log").(*types.Var); ok && IsLoggerVar(v) {
		t.Error("ctrl.Log is a logger, not a function variable that gets one")
	}
}
