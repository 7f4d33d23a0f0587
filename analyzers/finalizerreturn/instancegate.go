package finalizerreturn

// This file decides whether a test compares a spec field of the object
// with the reconciler's own configuration: the object is another
// instance's share, whose deletion that instance handles.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// instanceGate reports whether cond compares a spec field of obj with a
// value of the reconciler's own configuration (a field of its receiver,
// or what a method of one returns: r.instance.GetClusterName()): the
// object is another instance's share, and that instance, running the
// same reconciler, handles its deletion (cloudnative-pg's instance
// managers, each reconciling the roles of its own cluster).
func instanceGate(fn *ssa.Function, objs *objects.Result, obj, cond ssa.Value) bool {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return false
	}
	recv := fn.Params[0]
	return specField(fn, objs, obj, bin.X) && fromReceiver(bin.Y, recv, 0) ||
		specField(fn, objs, obj, bin.Y) && fromReceiver(bin.X, recv, 0)
}

// specField reports whether v is loaded from a field under obj.Spec.
func specField(fn *ssa.Function, objs *objects.Result, obj, v ssa.Value) bool {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	for ok {
		inner, isField := fa.X.(*ssa.FieldAddr)
		if !isField {
			break
		}
		fa = inner
	}
	if !ok {
		return false
	}
	st, isStruct := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
	return isStruct && st.Field(fa.Field).Name() == "Spec" && (fa.X == obj || objs.Same(fn, fa.X, obj))
}

// fromReceiver reports whether v is computed from the receiver recv
// alone: its fields, and calls (methods of its fields included) given
// only such values.
func fromReceiver(v, recv ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return v == recv
	case *ssa.UnOp:
		return v.Op == token.MUL && fromReceiver(v.X, recv, depth+1)
	case *ssa.FieldAddr:
		return fromReceiver(v.X, recv, depth+1)
	case *ssa.Field:
		return fromReceiver(v.X, recv, depth+1)
	case *ssa.ChangeType:
		return fromReceiver(v.X, recv, depth+1)
	case *ssa.Extract:
		return fromReceiver(v.Tuple, recv, depth+1)
	case *ssa.Call:
		args := v.Call.Args
		if v.Call.IsInvoke() {
			args = append([]ssa.Value{v.Call.Value}, args...)
		} else if v.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range args {
			if !fromReceiver(a, recv, depth+1) {
				return false
			}
		}
		return len(args) > 0
	}
	return false
}
