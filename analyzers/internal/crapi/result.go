package crapi

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Requeue tells what a reconcile.Result value asks of the controller.
type Requeue int

const (
	// RequeueUnknown means the value comes from somewhere this package
	// cannot see into (a call, a parameter, memory whose address escapes).
	RequeueUnknown Requeue = iota
	// RequeueNone means the zero Result (ctrl.Result{}), or one that sets
	// only Priority or sets RequeueAfter/Requeue to constant zero values.
	RequeueNone
	// RequeueSet means Requeue or RequeueAfter may be set to a value not
	// known to be zero (RequeueAfter: d counts even if d may be 0 at run
	// time).
	RequeueSet
)

// String names r for messages and tests.
func (r Requeue) String() string {
	switch r {
	case RequeueNone:
		return "none"
	case RequeueSet:
		return "set"
	}
	return "unknown"
}

// ResultRequeue tells whether v, a reconcile.Result value in SSA form, asks
// for a requeue. The zero Result is either a constant or a load of a local
// variable whose fields are stored into (ctrl.Result{RequeueAfter: d}, or
// res.RequeueAfter = d); all stores into the variable are considered, in
// whatever order they run, so RequeueNone means no store sets a requeue.
func ResultRequeue(v ssa.Value) Requeue {
	if v == nil || !IsResult(v.Type()) {
		return RequeueUnknown
	}
	return resultRequeue(v, map[ssa.Value]bool{}, 0)
}

// ResultPtrRequeue is ResultRequeue for v, a *reconcile.Result a helper
// returns: &ctrl.Result{...}, a fresh variable whose fields are stored
// into. A nil pointer, or any other pointer, is RequeueUnknown.
func ResultPtrRequeue(v ssa.Value) Requeue {
	alloc, ok := v.(*ssa.Alloc)
	if !ok || !IsResult(pointee(alloc.Type())) {
		return RequeueUnknown
	}
	return allocRequeue(alloc, map[ssa.Value]bool{}, 0)
}

// pointee is the element type of a pointer type, or t itself.
func pointee(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// maxResultDepth bounds the walk through phis and copies.
const maxResultDepth = 16

func resultRequeue(v ssa.Value, seen map[ssa.Value]bool, depth int) Requeue {
	if seen[v] {
		// Already merged into the answer (a phi cycle, a shared value).
		return RequeueNone
	}
	if depth > maxResultDepth {
		return RequeueUnknown
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return RequeueNone // a struct constant is always the zero value
	case *ssa.Phi:
		r := RequeueNone
		for _, e := range x.Edges {
			r = mergeRequeue(r, resultRequeue(e, seen, depth+1))
		}
		return r
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return allocRequeue(alloc, seen, depth)
		}
	}
	return RequeueUnknown
}

// allocRequeue merges what every store into the local Result variable
// alloc sets; an address that escapes (passed to a call, stored) makes the
// answer unknown.
func allocRequeue(alloc *ssa.Alloc, seen map[ssa.Value]bool, depth int) Requeue {
	refs := alloc.Referrers()
	if refs == nil {
		return RequeueUnknown
	}
	r := RequeueNone
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != alloc {
				return RequeueUnknown // the address itself is stored
			}
			r = mergeRequeue(r, resultRequeue(ref.Val, seen, depth+1))
		case *ssa.UnOp:
			// a load
		case *ssa.DebugRef:
		case *ssa.Return:
			// &ctrl.Result{...} returned: what was stored is the answer.
		case *ssa.FieldAddr:
			r = mergeRequeue(r, fieldRequeue(ref))
		default:
			return RequeueUnknown
		}
		if r == RequeueUnknown {
			return r
		}
	}
	return r
}

// fieldRequeue tells what the stores through the field address fa set.
func fieldRequeue(fa *ssa.FieldAddr) Requeue {
	st, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return RequeueUnknown
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field < 0 || fa.Field >= s.NumFields() {
		return RequeueUnknown
	}
	name := s.Field(fa.Field).Name()
	refs := fa.Referrers()
	if refs == nil {
		return RequeueUnknown
	}
	r := RequeueNone
	for _, ref := range *refs {
		switch ref := ref.(type) {
		case *ssa.Store:
			if ref.Addr != fa {
				return RequeueUnknown
			}
			switch name {
			case "Requeue", "RequeueAfter":
				if !IsZeroConst(ref.Val) {
					r = RequeueSet
				}
			case "Priority":
				// Only orders the queue; asks for nothing.
			default:
				return RequeueUnknown // a field added after this was written
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return RequeueUnknown
		}
	}
	return r
}

// mergeRequeue combines the answers of two possible values.
func mergeRequeue(a, b Requeue) Requeue {
	if a == RequeueUnknown || b == RequeueUnknown {
		return RequeueUnknown
	}
	if a == RequeueSet || b == RequeueSet {
		return RequeueSet
	}
	return RequeueNone
}

// IsZeroConst reports whether v is a constant false, zero or nil.
func IsZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil {
		return true
	}
	switch c.Value.Kind() {
	case constant.Bool:
		return !constant.BoolVal(c.Value)
	case constant.Int, constant.Float:
		return constant.Sign(c.Value) == 0
	}
	return false
}
