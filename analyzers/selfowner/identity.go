package selfowner

import (
	"fmt"
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

// checker holds the shared object identity and caches, per function, the
// keys its Gets use.
type checker struct {
	objs *objects.Result
	keys map[*ssa.Function]map[ssa.Value][]key
}

// key describes the key of a Get: where its name and its namespace come
// from, as rendered by checker.desc; from is x for a key
// client.ObjectKeyFromObject(x).
type key struct {
	name, ns string
	from     ssa.Value
}

func newChecker(objs *objects.Result) *checker {
	return &checker{objs: objs, keys: map[*ssa.Function]map[ssa.Value][]key{}}
}

// resolve strips the conversions of v that keep the object it denotes and
// follows a closure's free variable to the value it is bound to, so that
// objects used in a closure (a CreateOrUpdate mutate function) are compared
// in the function that defines them.
func resolve(v ssa.Value) ssa.Value {
	for i := 0; i < maxDepth && v != nil; i++ {
		v = ssaflow.Strip(v)
		switch x := v.(type) {
		case *ssa.FreeVar:
			b := ssaflow.Binding(x)
			if b == nil {
				return v
			}
			v = b
			continue
		case *ssa.UnOp:
			// A captured variable assigned once: its only value.
			if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
				if stores := ssaflow.CellStores(fv); len(stores) == 1 {
					v = stores[0]
					continue
				}
			}
		}
		return v
	}
	return v
}

func parentOf(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case ssa.Instruction:
		return x.Parent()
	case *ssa.Parameter:
		return x.Parent()
	case *ssa.FreeVar:
		return x.Parent()
	}
	return nil
}

// rep returns v's function and v resolved: stripped of conversions and
// followed out of closures.
func (c *checker) rep(v ssa.Value) (*ssa.Function, ssa.Value) {
	v = resolve(v)
	return parentOf(v), v
}

// identical reports whether a and b denote the same object without
// reasoning about keys: the same value, the same path or variable by
// objects.Identity, or, for two arguments of one call (sameCall), loads of
// one field path. Objects fetched by a Get are compared by sameObject's
// key comparison, which also equates keys built alike from one source
// (req.NamespacedName and {req.Namespace, req.Name}).
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
	if sameCall && isLoad(ra) && isLoad(rb) && c.desc(ra, 0) == c.desc(rb, 0) {
		return true
	}
	keys := c.getKeys(fa)
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
	keys := c.getKeys(fa)
	for _, ka := range keys[ra] {
		for _, kb := range keys[rb] {
			if ka.name == kb.name && ka.ns == kb.ns {
				return "both are fetched with the same key", true
			}
		}
		// A re-fetch by client.ObjectKeyFromObject(owner).
		if ka.from != nil && c.identical(ka.from, rb, false) {
			return "one is re-fetched with client.ObjectKeyFromObject of the other", true
		}
	}
	for _, kb := range keys[rb] {
		if kb.from != nil && c.identical(kb.from, ra, false) {
			return "one is re-fetched with client.ObjectKeyFromObject of the other", true
		}
	}
	return "", false
}

// getKeys returns, for each object fn fetches with client Get (stripped of
// conversions), the keys it is fetched with.
func (c *checker) getKeys(fn *ssa.Function) map[ssa.Value][]key {
	if m, ok := c.keys[fn]; ok {
		return m
	}
	m := map[ssa.Value][]key{}
	c.keys[fn] = m
	for _, site := range crapi.ClientCalls(fn) {
		k, obj, ok := site.IsGetOf()
		if !ok {
			continue
		}
		r := ssaflow.Strip(obj)
		kd, ok := c.keyDesc(k)
		if !ok {
			kd = key{name: "?", ns: fmt.Sprintf("@%p", k)} // matches no other key
		}
		m[r] = append(m[r], kd)
	}
	return m
}

