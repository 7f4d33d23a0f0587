package finalizerreturn

// This file decides whether a return is settled: reached only on a side
// of a test that no addition of the finalizer is on or comes before, the
// test being of immutable fields of the object, of the reconciler's own
// instance, or of the whole process, so an object returning there never
// gets the finalizer.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// settled reports whether ret is reached only on a side of a test of
// immutable fields of obj (an XValidation rule "self == oldSelf":
// spec.managedBy naming another controller) that no addition of the
// finalizer is on or comes before: an object that returns there was never
// given the finalizer by this reconcile, and never will be. addedBefore:
// fn is a helper whose caller may add the finalizer before calling it.
func settled(fn *ssa.Function, objs *objects.Result, m *apimarkers.Result, obj ssa.Value, ret *ssa.Return, adds []lifecycle.FinalizerOp, addedBefore bool) bool {
	if addedBefore {
		return false // a caller may have added it before this function ran
	}
	rb := ret.Block()
	for _, b := range fn.Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || !b.Dominates(rb) || !immutableOf(fn, objs, m, obj, ifi.Cond, 0) && !instanceGate(fn, objs, obj, ifi.Cond) && !processGate(fn, objs, obj, ifi.Cond) {
			continue
		}
		for _, side := range b.Succs {
			if len(side.Preds) != 1 || !side.Dominates(rb) {
				continue
			}
			after := ssaflow.Reachable(side, nil)
			untouched := true
			for _, op := range adds {
				ab := op.Instr.Block()
				if after[ab] || ssaflow.Reachable(ab, nil)[b] {
					untouched = false
					break
				}
			}
			if untouched {
				return true
			}
		}
	}
	return false
}

// immutableOf reports whether v is computed only from constants and
// immutable fields of obj, through operators and calls.
func immutableOf(fn *ssa.Function, objs *objects.Result, m *apimarkers.Result, obj, v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.BinOp:
		return immutableOf(fn, objs, m, obj, v.X, depth+1) && immutableOf(fn, objs, m, obj, v.Y, depth+1)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return immutableField(fn, objs, m, obj, fa)
		}
		return v.Op != token.MUL && v.Op != token.ARROW && immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.ChangeType:
		return immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.Convert:
		return immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.MakeInterface:
		return immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.Extract:
		return immutableOf(fn, objs, m, obj, v.Tuple, depth+1)
	case *ssa.Call:
		if v.Call.IsInvoke() || v.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range v.Call.Args {
			if !immutableOf(fn, objs, m, obj, a, depth+1) {
				return false
			}
		}
		return len(v.Call.Args) > 0
	}
	return false
}

// immutableField reports whether fa addresses an immutable field of a
// struct inside obj (obj.Spec.ManagedBy).
func immutableField(fn *ssa.Function, objs *objects.Result, m *apimarkers.Result, obj ssa.Value, fa *ssa.FieldAddr) bool {
	named := crapi.Named(ssaflow.Deref(fa.X.Type()))
	st, ok := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
	if named == nil || !ok || !m.Immutable(named.Obj(), st.Field(fa.Field).Name()) {
		return false
	}
	root := fa.X
	for {
		inner, ok := root.(*ssa.FieldAddr)
		if !ok {
			break
		}
		root = inner.X
	}
	return root == obj || objs.Same(fn, root, obj)
}
