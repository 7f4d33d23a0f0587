package droppederr

import (
	"fmt"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// examineStaleStatus reports the test t of a status write's error in a
// (reconcile.Result, error) function when the failing side only logs and
// then returns a requeue with a nil error, while the function decides on
// that object's status (a branch condition reads it): the next reconcile
// acts on the status the write failed to replace, and the failure is
// neither counted as a reconcile error nor backed off. A requeue is a
// retry, so droppederr's other rules leave such returns alone; the status
// that drives the reconcile is what makes this one a lost write.
func (c *checker) examineStaleStatus(src *source, t errTest) bool {
	if src.client == nil || c.retryMoot() || c.fn.Signature.Results().Len() != 2 {
		return false
	}
	cc, args, ok := crapi.ClientCallSSA(src.call.Common())
	if !ok || !crapi.IsStatusWrite(src.call.Common(), cc) || len(args) < 2 {
		return false
	}
	obj := ssaflow.Strip(args[1])
	branch, onFail, _ := t.failingBranch()
	if len(branch) == 0 {
		return false
	}
	logCall := c.onlyLogs(branch, true)
	if logCall == nil || c.logged[logCall] {
		return false
	}
	requeue := false
	for blk := range onFail {
		ret, ok := ssaflow.Last(blk).(*ssa.Return)
		if !ok || len(ret.Results) != 2 {
			continue
		}
		if !ssaflow.IsNil(ssaflow.Returned(ret.Results[1])) {
			if branch[blk] {
				return false // the failing side returns an error on some path: handled
			}
			continue
		}
		res := ssaflow.Returned(ret.Results[0])
		if !crapi.IsResult(res.Type()) {
			return false
		}
		switch crapi.ResultRequeue(res) {
		case crapi.RequeueSet:
			requeue = true
		case crapi.RequeueNone:
			return false // a success return: examine's finding, or none
		}
	}
	if !requeue {
		return false
	}
	read := c.statusTest(obj)
	if read == token.NoPos {
		return false
	}
	if c.logged == nil {
		c.logged = map[*ssa.Call]bool{}
	}
	c.logged[logCall] = true
	what := c.sourceName(src)
	line := c.pass.Fset.Position(read).Line
	msg := fmt.Sprintf("the error of %s is only logged, then %s returns a requeue with a nil error: the next reconcile decides on the status this write failed to replace (read at line %d), and the failure is neither counted as an error nor backed off; return the error", what, c.funcName(), line)
	if node := c.callExpr(logCall.Pos()); node != nil {
		diag.Reportf(c.pass, node, nil, "%s", msg)
	} else {
		diag.Report(c.pass, analysis.Diagnostic{Pos: logCall.Pos(), Message: msg})
	}
	return true
}

// statusTest returns the position of a branch condition of the function
// computed from the status of obj (obj.Status.Phase == "", a condition of
// obj.Status.Conditions given to a function), or NoPos.
func (c *checker) statusTest(obj ssa.Value) token.Pos {
	loads := map[ssa.Value]bool{}
	for _, b := range c.fn.Blocks {
		for _, instr := range b.Instrs {
			if ld, ok := instr.(*ssa.UnOp); ok && ld.Op == token.MUL {
				if p, ok := c.h.Part(c.fn, ld.X, obj); ok && p.Class == objects.Status && !p.Whole {
					loads[ld] = true
				}
			}
		}
	}
	if len(loads) == 0 {
		return token.NoPos
	}
	for _, b := range c.fn.Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || !ssaflow.DependsOn(ifi.Cond, loads) {
			continue
		}
		if pos := ifi.Cond.Pos(); pos.IsValid() {
			return pos
		}
		return ifi.Pos()
	}
	return token.NoPos
}
