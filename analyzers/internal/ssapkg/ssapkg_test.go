package ssapkg_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// probe reports each function the package's Program holds: "src <name>"
// for SrcFuncs, "init <name>" for InitFuncs but the init itself.
var probe = &analysis.Analyzer{
	Name:     "ssapkgprobe",
	Doc:      "report the functions of ssapkg's Program",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		prog := ssapkg.Of(pass)
		for _, fn := range prog.SrcFuncs() {
			pass.Reportf(fn.Pos(), "src %s", fn.Name())
		}
		for _, fn := range prog.InitFuncs() {
			if fn.Parent() != nil {
				pass.Reportf(fn.Pos(), "init %s", fn.Name())
			}
		}
		if (prog.Package() == nil) != (len(prog.SrcFuncs()) == 0) {
			pass.Reportf(pass.Files[0].Package, "Package() and SrcFuncs() disagree")
		}
		return nil, nil
	},
}

// A package that refers to Kubernetes, directly (kube) or through a
// package of the module that does (viafact), gets its functions, closures
// and package-level closures; one that does not (plain) gets none.
func TestPrograms(t *testing.T) {
	fixturetest.Run(t, probe, "./...")
}
