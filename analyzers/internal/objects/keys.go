package objects

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxKeyDepth bounds the walks over the values a key is built from.
const maxKeyDepth = 16

// FetchKey is the key of a Get, as the sources of its name and namespace
// (see Result.Source); From is x for client.ObjectKeyFromObject(x).
type FetchKey struct {
	Name, Namespace string
	From            ssa.Value
}

// FetchKeys returns, for each object fn fetches with a client Get
// (stripped of conversions), the keys it is fetched with. A key whose
// source is not known matches no other.
func (r *Result) FetchKeys(fn *ssa.Function) map[ssa.Value][]FetchKey {
	if r.e == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.identity(fn).keys
}

// Source describes where v comes from, so that two values read from the
// same place compare equal: a constant by its value, a field by its path
// from an object (embedded fields left out, so that req.Name and
// req.NamespacedName.Name, obj.Name and obj.GetName() agree), any other
// value by the identity of the object it denotes. A value captured by a
// closure is described in the function that binds it.
func (r *Result) Source(v ssa.Value) string {
	if r.e == nil {
		return fmt.Sprintf("@%p", v)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	fn := ssaflow.ParentOf(ssaflow.Outer(v))
	if fn == nil {
		return fmt.Sprintf("@%p", v)
	}
	return r.e.identity(fn).source(v, 0)
}

// fetchKeys records the key of every Get of fn.
func (id *identity) fetchKeys(fn *ssa.Function) {
	for _, site := range crapi.ClientCalls(fn) {
		keyArg, obj, ok := site.IsGetOf()
		if !ok {
			continue
		}
		k, ok := id.fetchKey(keyArg)
		if !ok {
			k = FetchKey{Name: "?", Namespace: fmt.Sprintf("@%p", keyArg)} // matches no other key
		}
		o := ssaflow.Strip(obj)
		if _, seen := id.keys[o]; !seen {
			id.fetched = append(id.fetched, o)
		}
		id.keys[o] = append(id.keys[o], k)
	}
}

// fetchKey describes a Get key: a key literal by the sources of its Name
// and Namespace fields, client.ObjectKeyFromObject(x) as x's name and
// namespace, any other key value (req.NamespacedName) by its own source.
func (id *identity) fetchKey(v ssa.Value) (FetchKey, bool) {
	for i := 0; i < maxKeyDepth; i++ {
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
					return FetchKey{}, false
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
				return FetchKey{}, false
			}
			k := FetchKey{Name: id.source(name[0], 0), Namespace: `const:""`}
			if len(ns) == 1 {
				k.Namespace = id.source(ns[0], 0)
			}
			return k, true
		case *ssa.Call:
			if call, ok := crapi.IsCallTo(x, crapi.ClientPkg, "ObjectKeyFromObject"); ok && len(call.Call.Args) == 1 {
				d := id.source(call.Call.Args[0], 0)
				return FetchKey{Name: d + ".Name", Namespace: d + ".Namespace", From: call.Call.Args[0]}, true
			}
		case *ssa.Phi:
			return FetchKey{}, false
		}
		d := id.source(v, 0)
		return FetchKey{Name: d + ".Name", Namespace: d + ".Namespace"}, true
	}
	return FetchKey{}, false
}

// source implements Result.Source for a value of id's function, or of a
// closure of it.
func (id *identity) source(v ssa.Value, depth int) string {
	if depth > maxKeyDepth {
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
		return id.fieldSource(x.X, x.X.Type(), x.Field, depth)
	case *ssa.FieldAddr:
		return id.fieldSource(x.X, x.X.Type(), x.Field, depth)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			switch a := x.X.(type) {
			case *ssa.FieldAddr:
				return id.source(a, depth+1)
			case *ssa.Alloc:
				if st := ssaflow.StoresOnce(a); st != nil && len(ssaflow.StoresTo(a)) == 1 {
					return id.source(st.Val, depth+1)
				}
			}
		}
	case *ssa.Call:
		if fn := crapi.Callee(x.Common()); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == lifecycle.MetaV1Pkg &&
			fn.Signature().Recv() != nil && fn.Signature().Params().Len() == 0 {
			if recv := crapi.Receiver(x.Common()); recv != nil {
				switch fn.Name() {
				case "GetName":
					return id.source(recv, depth+1) + ".Name"
				case "GetNamespace":
					return id.source(recv, depth+1) + ".Namespace"
				case "GetUID":
					return id.source(recv, depth+1) + ".UID"
				}
			}
		}
	}
	return fmt.Sprintf("@%p", ssaflow.Outer(v))
}

