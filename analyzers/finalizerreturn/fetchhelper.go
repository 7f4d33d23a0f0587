package finalizerreturn

// This file finds the reconciled object read by a helper of the module
// rather than by the client's Get in the reconcile: d, found, err :=
// getDeployment(ctx, r.Client, req.NamespacedName). The helper's "not
// found" (its bool false, a nil object) is the object's own absence, and
// the frame starts where the reconcile knows it found the object.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// helperFetches returns the frames of r's calls of a helper that returns
// the object it read by the request's key (the object layer's fetched
// results: a helper of the module returning what a Get filled, or nil),
// each starting where the reconcile knows the object was found.
func helperFetches(objs *objects.Result, r crapi.Reconciler) []frame {
	fn := r.Fn
	var out []frame
	for call := range ssaflow.PlainCalls(fn) {
		if call.Call.IsInvoke() || call.Call.StaticCallee() == nil || !keyedByRequest(call, r.Req) {
			continue
		}
		obj := fetchedResult(objs, fn, call)
		if obj == nil {
			continue
		}
		if exists := foundBlock(objs, fn, call, obj); exists != nil {
			out = append(out, frame{fn: fn, obj: obj, exists: exists})
		}
	}
	return out
}

// keyedByRequest reports whether one of call's arguments is the request's
// key (req.NamespacedName, req itself, a key named by req.Name).
func keyedByRequest(call *ssa.Call, req ssa.Value) bool {
	for _, a := range call.Call.Args {
		if ssaflow.IsRequestKey(a, req) {
			return true
		}
	}
	return false
}

// fetchedResult returns the result of call that is an object it read
// from the server (the call itself, or the extraction of that result),
// or nil.
func fetchedResult(objs *objects.Result, fn *ssa.Function, call *ssa.Call) ssa.Value {
	var cands []ssa.Value
	if _, isTuple := call.Type().(*types.Tuple); isTuple {
		for _, ref := range *call.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok {
				cands = append(cands, ex)
			}
		}
	} else {
		cands = append(cands, call)
	}
	for _, v := range cands {
		if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr {
			continue
		}
		if _, ev := objs.EffectOf(fn, v.(ssa.Instruction), v); ev == objects.Fetched {
			return v
		}
	}
	return nil
}

// foundBlock returns the first block, in dominator order, that call
// dominates and where every branch to it says the object obj was found:
// the helper's error nil, its bool result true, and, without a bool, obj
// tested not nil when it is tested at all (getApp returning nil, nil when
// the object is gone). Nil when there is none.
func foundBlock(objs *objects.Result, fn *ssa.Function, call *ssa.Call, obj ssa.Value) *ssa.BasicBlock {
	// The object may live in a cell (a deferred status patch captures
	// it): its nil tests read the cell.
	isObj := func(x ssa.Value) bool { return objs.Same(fn, x, obj) }
	var errRes, okRes ssa.Value
	for _, ref := range *call.Referrers() {
		ex, isEx := ref.(*ssa.Extract)
		if !isEx {
			continue
		}
		switch t := ex.Type(); {
		case crapi.IsError(t):
			errRes = ex
		case crapi.IsBool(t):
			okRes = ex
		}
	}
	nilTested := false
	for _, nb := range ssaflow.NilBranches(fn) {
		if isObj(nb.X) {
			nilTested = true
		}
	}
	for _, b := range fn.DomPreorder() {
		if b == call.Block() || !call.Block().Dominates(b) {
			continue
		}
		if errRes != nil && !ssaflow.HoldsAt(b, nilSide(is(errRes), true)) {
			continue
		}
		if okRes != nil && !ssaflow.HoldsAt(b, trueSide(is(okRes))) {
			continue
		}
		if okRes == nil && nilTested && !ssaflow.HoldsAt(b, nilSide(isObj, false)) {
			continue
		}
		if errRes == nil && okRes == nil && !nilTested {
			return nil // nothing tells where it was found
		}
		return b
	}
	return nil
}

// is returns the test that x is v, or a load of the cell v is stored in
// once (a variable a closure captures).
func is(v ssa.Value) func(ssa.Value) bool {
	return func(x ssa.Value) bool {
		x = ssaflow.Strip(x)
		if x == v {
			return true
		}
		ld, ok := x.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return false
		}
		cell, ok := ld.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		st := ssaflow.StoresOnce(cell)
		return st != nil && ssaflow.Strip(st.Val) == v
	}
}

// nilSide returns the test that a condition, known to be onTrue, says the
// value that match accepts is nil (isNil) or not nil.
func nilSide(match func(ssa.Value) bool, isNil bool) func(ssa.Value, bool) bool {
	return func(cond ssa.Value, onTrue bool) bool {
		x, nilOnTrue, ok := ssaflow.NilTest(cond)
		return ok && match(x) && (nilOnTrue == onTrue) == isNil
	}
}

// trueSide returns the test that a condition, known to be onTrue, says
// the bool that match accepts is true: itself, or its negation, on the
// right side.
func trueSide(match func(ssa.Value) bool) func(ssa.Value, bool) bool {
	return func(cond ssa.Value, onTrue bool) bool {
		for {
			not, ok := cond.(*ssa.UnOp)
			if !ok || not.Op != token.NOT {
				break
			}
			cond, onTrue = not.X, !onTrue
		}
		return match(cond) && onTrue
	}
}
