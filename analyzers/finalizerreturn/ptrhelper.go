package finalizerreturn

// This file decides when a return passes on a helper's *ctrl.Result
// (if res, err := r.shouldReconcile(ctx, obj); res != nil || err != nil
// { return *res, err }) and the helper may return &ctrl.Result{}, nil
// before any look at the deletion state: the reconcile's return is then
// a success return.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// helperReturn is a success return of a helper that returns a
// *reconcile.Result, which the caller returns as its own.
type helperReturn struct {
	call  *ssa.Call
	ret   *ssa.Return
	param ssa.Value // the helper's parameter given the object
}

// ptrHelperSuccess reports whether ret returns *res, err from a helper of
// this package given the object (if res, err := r.shouldReconcile(ctx,
// obj); res != nil || err != nil { return *res, err }) that may return a
// pointer to a Result without requeue and a nil error, before any look at
// the object's deletion state: the caller then returns success. It
// returns that helper's return.
func ptrHelperSuccess(objs *objects.Result, m *apimarkers.Result, f objects.Frame, ret *ssa.Return) *helperReturn {
	if len(ret.Results) != 2 {
		return nil
	}
	deref, ok := ssaflow.Returned(ret.Results[0]).(*ssa.UnOp)
	if !ok || deref.Op != token.MUL {
		return nil
	}
	resEx, ok := ssaflow.Strip(deref.X).(*ssa.Extract)
	errEx, ok2 := ssaflow.Returned(ret.Results[1]).(*ssa.Extract)
	if !ok || !ok2 || resEx.Index != 0 || errEx.Index != 1 || resEx.Tuple != errEx.Tuple {
		return nil
	}
	call, ok := resEx.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || callee.Pkg != f.Fn.Pkg || len(callee.Params) != len(call.Call.Args) {
		return nil
	}
	param := -1
	for i, a := range call.Call.Args {
		if objs.Same(f.Fn, a, f.Obj) {
			param = i
			break
		}
	}
	if param < 0 {
		return nil
	}
	p := callee.Params[param]
	calleeAdds, _ := objs.FinalizerOps(callee, p)
	if len(calleeAdds) > 0 {
		return nil // the helper manages the finalizer itself
	}
	var before bool // the caller may add the finalizer before the call
	adds, _ := objs.FinalizerOps(f.Fn, f.Obj)
	for _, op := range adds {
		if ssaflow.MayPrecede(op.Instr, call) {
			before = true
		}
	}
	// The helper's returns of (nil, nil) let the caller go on, to its
	// additions: for settled, they are where the finalizer may be added.
	var goesOn []lifecycle.FinalizerOp
	if len(adds) > 0 {
		for hret := range ssaflow.Returns(callee) {
			if len(hret.Results) == 2 && ssaflow.IsNil(ssaflow.Returned(hret.Results[0])) && ssaflow.IsNil(ssaflow.Returned(hret.Results[1])) {
				goesOn = append(goesOn, lifecycle.FinalizerOp{Instr: hret})
			}
		}
	}
	for hret := range ssaflow.Returns(callee) {
		if ssaflow.Dead(hret.Block()) || len(hret.Results) != 2 || !ssaflow.IsNil(ssaflow.Returned(hret.Results[1])) {
			continue
		}
		if crapi.ResultPtrRequeue(ssaflow.Returned(hret.Results[0])) != crapi.RequeueNone {
			continue
		}
		if objs.LookedAtDeletion(callee, p, hret) || objs.LacksFinalizer(callee, p, hret.Block()) || generationGated(callee, objs, p, hret.Block()) {
			continue
		}
		if settled(callee, objs, m, p, hret, goesOn, before) {
			continue
		}
		return &helperReturn{call: call, ret: hret, param: p}
	}
	return nil
}
