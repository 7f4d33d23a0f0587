package cachelabel

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the cachelabel check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "cachelabel",
	Doc:      checkdoc.MustExtract(doc, "cachelabel"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

// run is the check's rule: it looks at every instruction of the package's
// functions, outside test code, and reports those found to be the bug:
// none yet. Report through diag (generated files and directives), and
// ask the shared layers (analyzers/internal, see docs/internals.md) what
// they know rather than walking the code again.
func run(pass *analysis.Pass) (any, error) {
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if msg, ok := finding(instr); ok {
					diag.Report(pass, analysis.Diagnostic{Pos: instr.Pos(), Message: msg})
				}
			}
		}
	}
	return nil, nil
}

// finding returns the message of the finding at instr, if instr is the
// bug. TODO(cachelabel): the rule; the message says what goes wrong at run time
// and how to fix it.
func finding(instr ssa.Instruction) (string, bool) {
	return "", false
}
