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
// obj.SetName(n)), also when a function with a body makes and returns it
// (newWidget("a"): its parameters bound to the call's arguments). ok is
// false without exactly one such source.
func (r *Result) NameSource(v ssa.Value) (string, bool) {
	if r.e == nil {
		return "", false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.nameSource(v)
}

func (e *engine) nameSource(v ssa.Value) (string, bool) {
	v = ssaflow.Outer(v)
	fn := ssaflow.ParentOf(v)
	if fn == nil {
		return "", false
	}
	switch x := v.(type) {
	case *ssa.Alloc:
		if names := madeNames(x); len(names) == 1 {
			return e.identity(fn).source(names[0], 0), true
		}
	case *ssa.Call:
		callee := x.Call.StaticCallee()
		if callee == nil || len(callee.Blocks) == 0 {
			return "", false
		}
		var src string
		for ret := range ssaflow.Returns(callee) {
			if len(ret.Results) == 0 || ssaflow.IsNil(ret.Results[0]) {
				continue
			}
			a, ok := ssaflow.Strip(ret.Results[0]).(*ssa.Alloc)
			names := []ssa.Value(nil)
			if ok {
				names = madeNames(a)
			}
			if len(names) != 1 {
				return "", false
			}
			var s string
			switch n := ssaflow.StripConv(names[0]).(type) {
			case *ssa.Const:
				s = e.identity(callee).source(n, 0)
			case *ssa.Parameter:
				i := ssaflow.ParamIndex(callee, n)
				if i < 0 || i >= len(x.Call.Args) {
					return "", false
				}
				s = e.identity(fn).source(x.Call.Args[i], 0)
			default:
				return "", false
			}
			if src != "" && s != src {
				return "", false
			}
			src = s
		}
		return src, src != ""
	}
	return "", false
}

// madeNames returns the values stored into the name of the object that a
// allocates; nil when its metadata may also be set another way.
func madeNames(a *ssa.Alloc) []ssa.Value {
	var out []ssa.Value
	for _, r := range *a.Referrers() {
		if meta, ok := r.(*ssa.FieldAddr); ok && crapi.IsNamed(ssaflow.Deref(meta.Type()), lifecycle.MetaV1Pkg, "ObjectMeta") {
			names, ok := metaNames(meta, 0)
			if !ok {
				return nil
			}
			out = append(out, names...)
		}
	}
	return out
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
			load, ok := x.Val.(*ssa.UnOp)
			if !ok || load.Op != token.MUL || depth > 2 {
				return nil, false
			}
			lit, ok := load.X.(*ssa.Alloc)
			if !ok {
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
