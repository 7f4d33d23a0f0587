package objects

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// KeptCopy recognises v as orig.DeepCopy() (or DeepCopyObject()) that
// provably keeps orig's name, namespace and UID, and so denotes the same
// object on the server. Identity (Same) treats every copy as another
// object: the checks that need the server's view ask this.
func KeptCopy(v ssa.Value) (orig ssa.Value, ok bool) {
	orig, ok = DeepCopyOf(v)
	if !ok || !keepsIdentity(v) {
		return nil, false
	}
	return orig, true
}

// DeepCopyOf recognises v as obj.DeepCopy() or obj.DeepCopyObject() (the
// generated deep copies) and returns obj.
func DeepCopyOf(v ssa.Value) (ssa.Value, bool) {
	call, ok := ssaflow.Strip(v).(*ssa.Call)
	if !ok {
		return nil, false
	}
	fn := crapi.Callee(call.Common())
	if fn == nil || (fn.Name() != "DeepCopy" && fn.Name() != "DeepCopyObject") ||
		fn.Signature().Params().Len() != 0 || fn.Signature().Results().Len() != 1 {
		return nil, false
	}
	recv := crapi.Receiver(call.Common())
	return recv, recv != nil
}

// MergeBase recognises patch, the patch argument of a client Patch, as a
// merge patch made from a base (client.MergeFrom(base),
// MergeFromWithOptions(base, ...), StrategicMergeFrom(base, ...)) and
// returns the call that made it and the base.
func MergeBase(patch ssa.Value) (*ssa.Call, ssa.Value, bool) {
	mf, ok := crapi.IsCallTo(ssaflow.Strip(patch), crapi.ClientPkg, "MergeFrom", "MergeFromWithOptions", "StrategicMergeFrom")
	if !ok || len(mf.Call.Args) == 0 {
		return nil, nil, false
	}
	return mf, mf.Call.Args[0], true
}

// identityFields are the fields whose change makes a copy another object.
var identityFields = map[string]bool{
	"ObjectMeta": true, "Name": true, "GenerateName": true, "Namespace": true, "UID": true,
}

// keepsIdentity reports whether the copy (a DeepCopy call) provably keeps
// the name, namespace and UID of its original: none of them is assigned,
// set through a setter, or reset, and the copy is passed to no function
// that might (only to functions the knowledge table says leave them
// alone, client methods and its own getters).
func keepsIdentity(dup ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var ok func(v ssa.Value, identity bool, depth int) bool
	// cell reports whether every use of addr, a variable holding the
	// copy (stored once, by set) or a closure's capture of it, reads the
	// copy and keeps its identity.
	var cell func(addr ssa.Value, set *ssa.Store, identity bool, depth int) bool
	cell = func(addr ssa.Value, set *ssa.Store, identity bool, depth int) bool {
		refs := addr.Referrers()
		if refs == nil || depth > maxKeyDepth {
			return refs == nil
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r != set {
					return false
				}
			case *ssa.UnOp:
				if r.Op != token.MUL || !ok(r, identity, depth+1) {
					return false
				}
			case *ssa.MakeClosure:
				fn, _ := r.Fn.(*ssa.Function)
				i := slices.Index(r.Bindings, addr)
				if fn == nil || i < 0 || i >= len(fn.FreeVars) || !cell(fn.FreeVars[i], nil, identity, depth+1) {
					return false
				}
			case *ssa.DebugRef:
			default:
				return false
			}
		}
		return true
	}
	ok = func(v ssa.Value, identity bool, depth int) bool {
		if seen[v] {
			return true
		}
		if depth > maxKeyDepth {
			return false
		}
		seen[v] = true
		refs := v.Referrers()
		if refs == nil {
			return true
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr == v && identity {
					return false // copy.ObjectMeta = ..., copy.Name = ...
				}
				if r.Val == v {
					// Stored away, we lose track of it; but for a local
					// variable set once, read and captured by closures
					// (d := obj.DeepCopy(); retry.RetryOnConflict(...
					// func() error { ... Patch(ctx, d, ...) })).
					alloc, isAlloc := r.Addr.(*ssa.Alloc)
					if !isAlloc || ssaflow.StoresOnce(alloc) != r || !cell(alloc, r, identity, depth+1) {
						return false
					}
				}
			case *ssa.FieldAddr:
				f := ssaflow.Field(r.X.Type(), r.Field)
				if f == nil || !ok(r, identityFields[f.Name()] && isMetaField(f), depth+1) {
					return false
				}
			case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType, *ssa.TypeAssert:
				if !ok(r.(ssa.Value), identity, depth+1) {
					return false
				}
			case ssa.CallInstruction:
				if !harmlessCall(r.Common(), v) {
					return false
				}
			case *ssa.UnOp, *ssa.Field, *ssa.BinOp, *ssa.DebugRef:
				// Reads.
			default:
				return false
			}
		}
		return true
	}
	return ok(dup, true, 0)
}

