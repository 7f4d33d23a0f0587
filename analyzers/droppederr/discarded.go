package droppederr

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
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
		src := newSource(c.h, c.fn, call, errv, writes)
		if c.recreated(src) {
			continue // a failed Delete makes the Create after it fail, with its error returned
		}
		what := c.sourceName(src)
		consequence := "a failed write is neither logged nor retried until the next event"
		if _, _, direct := crapi.ClientCallSSA(call.Common()); !direct {
			// A helper of the module may log the failure itself
			// (doris-operator's deployAutoScaler does): only the retry
			// is sure to be lost.
			consequence = "a failed write is not retried until the next event"
		}
		msg := fmt.Sprintf("the error of %s is discarded, then %s returns success: %s; return the error", what, c.funcName(), consequence)
		if res, use := c.nilResultUsed(call); use != nil {
			// The failure does not go unnoticed: the nil result it leaves
			// panics where it is dereferenced, and controller-runtime
			// turns a reconcile's panic into an error it retries
			// (pkg/internal/controller/controller.go: RecoverPanic nil or
			// true recovers into "panic: ... [recovered]", which
			// reconcileHandler requeues rate-limited; nil means on since
			// v0.19, off before).
			typ := types.TypeString(res.Type(), func(*types.Package) string { return "" })
			msg = fmt.Sprintf("the error of %s is discarded, and its result, nil when it fails, is used at line %d: a failure goes on with a nil %s, and dereferencing it panics; controller-runtime recovers the panic into a reconcile error and retries it with backoff (RecoverPanic is on by default since controller-runtime v0.19), so the failed write is retried only through that panic, and its own error is never logged; return the error",
				what, c.pass.Fset.Position(use.Pos()).Line, typ)
		}
		if expr := ssaflow.CallExpr(c.fn, call); expr != nil {
			diag.Reportf(c.pass, expr, nil, "%s", msg)
		} else {
			diag.Report(c.pass, analysis.Diagnostic{Pos: call.Pos(), Message: msg})
		}
	}
}

// nilResultUsed returns, for a call of a function of the package that
// returns a nil pointer with every error it returns, that result when the
// code after the call uses it (through phis) other than by testing it
// against nil, and the first such use. A test of the result stands for
// the test of the error, and a result that may be something else on
// failure says nothing of what happens: nil then.
func (c *checker) nilResultUsed(call *ssa.Call) (ssa.Value, ssa.Instruction) {
	callee := ssaflow.LocalCallee(call.Common(), c.pass.Pkg)
	if callee == nil {
		return nil, nil
	}
	res := callee.Signature.Results()
	for i := range res.Len() - 1 {
		if _, isPtr := res.At(i).Type().Underlying().(*types.Pointer); !isPtr || !nilOnError(callee, i) {
			continue
		}
		v := ssaflow.Extract(call, i)
		if v == nil {
			continue
		}
		if use := firstUse(v); use != nil {
			return v, use
		}
	}
	return nil, nil
}

// nilOnError reports whether every return of fn whose error may be
// non-nil returns a nil constant as result i.
func nilOnError(fn *ssa.Function, i int) bool {
	n := fn.Signature.Results().Len()
	returns := 0
	for ret := range ssaflow.Returns(fn) {
		if len(ret.Results) != n || ssaflow.IsNil(ssaflow.Returned(ret.Results[n-1])) {
			continue
		}
		if !ssaflow.IsNil(ssaflow.Returned(ret.Results[i])) {
			return false
		}
		returns++
	}
	return returns > 0
}

// firstUse returns the first instruction, in source order, that uses v
// or a phi it flows into, other than a nil test and debug information;
// nil when there is none or when v is tested against nil.
func firstUse(v ssa.Value) ssa.Instruction {
	var first ssa.Instruction
	seen := map[ssa.Value]bool{}
	queue := []ssa.Value{v}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		if seen[x] || x.Referrers() == nil {
			continue
		}
		seen[x] = true
		for _, r := range *x.Referrers() {
			switch r := r.(type) {
			case *ssa.DebugRef:
				continue
			case *ssa.Phi:
				queue = append(queue, r)
				continue
			case *ssa.BinOp:
				if (r.Op == token.EQL || r.Op == token.NEQ) && (ssaflow.IsNil(r.X) || ssaflow.IsNil(r.Y)) {
					return nil
				}
			}
			if first == nil || r.Pos().IsValid() && (!first.Pos().IsValid() || r.Pos() < first.Pos()) {
				first = r
			}
		}
	}
	return first
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
