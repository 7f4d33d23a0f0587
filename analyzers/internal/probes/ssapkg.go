package probes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// SSAPkg reports each function the package's Program holds: "src <name>"
// for SrcFuncs, "init <name>" for InitFuncs but the init itself; and, at a
// source function with callers (Callers), "called from <caller>" for each.
var SSAPkg = &analysis.Analyzer{
	Name:     "ssapkgprobe",
	Doc:      "report the functions of ssapkg's Program",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		prog := ssapkg.Of(pass)
		for _, fn := range prog.SrcFuncs() {
			pass.Reportf(fn.Pos(), "src %s", fn.Name())
			for _, site := range prog.Callers(pass)[fn] {
				pass.Reportf(fn.Pos(), "called from %s", site.Parent().Name())
			}
		}
		for _, fn := range prog.InitFuncs() {
			if fn.Parent() != nil {
				pass.Reportf(fn.Pos(), "init %s", fn.Name())
			}
		}
		if (prog.Package() == nil) != (len(prog.SrcFuncs()) == 0) && len(pass.Files) > 0 {
			pass.Reportf(pass.Files[0].Package, "Package() and SrcFuncs() disagree")
		}
		return nil, nil
	},
}
