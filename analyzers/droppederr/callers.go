package droppederr

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// callersRequeue reports whether every caller of fn, a helper returning
// only an error, requeues whenever the helper returned nil: each call of
// it in the package is in a (reconcile.Result, error) function whose
// returns with a nil error after the call all ask for a requeue. The
// helper's success return is then retried on the caller's requeue, not
// "until the next event". False when fn has no caller here, or is used
// as a value (a caller not seen).
func (c *checker) callersRequeue(fn *ssa.Function) bool {
	return callersRequeue(c.calls.nonTest, c.calls.asValue, fn, 0)
}

// hasError reports whether one of the results is an error: a level may
// return its error last, or before a flag (worker-operator's
// ReconcileSliceNamespaces, (ctrl.Result, error, bool)).
func hasError(res *types.Tuple) bool {
	for i := range res.Len() {
		if crapi.IsError(res.At(i).Type()) {
			return true
		}
	}
	return false
}

// callersRequeue is callersRequeue of fn with the package's static
// callers (tests' calls left out) and its functions used as values. A
// caller that is itself such a helper counts when its own callers
// requeue, up to three levels (percona-server-mongodb's handleUsers, under
// reconcileCustomUsers, under a Reconcile that requeues every success);
// those levels may return other results beside their error.
func callersRequeue(callers map[*ssa.Function][]ssa.CallInstruction, asValue map[*ssa.Function]bool, fn *ssa.Function, depth int) bool {
	if depth > 3 || fn.Parent() != nil || asValue[fn] {
		return false // its callers are not known
	}
	// The helper returns only its error; a level above may return more
	// with it (percona-server-mongodb's reconcileStatefulSet: a
	// StatefulSet and an error), as long as it can hand the error up.
	res := fn.Signature.Results()
	if depth == 0 && res.Len() != 1 || depth > 0 && !hasError(res) {
		return false
	}
	calls := callers[fn]
	for _, call := range calls {
		if up := call.Parent(); !requeuesAfter(up, call.Block()) && !callersRequeue(callers, asValue, up, depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// requeuesAfter reports whether caller returns (reconcile.Result, error)
// and every return with a nil error reachable from b, the block of the
// call, asks for a requeue.
func requeuesAfter(caller *ssa.Function, b *ssa.BasicBlock) bool {
	res := caller.Signature.Results()
	if res.Len() != 2 || !crapi.IsResult(res.At(0).Type()) {
		return false
	}
	check := func(blk *ssa.BasicBlock) bool {
		ret, ok := ssaflow.Last(blk).(*ssa.Return)
		if !ok || len(ret.Results) != 2 || !ssaflow.IsNil(ssaflow.Returned(ret.Results[1])) {
			return true
		}
		return crapi.ResultRequeue(ssaflow.Returned(ret.Results[0])) == crapi.RequeueSet
	}
	if !check(b) {
		return false
	}
	for blk := range ssaflow.Reachable(b, nil) {
		if !check(blk) {
			return false
		}
	}
	return true
}