func (id *identity) fieldSource(x ssa.Value, t types.Type, i int, depth int) string {
	f := ssaflow.Field(t, i)
	if f == nil {
		return fmt.Sprintf("@%p", x)
	}
	base := id.source(x, depth+1)
	if f.Embedded() {
		return base
	}
	return base + "." + f.Name()
}

// NameSource describes, as Source does, where the name of the object v
// denotes comes from when the code made it: the value stored into its Name
// (&T{ObjectMeta: metav1.ObjectMeta{Name: n}}, obj.Name = n,
// obj.SetName(n)), also when a function makes and returns it
// (newWidget("a"): its parameters bound to the call's arguments; a
// function of another package of the module through its fact). ok is
// false without exactly one such source.
func (r *Result) NameSource(v ssa.Value) (string, bool) {
	if r.e == nil {
		return "", false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	n, ok := r.e.nameValue(v)
	if !ok {
		return "", false
	}
	return r.e.identity(ssaflow.ParentOf(ssaflow.Outer(v))).source(n, 0), true
}

// NameValue is the value NameSource describes, in v's function (a
// constant of the constructor's, or the argument of the call bound to
// its parameter): what a caller computed the name from.
func (r *Result) NameValue(v ssa.Value) (ssa.Value, bool) {
	if r.e == nil {
		return nil, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.nameValue(v)
}

func (e *engine) nameValue(v ssa.Value) (ssa.Value, bool) {
	v = ssaflow.Outer(v)
	if ssaflow.ParentOf(v) == nil {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		if names := madeNames(x); len(names) == 1 {
			return names[0], true
		}
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil {
			return nil, false
		}
		i, c := -1, (*ssa.Const)(nil)
		if len(callee.Blocks) > 0 {
			var ok bool
			if i, c, ok = namedBy(callee); !ok {
				return nil, false
			}
		} else if obj, isFunc := callee.Object().(*types.Func); isFunc {
			if s := e.importedSummary(obj); s != nil && s.NamedBy > 0 {
				i = s.NamedBy - 1
			}
		}
		if c != nil {
			return c, true
		}
		if i >= 0 && i < len(x.Call.Args) {
			return x.Call.Args[i], true
		}
	}
	return nil, false
}

// sameConst reports whether two constants have one value.
func sameConst(a, b *ssa.Const) bool {
	return a.Value != nil && b.Value != nil && a.Value.ExactString() == b.Value.ExactString()
}

// namedBy tells what names the object fn makes and returns as its first
// result, the same on every return that gives one: its parameter i (SSA
// index), or the constant c.
func namedBy(fn *ssa.Function) (i int, c *ssa.Const, ok bool) {
	i = -1
	for ret := range ssaflow.Returns(fn) {
		if len(ret.Results) == 0 || ssaflow.IsNil(ret.Results[0]) {
			continue
		}
		a, isAlloc := ssaflow.Strip(ret.Results[0]).(*ssa.Alloc)
		var names []ssa.Value
		if isAlloc {
			names = madeNames(a)
		}
		if len(names) != 1 {
			return -1, nil, false
		}
		switch n := ssaflow.StripConv(names[0]).(type) {
		case *ssa.Const:
			if i >= 0 || (c != nil && !sameConst(c, n)) {
				return -1, nil, false
			}
			c = n
		case *ssa.Parameter:
			p := ssaflow.ParamIndex(fn, n)
			if p < 0 || c != nil || (i >= 0 && i != p) {
				return -1, nil, false
			}
			i = p
		default:
			return -1, nil, false
		}
	}
	return i, c, i >= 0 || c != nil
}

// madeNames returns the values stored into the name of the object that a
// allocates; nil when its metadata may also be set another way.
func madeNames(a *ssa.Alloc) []ssa.Value { return madeNamesDepth(a, 0) }

func madeNamesDepth(a *ssa.Alloc, depth int) []ssa.Value {
	var out []ssa.Value
	for _, r := range *a.Referrers() {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if !crapi.IsNamed(ssaflow.Deref(x.Type()), lifecycle.MetaV1Pkg, "ObjectMeta") {
				continue
			}
			names, ok := metaNames(x, 0)
			if !ok {
				return nil
			}
			out = append(out, names...)
		case *ssa.Store:
			// backup := Backup{ObjectMeta: ...}, the literal built aside
			// and copied in whole (as go/ssa does when it calls
			// functions).
			if lit := copiedLiteral(x); x.Addr == a && lit != nil && depth <= 2 {
				out = append(out, madeNamesDepth(lit, depth+1)...)
			}
		}
	}
	return out
}

// copiedLiteral returns the local value (a literal built aside) that st
// copies whole into its address (*addr = *lit), or nil.
func copiedLiteral(st *ssa.Store) *ssa.Alloc {
	load, ok := st.Val.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return nil
	}
	lit, _ := load.X.(*ssa.Alloc)
	return lit
}

