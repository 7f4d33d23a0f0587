package droppederr

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// checkDiscarded reports the writes whose error is never looked at
// (_ = r.Update(ctx, obj), or err assigned and assigned again before any
// test) when a success return follows: the failure is dropped without a
// word.
func (c *checker) checkDiscarded() {
	for call := range ssaflow.PlainCalls(c.fn) {
		errv, writes, ok := c.h.ClientErrorSource(call)
		if !ok || !writes || errv == nil || used(errv) || ssapkg.InTestCode(c.pass, call.Pos()) {
			continue
		}
		if !c.successAfter(call) {
			continue
		}
		src := newSource(c.fn, call, errv, writes)
		what := c.sourceName(src)
		msg := fmt.Sprintf("the error of %s is discarded, then %s returns success: a failed write is neither logged nor retried until the next event; return the error", what, c.funcName())
		if expr := ssaflow.CallExpr(c.fn, call); expr != nil {
			diag.Reportf(c.pass, expr, nil, "%s", msg)
		} else {
			diag.Report(c.pass, analysis.Diagnostic{Pos: call.Pos(), Message: msg})
		}
	}
}

// used reports whether v is used by any instruction but debug info.
func used(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// successAfter reports whether a success return can run after call.
func (c *checker) successAfter(call *ssa.Call) bool {
	for b := range ssaflow.Reachable(call.Block(), nil) {
		if ret, ok := ssaflow.Last(b).(*ssa.Return); ok && c.isSuccess(ret) {
			return true
		}
	}
	return false
}
