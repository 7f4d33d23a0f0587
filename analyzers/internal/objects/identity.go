package objects

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// identity decides, within one function, which SSA values denote the same
// Kubernetes object:
//   - the same value up to conversions (to client.Object, back by type
//     assertion);
//   - addresses computed the same way (&list.Items[i] computed for a store
//     and again for the Update; a constant index by its value), and the
//     loads of one address (a variable captured by a closure, which SSA
//     reloads at every use);
//   - a load of a variable stored once, and the value stored;
//   - objects of one type fetched with keys built from the same sources (a
//     re-fetch into a new variable: req.NamespacedName and
//     {Namespace: req.Namespace, Name: req.Name} agree), or a Get keyed by
//     client.ObjectKeyFromObject(other).
//
// It is not safe for concurrent use.
type identity struct {
	parent map[ssa.Value]ssa.Value
	reps   map[shapeKey]ssa.Value
	memo   map[ssa.Value]ssa.Value
	// keys are the keys of the objects fn fetches (see FetchKeys).
	keys    map[ssa.Value][]FetchKey
	fetched []ssa.Value // the keys of keys, in the order of the Gets
}

type shapeKey struct {
	op    byte // 'f' field address, 'F' field, 'i' index address, 'I' index, 'l' load
	base  ssa.Value
	field int
	index any // an ssa.Value, or the constant's exact string
}

// newIdentity prepares object identity for fn.
func newIdentity(fn *ssa.Function) *identity {
	id := &identity{parent: map[ssa.Value]ssa.Value{}, reps: map[shapeKey]ssa.Value{}, memo: map[ssa.Value]ssa.Value{},
		keys: map[ssa.Value][]FetchKey{}}
	id.fetchKeys(fn)
	// Objects of one type fetched with keys of the same sources are one
	// object; objects of different types fetched with one key (the
	// Deployment and the Service named after their owner) are not.
	byKey := map[[2]string][]ssa.Value{}
	for _, o := range id.fetched {
		for _, k := range id.keys[o] {
			if k.From != nil {
				if other := id.Key(k.From); sameType(o, other) {
					id.union(o, other)
				}
				continue
			}
			byKey[[2]string{k.Name, k.Namespace}] = append(byKey[[2]string{k.Name, k.Namespace}], o)
		}
	}
	for _, objs := range byKey {
		for i, o := range objs {
			for _, first := range objs[:i] {
				if sameType(o, first) {
					id.union(o, first)
					break
				}
			}
		}
	}
	return id
}

// sameType reports whether the objects a and b, stripped of conversions,
// may be of one type: the same static type, or an interface.
func sameType(a, b ssa.Value) bool {
	ta, tb := ssaflow.Strip(a).Type(), ssaflow.Strip(b).Type()
	return types.Identical(ta, tb) || types.IsInterface(ta) || types.IsInterface(tb)
}

// Same reports whether a and b denote the same object.
func (id *identity) Same(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	return id.Key(a) == id.Key(b)
}

// Alias reports whether a and b are the same Go object in memory: Same
// without the objects read from the server by one key into two variables.
func (id *identity) Alias(a, b ssa.Value) bool {
	if a == nil || b == nil {
		return false
	}
	return id.shape(ssaflow.Strip(a), 0) == id.shape(ssaflow.Strip(b), 0)
}

// Key returns the representative of the object v denotes; nil for nil.
func (id *identity) Key(v ssa.Value) ssa.Value {
	if v == nil {
		return nil
	}
	v = id.shape(ssaflow.Strip(v), 0)
	for {
		p, ok := id.parent[v]
		if !ok || p == v {
			return v
		}
		v = p
	}
}

func (id *identity) union(a, b ssa.Value) {
	ra, rb := id.Key(a), id.Key(b)
	if ra != rb {
		id.parent[ra] = rb
	}
}

// shape maps v to the first value computed the same way.
func (id *identity) shape(v ssa.Value, depth int) ssa.Value {
	if r, ok := id.memo[v]; ok {
		return r
	}
	if depth > 12 {
		return v
	}
	var k shapeKey
	switch x := v.(type) {
	case *ssa.FieldAddr:
		k = shapeKey{op: 'f', base: id.shape(ssaflow.Strip(x.X), depth+1), field: x.Field}
	case *ssa.Field:
		k = shapeKey{op: 'F', base: id.shape(ssaflow.Strip(x.X), depth+1), field: x.Field}
	case *ssa.IndexAddr:
		k = shapeKey{op: 'i', base: id.shape(ssaflow.Strip(x.X), depth+1), index: indexKey(x.Index)}
	case *ssa.Index:
		k = shapeKey{op: 'I', base: id.shape(ssaflow.Strip(x.X), depth+1), index: indexKey(x.Index)}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return v
		}
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			// Stored once as a whole and never through a field:
			// key := NamespacedName{...}; key.Name = other is another
			// key.
			if st := ssaflow.StoresOnce(alloc); st != nil && len(ssaflow.StoresTo(alloc)) == 1 {
				r := id.shape(ssaflow.Strip(st.Val), depth+1)
				id.memo[v] = r
				return r
			}
		}
		k = shapeKey{op: 'l', base: id.shape(ssaflow.Strip(x.X), depth+1)}
	default:
		return v
	}
	r, ok := id.reps[k]
	if !ok {
		id.reps[k] = v
		r = v
	}
	id.memo[v] = r
	return r
}

func indexKey(v ssa.Value) any {
	if c, ok := v.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.Int {
		return c.Value.ExactString()
	}
	return v
}

// Base returns the value v's address is computed from: the variable,
// parameter or call whose memory holds the object (list for
// &list.Items[i]).
func Base(v ssa.Value) ssa.Value {
	for i := 0; i < 16; i++ {
		v = ssaflow.Strip(v)
		switch x := v.(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
	return v
}