// metaNames returns the values stored into the Name of the ObjectMeta at
// meta: directly, by SetName, or in a literal copied there whole.
func metaNames(meta ssa.Value, depth int) ([]ssa.Value, bool) {
	var out []ssa.Value
	for _, r := range *meta.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr != meta {
				continue
			}
			// obj.ObjectMeta = metav1.ObjectMeta{Name: n}, built aside.
			lit := copiedLiteral(x)
			if lit == nil || depth > 2 {
				return nil, false
			}
			names, ok := metaNames(lit, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, names...)
		case *ssa.FieldAddr:
			if ssaflow.FieldName(x.X.Type(), x.Field) == "Name" {
				for _, st := range *x.Referrers() {
					if st, ok := st.(*ssa.Store); ok && st.Addr == x {
						out = append(out, st.Val)
					}
				}
			}
		case *ssa.Call:
			if f := x.Call.StaticCallee(); f != nil && f.Name() == "SetName" && len(x.Call.Args) == 2 && x.Call.Args[0] == meta {
				out = append(out, x.Call.Args[1])
			}
		}
	}
	return out, true
}

// KeyedObject returns the object whose name or key v is: o.Name (a field
// of its ObjectMeta), o.GetName(), client.ObjectKeyFromObject(o); or nil.
// A helper handed such a value looks the object up again by it.
func KeyedObject(v ssa.Value) ssa.Value {
	switch v := ssaflow.Strip(v).(type) {
	case *ssa.UnOp:
		fa, ok := v.X.(*ssa.FieldAddr)
		if !ok || ssaflow.FieldName(fa.X.Type(), fa.Field) != "Name" {
			return nil
		}
		base := fa.X
		for {
			inner, ok := base.(*ssa.FieldAddr)
			if !ok {
				return base
			}
			base = inner.X
		}
	case *ssa.Call:
		cc := v.Common()
		if cc.IsInvoke() && cc.Method.Name() == "GetName" {
			return cc.Value
		}
		callee := crapi.Callee(cc)
		if callee == nil {
			return nil
		}
		if callee.Name() == "GetName" && len(cc.Args) == 1 {
			return cc.Args[0]
		}
		if crapi.IsFuncIn(callee, crapi.ClientPkg, "ObjectKeyFromObject") && len(cc.Args) == 1 {
			return ssaflow.Strip(cc.Args[0])
		}
	}
	return nil
}
