package finalizerreturn

// This file words a finding: the return, the deletion branch it comes
// before and the removal it skips, and for a helper's success passed on,
// the helper's return.

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// report reports ret, a success return without requeue that skips br's
// removal of the finalizer, with that removal as a related position; via,
// when not nil, is the helper's success return that ret passes on, also
// a related position. Nothing is reported without the return statement.
func report(pass *analysis.Pass, fn *ssa.Function, ret *ssa.Return, br objects.DeletionBranch, via *helperReturn) {
	rs := ssaflow.ReturnStmt(fn, ret)
	if rs == nil {
		return
	}
	fin := "its finalizer"
	if name := br.Removal.FinalizerName(); name != "" {
		fin = fmt.Sprintf("finalizer %q", name)
	}
	line := pass.Fset.Position(br.Removal.Instr.Pos()).Line
	testLine := pass.Fset.Position(br.TestPos()).Line
	related := []analysis.RelatedInformation{{Pos: br.Removal.Instr.Pos(), Message: "the removal this return skips"}}
	what := "this success return without requeue"
	if via != nil {
		hrs := ssaflow.ReturnStmt(via.ret.Parent(), via.ret)
		if hrs == nil {
			return
		}
		what = fmt.Sprintf("this return passes on the success without requeue of %s (%s)", via.ret.Parent().Name(), diag.Where(pass, rs.Pos(), hrs.Pos()))
		related = append(related, analysis.RelatedInformation{Pos: hrs.Pos(), Message: "the helper's success return"})
	}
	diag.Report(pass, analysis.Diagnostic{
		Pos: rs.Pos(), End: rs.End(),
		Related: related,
		Message: fmt.Sprintf("%s comes before the deletion branch (line %d): a terminating object returns here too, %s is never removed (line %d), and the object is never deleted; handle deletion before this return, or requeue",
			what, testLine, fin, line),
	})
}
