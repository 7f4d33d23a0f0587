package lifecycle

import (
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxCallerDepth bounds the walks up the callers.
const maxCallerDepth = 3

// TerminatingSide reports whether block b of fn lies on the terminating
// side of a deletion test, in fn, of an object match accepts: the branch
// of the test taken when the object is terminating is entered only from
// the test and dominates b, so that on every path to b the object was
// seen terminating. It returns the object of the first such test, in
// block order.
func TerminatingSide(fn *ssa.Function, b *ssa.BasicBlock, h Helpers, match func(obj ssa.Value) bool) (ssa.Value, bool) {
	if fn == nil || b == nil {
		return nil, false
	}
	for _, blk := range fn.Blocks {
		ifi, ok := ssaflow.Last(blk).(*ssa.If)
		if !ok || len(blk.Succs) != 2 {
			continue
		}
		obj, when, ok := DeletionTest(ifi.Cond, h)
		if !ok || obj == nil || !match(obj) {
			continue
		}
		term := blk.Succs[1]
		if when {
			term = blk.Succs[0]
		}
		if len(term.Preds) == 1 && term.Dominates(b) {
			return obj, true
		}
	}
	return nil, false
}

// CalledOnlyTerminating reports whether every static call of fn in the
// package (callers, as ssaflow.StaticCallers gives them) lies on the
// terminating side of a deletion test of an object match accepts, or in a
// function itself called only so (up to three levels of callers). A
// function with no static call (called from another package, or as a
// value) is not. It returns the object tested for the last call.
func CalledOnlyTerminating(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, h Helpers, match func(obj ssa.Value) bool) (ssa.Value, bool) {
	return calledOnlyTerminating(callers, fn, h, match, 0)
}

func calledOnlyTerminating(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, h Helpers, match func(obj ssa.Value) bool, depth int) (ssa.Value, bool) {
	if depth > maxCallerDepth {
		return nil, false
	}
	sites := callers[fn]
	if len(sites) == 0 {
		return nil, false // called from elsewhere, or as a value: unknown
	}
	var obj ssa.Value
	for _, site := range sites {
		caller := site.Parent()
		o, ok := TerminatingSide(caller, site.Block(), h, match)
		if !ok {
			o, ok = calledOnlyTerminating(callers, caller, h, match, depth+1)
		}
		if !ok {
			return nil, false
		}
		obj = o
	}
	return obj, true
}

// ParamTerminating reports whether the object fn's parameter i (an SSA
// index: the receiver first) is terminating whenever fn runs: every static
// call of fn in the package lies on the terminating side of a deletion
// test, in the caller, of the object it passes there (same tells whether
// two values of a function denote one object), or passes a parameter of
// the caller that is itself so (up to three levels of callers). A
// function with no static call is not.
func ParamTerminating(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, i int, h Helpers, same func(fn *ssa.Function, a, b ssa.Value) bool) bool {
	return paramTerminating(callers, fn, i, h, same, 0)
}

func paramTerminating(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, i int, h Helpers, same func(fn *ssa.Function, a, b ssa.Value) bool, depth int) bool {
	if depth > maxCallerDepth || fn == nil || i < 0 || i >= len(fn.Params) {
		return false
	}
	sites := callers[fn]
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		cc := site.Common()
		if cc.IsInvoke() || i >= len(cc.Args) {
			return false
		}
		caller := site.Parent()
		arg := ssaflow.Strip(cc.Args[i])
		if _, ok := TerminatingSide(caller, site.Block(), h, func(obj ssa.Value) bool { return same(caller, obj, arg) }); ok {
			continue
		}
		up := false
		for j, p := range caller.Params {
			if same(caller, p, arg) && paramTerminating(callers, caller, j, h, same, depth+1) {
				up = true
				break
			}
		}
		if !up {
			return false
		}
	}
	return true
}
