package finalizerreturn

// This file decides whether a test is a gate of the whole process: the
// error of a lookup that depends on nothing of the object, only on the
// reconciler's configuration and the context, the same for every object.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// processGate reports whether cond tests the error (nil, or NotFound) of
// a lookup that depends on nothing of the reconciled object: only on the
// reconciler's own configuration and the context, such as the cluster the
// process serves (cloudnative-pg's instance manager: "Cluster gone:
// nothing to reconcile", the finalizers stripped by whoever deletes it).
// Every object returns there alike, for as long as the deployment's own
// anchor is gone. Properties of that object (a replica cluster) are not
// such a gate: they change while objects carry the finalizer.
func processGate(fn *ssa.Function, objs *objects.Result, obj, cond ssa.Value) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return false
	}
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond = not.X
	}
	errv, _, ok := ssaflow.NilTest(cond)
	if !ok {
		call, isCall := cond.(*ssa.Call)
		if !isCall || !crapi.IsFuncIn(crapi.Callee(call.Common()), crapi.APIErrorsPkg, "IsNotFound") || len(call.Call.Args) != 1 {
			return false
		}
		errv = call.Call.Args[0]
	}
	errv = ssaflow.Strip(errv)
	switch errv.(type) {
	case *ssa.Call, *ssa.Extract:
	default:
		return false
	}
	return processWide(fn, objs, obj, errv, fn.Params[0], 0)
}

// processWide reports whether v is computed from constants, the receiver
// recv and the context, through operators and calls whose other arguments
// are fresh objects (the object a lookup fills).
func processWide(fn *ssa.Function, objs *objects.Result, obj, v, recv ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Parameter:
		return v == recv || crapi.IsContext(v.Type())
	case *ssa.BinOp:
		return processWide(fn, objs, obj, v.X, recv, depth+1) && processWide(fn, objs, obj, v.Y, recv, depth+1)
	case *ssa.UnOp:
		if v.Op == token.NOT {
			return processWide(fn, objs, obj, v.X, recv, depth+1)
		}
		return v.Op == token.MUL && fromReceiver(v.X, recv, 0)
	case *ssa.FieldAddr, *ssa.Field:
		return fromReceiver(v, recv, 0)
	case *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface:
		return processWide(fn, objs, obj, *v.(ssa.Instruction).Operands(nil)[0], recv, depth+1)
	case *ssa.Extract:
		return processWide(fn, objs, obj, v.Tuple, recv, depth+1)
	case *ssa.Call:
		args := v.Call.Args
		if v.Call.IsInvoke() {
			args = append([]ssa.Value{v.Call.Value}, args...)
		} else if v.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range args {
			if al, ok := ssaflow.Strip(a).(*ssa.Alloc); ok && objects.ObjectParam(al.Type()) && !objs.Same(fn, al, obj) && fresh(al, v) {
				continue // the object a lookup fills
			}
			if !processWide(fn, objs, obj, a, recv, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// fresh reports whether the object al is only filled by call: nothing is
// stored into it, and no other call is given it (a name copied from the
// reconciled object would make the lookup the object's own).
func fresh(al *ssa.Alloc, call *ssa.Call) bool {
	var ok func(v ssa.Value, depth int) bool
	ok = func(v ssa.Value, depth int) bool {
		if depth > 4 {
			return false
		}
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr == v {
					return false
				}
			case *ssa.FieldAddr:
				if !ok(ref, depth+1) {
					return false
				}
			case *ssa.ChangeType, *ssa.MakeInterface:
				if !ok(ref.(ssa.Value), depth+1) {
					return false
				}
			case ssa.CallInstruction:
				if ref != call {
					return false
				}
			}
		}
		return true
	}
	return ok(al, 0)
}
