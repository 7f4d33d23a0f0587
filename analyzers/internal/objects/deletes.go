package objects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Deletion is a delete request for an object: a client's Delete or
// DeleteAllOf, or the call of a helper of the module that deletes the
// object given to one of its parameters.
type Deletion struct {
	// Obj is the object deleted; of a DeleteAllOf, the object that names
	// the type.
	Obj ssa.Value
	// All: a DeleteAllOf.
	All bool
	// Policy is what the request's options do to the propagation policy.
	Policy knowledge.Propagation
	// Helper is the module's function that deletes Obj, nil for a
	// client call.
	Helper *types.Func
}

// Delete recognises cc as a client Delete or DeleteAllOf of a main
// resource, and reads its options (the variadic argument) for a
// propagation policy.
func Delete(cc *ssa.CallCommon) (Deletion, bool) {
	c, args, ok := crapi.ClientCallSSA(cc)
	if !ok || c.SubResource || (c.Method != crapi.Delete && c.Method != crapi.DeleteAllOf) || len(args) != 3 {
		return Deletion{}, false
	}
	return Deletion{Obj: ssaflow.Strip(args[1]), All: c.Method == crapi.DeleteAllOf, Policy: optionsPropagation(args[2])}, true
}

// optionsPropagation reads a variadic argument of delete options: Set if
// one option sets the policy, None if every option is known not to,
// Unknown otherwise (a slice built elsewhere, an option of the user's).
func optionsPropagation(v ssa.Value) knowledge.Propagation {
	elems, ok := ssaflow.VariadicElems(v)
	if !ok {
		return knowledge.PropagationUnknown
	}
	p := knowledge.PropagationNone
	for _, e := range elems {
		mi, ok := e.(*ssa.MakeInterface)
		if !ok {
			return knowledge.PropagationUnknown // an option held in an interface: its type is not known here
		}
		switch knowledge.DeleteOptionPropagation(mi.X.Type()) {
		case knowledge.PropagationSet:
			p = knowledge.PropagationSet
		case knowledge.PropagationUnknown:
			return knowledge.PropagationUnknown
		}
	}
	return p
}

// Deletions returns the delete requests of the call: a client delete, or
// the arguments given to the parameters that a helper of the module
// deletes with no propagation policy (parameters of interface type: the
// caller's argument tells the kind).
func (r *Result) Deletions(cc *ssa.CallCommon) []Deletion {
	if d, ok := Delete(cc); ok {
		return []Deletion{d}
	}
	callee := crapi.Callee(cc)
	if callee == nil || cc.IsInvoke() || r.h == nil {
		return nil
	}
	bits := r.h.plainDeletes[callee]
	if bits == 0 || len(cc.Args) != callee.Signature().Params().Len()+ssaflow.ReceiverOffset(callee) {
		return nil // a bound method's call lacks the receiver: the indexes would shift
	}
	// SSA indexes on both sides, as in StatusWrites.
	var out []Deletion
	for i, a := range cc.Args {
		if i < 64 && bits&(1<<i) != 0 {
			out = append(out, Deletion{Obj: ssaflow.Strip(a), Policy: knowledge.PropagationNone, Helper: callee})
		}
	}
	return out
}

// plainDeleted returns the SSA indexes (bits) of fn's interface-typed
// parameters that it deletes with no propagation policy, itself or
// through the helpers it calls.
func (r *Result) plainDeleted(fn *ssa.Function) uint64 {
	return interfaceParams(fn, func(cc *ssa.CallCommon) []ssa.Value {
		var out []ssa.Value
		for _, d := range r.Deletions(cc) {
			if d.Policy == knowledge.PropagationNone {
				out = append(out, d.Obj)
			}
		}
		return out
	})
}
