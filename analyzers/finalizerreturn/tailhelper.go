package finalizerreturn

// This file decides which helpers the reconcile hands its object to and
// returns from as they are (return r.reconcile(ctx, obj)): their early
// returns are checked as the reconcile's own, the object being their
// parameter.

import (
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// tailHelpers returns the helpers of this package that f's function hands
// its object to, where the object exists, and whose results it returns as
// they are (return r.reconcile(ctx, obj)): their early returns are the
// reconcile's. Not when the caller has looked at the deletion state before
// the call (the helper is then the live or the terminating path).
func tailHelpers(objs *objects.Result, f frame) []frame {
	fn, obj := f.fn, f.obj
	adds, _ := finalizerOps(objs, fn, obj)
	var out []frame
	for ret := range ssaflow.Returns(fn) {
		call := tailCall(ret)
		if call == nil || !f.exists.Dominates(call.Block()) || ssaflow.Dead(call.Block()) {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil || len(callee.Blocks) == 0 || callee.Pkg != fn.Pkg || len(callee.Params) != len(call.Call.Args) {
			continue
		}
		param := -1
		for i, a := range call.Call.Args {
			if objs.Same(fn, a, obj) {
				param = i
				break
			}
		}
		if param < 0 || lookedAtDeletion(fn, objs, obj, call) || lacksFinalizer(fn, objs, obj, call.Block()) {
			continue
		}
		if st := objs.Steps(fn, call, obj); !st.Fetched() {
			continue // written on every path: the write's event brings it back
		}
		sub := frame{fn: callee, obj: callee.Params[param], exists: callee.Blocks[0], call: call, callerAdds: len(adds)}
		for _, op := range adds {
			if ssaflow.MayPrecede(op.Instr, call) {
				sub.addedBefore = true
			}
		}
		out = append(out, sub)
	}
	return out
}

// tailCall returns the call whose two results ret returns as they are.
func tailCall(ret *ssa.Return) *ssa.Call {
	if len(ret.Results) != 2 {
		return nil
	}
	var call *ssa.Call
	for i, v := range ret.Results {
		ex, ok := ssaflow.Returned(v).(*ssa.Extract)
		if !ok || ex.Index != i {
			return nil
		}
		c, ok := ex.Tuple.(*ssa.Call)
		if !ok || call != nil && c != call {
			return nil
		}
		call = c
	}
	return call
}

// lookedAtDeletion reports whether obj's deletion state may be read in fn
// before at, other than by at itself.
func lookedAtDeletion(fn *ssa.Function, objs *objects.Result, obj ssa.Value, at ssa.Instruction) bool {
	for _, rd := range objs.Lifecycle(fn).Reads {
		if rd.Instr != at && objs.Same(fn, rd.Obj, obj) && ssaflow.MayPrecede(rd.Instr, at) {
			return true
		}
	}
	return false
}
