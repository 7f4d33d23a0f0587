package selfowner

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxDepth bounds the recursive walks over values.
const maxDepth = 16

// checker asks the shared object layer for identity and Get keys.
type checker struct {
	objs *objects.Result
}

// rep returns v's function and v resolved: stripped of conversions and
// followed out of closures.
func (c *checker) rep(v ssa.Value) (*ssa.Function, ssa.Value) {
	v = objects.Outer(v)
	return objects.ParentOf(v), v
}

// identical reports whether a and b denote the same object without
// reasoning about keys: the same value, the same path or variable by
// the object layer, or, for two arguments of one call (sameCall), loads of
// one field path. Objects fetched by a Get are compared by sameObject on
// their keys, to say why they are one.
func (c *checker) identical(a, b ssa.Value, sameCall bool) bool {
	fa, ra := c.rep(a)
	fb, rb := c.rep(b)
	if fa == nil || fa != fb {
		return false
	}
	if ra == rb {
		return true
	}
	// Two loads of one field path in one call (h.owner, h.owner) read one
	// value: nothing runs between the evaluations of the arguments.
	if sameCall && isLoad(ra) && isLoad(rb) && c.objs.Source(ra) == c.objs.Source(rb) {
		return true
	}
	keys := c.objs.FetchKeys(fa)
	if _, ok := keys[ra]; ok {
		return false
	}
	if _, ok := keys[rb]; ok {
		return false
	}
	return c.objs.Same(fa, ra, rb)
}

// isLoad reports whether v reads a field (s.owner, (*p).owner).
func isLoad(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Field:
		return true
	case *ssa.UnOp:
		_, ok := x.X.(*ssa.FieldAddr)
		return ok && x.Op == token.MUL
	}
	return false
}

// sameObject reports whether owner and owned denote the same Kubernetes
// object at the call, and why.
func (c *checker) sameObject(owner, owned ssa.Value) (string, bool) {
	fa, ra := c.rep(owner)
	fb, rb := c.rep(owned)
	if fa == nil || fa != fb {
		return "", false
	}
	if c.identical(ra, rb, true) {
		return "the same value", true
	}
	for _, p := range [][2]ssa.Value{{ra, rb}, {rb, ra}} {
		if orig, ok := deepCopyOf(p[1]); ok && keepsIdentity(p[1]) && c.identical(orig, p[0], false) {
			return "a DeepCopy keeps the name and UID", true
		}
	}
	if !types.Identical(ra.Type(), rb.Type()) || types.IsInterface(ra.Type()) {
		return "", false
	}
	keys := c.objs.FetchKeys(fa)
	for _, ka := range keys[ra] {
		for _, kb := range keys[rb] {
			if ka.Name == kb.Name && ka.Namespace == kb.Namespace {
				return "both are fetched with the same key", true
			}
		}
		// A re-fetch by client.ObjectKeyFromObject(owner).
		if ka.From != nil && c.identical(ka.From, rb, false) {
			return "one is re-fetched with client.ObjectKeyFromObject of the other", true
		}
	}
	for _, kb := range keys[rb] {
		if kb.From != nil && c.identical(kb.From, ra, false) {
			return "one is re-fetched with client.ObjectKeyFromObject of the other", true
		}
	}
	return "", false
}

// deepCopyOf recognises v as obj.DeepCopy() or obj.DeepCopyObject() (the
// generated deep copies) and returns obj.
func deepCopyOf(v ssa.Value) (ssa.Value, bool) {
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

// identityFields are the fields whose change makes a copy another object.
var identityFields = map[string]bool{
	"ObjectMeta": true, "Name": true, "GenerateName": true, "Namespace": true, "UID": true,
}

// keepsIdentity reports whether the copy (a DeepCopy call) provably keeps
// the name, namespace and UID of its original: none of them is assigned,
// set through a setter, or reset, and the copy is passed to no function
// that might (only to the owner-reference setters, client methods and its
// own getters).
func keepsIdentity(dup ssa.Value) bool {
	seen := map[ssa.Value]bool{}
	var ok func(v ssa.Value, identity bool, depth int) bool
	ok = func(v ssa.Value, identity bool, depth int) bool {
		if seen[v] {
			return true
		}
		if depth > maxDepth {
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
					return false // stored away: we lose track of it
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
	if _, _, _, ok := ownerCall(cc); ok {
		return true
	}
	if _, _, ok := crapi.ClientCallSSA(cc); ok {
		return true
	}
	fn := crapi.Callee(cc)
	if fn == nil {
		return false
	}
	if recv := crapi.Receiver(cc); recv == v && fn.Signature().Recv() != nil {
		switch fn.Name() {
		case "SetName", "SetGenerateName", "SetNamespace", "SetUID", "DeepCopyInto":
			return false
		}
		// Getters of ObjectMeta, and the generated deep copies.
		if fn.Pkg() != nil && fn.Pkg().Path() == lifecycle.MetaV1Pkg && len(fn.Name()) > 3 && fn.Name()[:3] == "Get" {
			return true
		}
		return fn.Name() == "DeepCopy" || fn.Name() == "DeepCopyObject" || fn.Name() == "GetObjectKind"
	}
	return crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "AddFinalizer", "ContainsFinalizer", "HasControllerReference")
}