// isMetaField reports whether f is a field of ObjectMeta, or an object's
// embedded ObjectMeta.
func isMetaField(f *types.Var) bool {
	if f.Name() == "ObjectMeta" {
		return f.Embedded() && crapi.IsNamed(f.Type(), lifecycle.MetaV1Pkg, "ObjectMeta")
	}
	return f.Pkg() != nil && f.Pkg().Path() == lifecycle.MetaV1Pkg
}

// harmlessCall reports whether a call that takes v cannot change v's name,
// namespace or UID.
func harmlessCall(cc *ssa.CallCommon, v ssa.Value) bool {
	if _, _, ok := crapi.ClientCallSSA(cc); ok {
		return true
	}
	fn := crapi.Callee(cc)
	if fn == nil {
		fn = crapi.CtrlVarFunc(cc.Value) // ctrl.SetControllerReference
	}
	if fn == nil {
		return false
	}
	recv := crapi.Receiver(cc)
	operand := knowledge.Receiver
	if recv != v {
		operand = slices.Index(crapi.CallArgs(cc), v)
	}
	if row, ok := knowledge.Lookup(fn, operand); ok {
		return row.Effect == knowledge.Reads || row.Effect == knowledge.Changes && row.Field != "" && !identityFields[row.Field]
	}
	if recv == v && fn.Signature().Recv() != nil {
		switch fn.Name() {
		case "SetName", "SetGenerateName", "SetNamespace", "SetUID", "DeepCopyInto":
			return false
		}
		// Getters of ObjectMeta, and the generated deep copies.
		if fn.Pkg() != nil && fn.Pkg().Path() == lifecycle.MetaV1Pkg && strings.HasPrefix(fn.Name(), "Get") {
			return true
		}
		return fn.Name() == "DeepCopy" || fn.Name() == "DeepCopyObject" || fn.Name() == "GetObjectKind"
	}
	return false
}

// ConvertedFrom reports whether v is a copy of obj in another form, made
// by a call of a function given obj as its only object argument and
// returning an object: obj.DeepCopy(), or a conversion of the module
// (cluster-api's CAPD hands dockerClusterToDevCluster(obj) to the backend
// that removes its finalizer, and copies the result back in a deferred
// call). Identity (Same) keeps such a copy apart from obj; a check that
// asks where obj's finalizers are handled asks this too.
func (r *Result) ConvertedFrom(fn *ssa.Function, v, obj ssa.Value) bool {
	v = ssaflow.Strip(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		// A variable a closure captures (the deferred copy back) lives
		// in memory: its one stored value.
		if st := ssaflow.CellStores(ld.X); len(st) == 1 {
			v = ssaflow.Strip(st[0])
		}
	}
	call, ok := v.(*ssa.Call)
	if !ok || call.Call.IsInvoke() || call.Call.StaticCallee() == nil || !ObjectParam(call.Type()) {
		return false
	}
	if _, _, isClient := crapi.ClientCallSSA(call.Common()); isClient {
		return false
	}
	var given ssa.Value
	for _, a := range call.Call.Args {
		if !ObjectParam(a.Type()) {
			continue
		}
		if given != nil {
			return false // made from several objects: a new one
		}
		given = a
	}
	return given != nil && (given == obj || r.Same(fn, given, obj))
}
