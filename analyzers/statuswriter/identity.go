package statuswriter

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
)

// identity decides which SSA values of one function denote the same
// object. On top of lifecycle.Objects (conversions, objects fetched with
// the same key), it treats address computations repeated with the same
// shape as one: &list.Items[i] computed for a store and again for the
// Update, and the loads of a variable captured by a closure, which SSA
// reloads at every use.
type identity struct {
	objs *lifecycle.Objects
	reps map[shapeKey]ssa.Value
	memo map[ssa.Value]ssa.Value
}

type shapeKey struct {
	op    byte // 'f' field address, 'F' field, 'i' index address, 'I' index, 'l' load
	base  ssa.Value
	field int
	index any // an ssa.Value, or the constant's exact string
}

func newIdentity(fn *ssa.Function) *identity {
	return &identity{objs: lifecycle.NewObjects(fn), reps: map[shapeKey]ssa.Value{}, memo: map[ssa.Value]ssa.Value{}}
}

// key returns the representative of the object v denotes.
func (id *identity) key(v ssa.Value) ssa.Value {
	if v == nil {
		return nil
	}
	return id.objs.Rep(id.shape(lifecycle.Strip(v), 0))
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
		k = shapeKey{op: 'f', base: id.shape(lifecycle.Strip(x.X), depth+1), field: x.Field}
	case *ssa.Field:
		k = shapeKey{op: 'F', base: id.shape(lifecycle.Strip(x.X), depth+1), field: x.Field}
	case *ssa.IndexAddr:
		k = shapeKey{op: 'i', base: id.shape(lifecycle.Strip(x.X), depth+1), index: indexKey(x.Index)}
	case *ssa.Index:
		k = shapeKey{op: 'I', base: id.shape(lifecycle.Strip(x.X), depth+1), index: indexKey(x.Index)}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return v
		}
		if alloc, ok := x.X.(*ssa.Alloc); ok {
			if st := lifecycle.StoresOnce(alloc); st != nil {
				r := id.shape(lifecycle.Strip(st.Val), depth+1)
				id.memo[v] = r
				return r
			}
		}
		k = shapeKey{op: 'l', base: id.shape(lifecycle.Strip(x.X), depth+1)}
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

// base returns the value v's address is computed from: the variable,
// parameter or call whose memory holds the object (list for
// &list.Items[i]).
func base(v ssa.Value) ssa.Value {
	for i := 0; i < 16; i++ {
		v = lifecycle.Strip(v)
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