// keyDesc describes a Get key: a key literal by the sources of its Name and
// Namespace fields, client.ObjectKeyFromObject(x) as x's name and
// namespace, any other key value (req.NamespacedName) by its own source.
func (c *checker) keyDesc(v ssa.Value) (key, bool) {
	for i := 0; i < maxDepth; i++ {
		v = ssaflow.StripConv(v)
		switch x := v.(type) {
		case *ssa.UnOp:
			alloc, ok := x.X.(*ssa.Alloc)
			if !ok || x.Op != token.MUL {
				break
			}
			stores := ssaflow.StoresTo(alloc)
			if len(stores) == 1 && stores[0].Addr == alloc {
				v = stores[0].Val
				continue
			}
			var name, ns []ssa.Value
			for _, st := range stores {
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					return key{}, false
				}
				switch ssaflow.FieldName(fa.X.Type(), fa.Field) {
				case "Name":
					name = append(name, st.Val)
				case "Namespace":
					ns = append(ns, st.Val)
				}
			}
			// A key variable written more than once may name two objects.
			if len(name) != 1 || len(ns) > 1 {
				return key{}, false
			}
			k := key{name: c.desc(name[0], 0), ns: `const:""`}
			if len(ns) == 1 {
				k.ns = c.desc(ns[0], 0)
			}
			return k, true
		case *ssa.Call:
			if call, ok := crapi.IsCallTo(x, crapi.ClientPkg, "ObjectKeyFromObject"); ok && len(call.Call.Args) == 1 {
				d := c.desc(call.Call.Args[0], 0)
				return key{name: d + ".Name", ns: d + ".Namespace", from: call.Call.Args[0]}, true
			}
		case *ssa.Phi:
			return key{}, false
		}
		d := c.desc(v, 0)
		return key{name: d + ".Name", ns: d + ".Namespace"}, true
	}
	return key{}, false
}

// desc renders where the value v comes from, so that two values read from
// the same place compare equal: a constant by its value, a field by its
// path from an object (embedded fields left out, so that req.Name and
// req.NamespacedName.Name, obj.Name and obj.GetName() agree), any other
// value by the identity of the object it denotes.
func (c *checker) desc(v ssa.Value, depth int) string {
	if depth > maxDepth {
		return fmt.Sprintf("@%p", v)
	}
	v = ssaflow.StripConv(v)
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil {
			return "zero:" + x.Type().String()
		}
		return "const:" + x.Value.ExactString()
	case *ssa.Field:
		return c.fieldDesc(x.X, x.X.Type(), x.Field, depth)
	case *ssa.FieldAddr:
		return c.fieldDesc(x.X, x.X.Type(), x.Field, depth)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			switch a := x.X.(type) {
			case *ssa.FieldAddr:
				return c.desc(a, depth+1)
			case *ssa.Alloc:
				if st := ssaflow.StoresOnce(a); st != nil && len(ssaflow.StoresTo(a)) == 1 {
					return c.desc(st.Val, depth+1)
				}
			}
		}
	case *ssa.Call:
		if fn := crapi.Callee(x.Common()); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == lifecycle.MetaV1Pkg &&
			fn.Signature().Recv() != nil && fn.Signature().Params().Len() == 0 {
			if recv := crapi.Receiver(x.Common()); recv != nil {
				switch fn.Name() {
				case "GetName":
					return c.desc(recv, depth+1) + ".Name"
				case "GetNamespace":
					return c.desc(recv, depth+1) + ".Namespace"
				case "GetUID":
					return c.desc(recv, depth+1) + ".UID"
				}
			}
		}
	}
	_, r := c.rep(v)
	return fmt.Sprintf("@%p", r)
}

func (c *checker) fieldDesc(x ssa.Value, t types.Type, i int, depth int) string {
	f := ssaflow.Field(t, i)
	if f == nil {
		return fmt.Sprintf("@%p", x)
	}
	base := c.desc(x, depth+1)
	if f.Embedded() {
		return base
	}
	return base + "." + f.Name()
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
