package lifecycle

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Objects decides, within one function, whether two SSA values denote the
// same Kubernetes object: the same value up to conversions, the same
// element or field path (&list.Items[i] written twice), or objects fetched
// with the same key (a re-fetch into a new variable, or a Get keyed by
// client.ObjectKeyFromObject(other)).
type Objects struct {
	parent map[ssa.Value]ssa.Value
	paths  map[pathKey]ssa.Value
}

type pathKey struct {
	base  ssa.Value
	field int
	index ssa.Value
}

// NewObjects prepares object identity for fn.
func NewObjects(fn *ssa.Function) *Objects {
	o := &Objects{parent: map[ssa.Value]ssa.Value{}, paths: map[pathKey]ssa.Value{}}
	// Objects of different types fetched with one key (the Deployment
	// and the Service named after their owner) are different objects.
	byKey := map[ssa.Value][]ssa.Value{}
	for _, site := range crapi.ClientCalls(fn) {
		keyArg, objArg, ok := site.IsGetOf()
		if !ok {
			continue
		}
		obj := o.Rep(objArg)
		key := Strip(keyArg)
		if kc, ok := crapi.IsCallTo(key, crapi.ClientPkg, "ObjectKeyFromObject"); ok && len(kc.Call.Args) == 1 {
			if other := o.Rep(kc.Call.Args[0]); sameType(obj, other) {
				o.union(obj, other)
			}
			continue
		}
		k := o.Rep(key)
		found := false
		for _, first := range byKey[k] {
			if sameType(obj, first) {
				o.union(obj, first)
				found = true
				break
			}
		}
		if !found {
			byKey[k] = append(byKey[k], obj)
		}
	}
	return o
}

// sameType reports whether the objects a and b, stripped of conversions,
// may be of one type: the same static type, or an interface.
func sameType(a, b ssa.Value) bool {
	ta, tb := Strip(a).Type(), Strip(b).Type()
	return types.Identical(ta, tb) || types.IsInterface(ta) || types.IsInterface(tb)
}

// Same reports whether a and b denote the same object.
func (o *Objects) Same(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	return o.Rep(a) == o.Rep(b)
}

// Rep returns the representative of v's object.
func (o *Objects) Rep(v ssa.Value) ssa.Value {
	v = o.canon(Strip(v), 0)
	for {
		p, ok := o.parent[v]
		if !ok || p == v {
			return v
		}
		v = p
	}
}

func (o *Objects) union(a, b ssa.Value) {
	ra, rb := o.Rep(a), o.Rep(b)
	if ra != rb {
		o.parent[ra] = rb
	}
}

// canon maps an address computed twice the same way to its first
// occurrence, and a load of a variable stored once to the stored value.
func (o *Objects) canon(v ssa.Value, depth int) ssa.Value {
	if depth > 8 {
		return v
	}
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return o.path(v, pathKey{base: o.canon(Strip(x.X), depth+1), field: x.Field})
	case *ssa.IndexAddr:
		return o.path(v, pathKey{base: o.canon(Strip(x.X), depth+1), field: -1, index: x.Index})
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				// Stored once as a whole and never through a field:
				// key := NamespacedName{...}; key.Name = other is
				// another key.
				if st := StoresOnce(alloc); st != nil && len(ssaflow.StoresTo(alloc)) == 1 {
					return o.canon(Strip(st.Val), depth+1)
				}
			}
		}
	}
	return v
}

func (o *Objects) path(v ssa.Value, k pathKey) ssa.Value {
	if first, ok := o.paths[k]; ok {
		return first
	}
	o.paths[k] = v
	return v
}

// StoresOnce returns the only store into alloc, or nil.
func StoresOnce(alloc *ssa.Alloc) *ssa.Store {
	var only *ssa.Store
	refs := alloc.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			if only != nil {
				return nil
			}
			only = st
		}
	}
	return only
}
