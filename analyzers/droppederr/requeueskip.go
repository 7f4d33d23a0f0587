package droppederr

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// examineRequeueSkip reports the test t of a write's error in a
// (reconcile.Result, error) function when the failing branch only logs
// and returns success without a requeue, while the success side of the
// test reaches a return that requeues (RequeueAfter, Requeue) with a nil
// error: the retry the function asks for after the write is skipped
// exactly when the write failed.
func (c *checker) examineRequeueSkip(src *source, t errTest) bool {
	if src.isRead() || c.retryMoot() || c.fn.Signature.Results().Len() != 2 {
		return false
	}
	branch, onFail, onSuccess := t.failingBranch()
	if len(branch) == 0 {
		return false
	}
	// Every path of the branch ends in a success return of its own.
	returns := 0
	for blk := range branch {
		for _, s := range blk.Succs {
			if !branch[s] {
				return false // rejoins, or loops back to the test
			}
		}
		if ret, ok := ssaflow.Last(blk).(*ssa.Return); ok {
			if !c.isSuccess(ret) {
				return false
			}
			returns++
		}
	}
	if returns == 0 {
		return false
	}
	logCall := c.onlyLogs(branch, true)
	if logCall == nil || c.logged[logCall] {
		return false
	}
	requeue := false
	for blk := range onSuccess {
		if onFail[blk] {
			continue
		}
		if ret, ok := ssaflow.Last(blk).(*ssa.Return); ok && len(ret.Results) == 2 &&
			ssaflow.IsNil(ssaflow.Returned(ret.Results[1])) {
			res := ssaflow.Returned(ret.Results[0])
			if crapi.IsResult(res.Type()) && crapi.ResultRequeue(res) == crapi.RequeueSet {
				requeue = true
			}
		}
	}
	if !requeue {
		return false
	}
	if c.logged == nil {
		c.logged = map[*ssa.Call]bool{}
	}
	c.logged[logCall] = true
	what := c.sourceName(src)
	msg := fmt.Sprintf("the error of %s is only logged, then %s returns success without the requeue it asks for after %s succeeds: the failed write is not retried until the next event; return the error", what, c.funcName(), what)
	if node := c.callExpr(logCall.Pos()); node != nil {
		diag.Reportf(c.pass, node, nil, "%s", msg)
	} else {
		diag.Report(c.pass, analysis.Diagnostic{Pos: logCall.Pos(), Message: msg})
	}
	return true
}
