package lostwakeup

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// A guard that decides to return may prove that the work the return
// skips is already done: "if obj.Status.Phase == want && obj.Status.Count
// == n { return ctrl.Result{}, nil }" before a status update that sets
// Phase to want and Count to n. Such a write changes nothing on the
// returning path, so it is not work left.

// maxGuard bounds how many blocks above the return the guard is looked
// for.
const maxGuard = 16

// fact is what a guard proves on the returning path: the field path of
// the object obj (a pointer to a Kubernetes object) holds val; or, with
// deref, the value val points to.
type fact struct {
	obj   ssa.Value
	path  []*types.Var
	val   ssa.Value
	deref bool
}

// guardFacts returns what the guard of ret proves: the conditions of the
// branches that lead to ret with no other way in (the blocks above ret
// that each have one predecessor: "if a && b { return }" gives a and b).
// A fact about an object that an instruction between its branch and ret
// may change is dropped.
func (a *analyzer) guardFacts(fn *ssa.Function, ret *ssa.Return) []fact {
	var facts []fact
	var below []*ssa.BasicBlock // the blocks from b down to ret's
	seen := map[*ssa.BasicBlock]bool{}
	for b := ret.Block(); b != nil && len(below) < maxGuard && len(b.Preds) == 1 && !seen[b]; b = b.Preds[0] {
		seen[b] = true
		below = append(below, b)
		p := b.Preds[0]
		ifi, ok := ssaflow.Last(p).(*ssa.If)
		if !ok || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
			continue
		}
		for _, f := range a.condFacts(ifi.Cond, p.Succs[0] == b, 0) {
			if !a.changedIn(fn, below, f.obj) {
				facts = append(facts, f)
			}
		}
	}
	return facts
}

// changedIn reports whether an instruction of blocks may change obj, or
// read, write or replace it.
func (a *analyzer) changedIn(fn *ssa.Function, blocks []*ssa.BasicBlock, obj ssa.Value) bool {
	for _, b := range blocks {
		for _, instr := range b.Instrs {
			eff, ev := a.objs.EffectOf(fn, instr, obj)
			if eff.Strong != 0 || eff.Weak != 0 || ev != objects.None {
				return true
			}
		}
	}
	return false
}

// condFacts returns the facts that cond proves when it is holds: an
// equality of a field of an object (==, or != when false, through any
// number of !), or a deep equality (reflect.DeepEqual,
// equality.Semantic.DeepEqual) when true. The parts of a && b are
// branches of their own.
func (a *analyzer) condFacts(cond ssa.Value, holds bool, depth int) []fact {
	if depth > 8 {
		return nil
	}
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			return a.condFacts(c.X, !holds, depth+1)
		}
	case *ssa.BinOp:
		if (c.Op == token.EQL && holds) || (c.Op == token.NEQ && !holds) {
			return equalityFacts(c.X, c.Y, false)
		}
	case *ssa.Call:
		if holds && isDeepEqual(c.Common()) {
			if args := crapi.CallArgs(c.Common()); len(args) == 2 {
				return equalityFacts(ssaflow.Strip(args[0]), ssaflow.Strip(args[1]), true)
			}
		}
	}
	return nil
}

// isDeepEqual reports whether cc calls reflect.DeepEqual or the
// DeepEqual of apimachinery's Equalities (equality.Semantic.DeepEqual).
func isDeepEqual(cc *ssa.CallCommon) bool {
	return knowledge.DeepEqual(crapi.Callee(cc))
}

// equalityFacts returns the facts of x == y, each side that reads a field
// of an object giving one. A deep equality compares what pointers point
// to.
func equalityFacts(x, y ssa.Value, deep bool) []fact {
	var out []fact
	for _, p := range [2][2]ssa.Value{{x, y}, {y, x}} {
		if obj, path, ok := fieldRead(p[0]); ok {
			out = append(out, fact{obj: obj, path: path, val: p[1]})
			continue
		}
		if !deep {
			continue
		}
		if _, ok := p[1].Type().Underlying().(*types.Pointer); !ok {
			continue
		}
		if obj, path, ok := fieldAddr(p[0]); ok {
			out = append(out, fact{obj: obj, path: path, val: p[1], deref: true})
		}
	}
	return out
}

// fieldRead recognises v as the value of a field (a field of a field...)
// of an object and returns the object and the path of fields.
func fieldRead(v ssa.Value) (ssa.Value, []*types.Var, bool) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return fieldAddr(x.X)
		}
	case *ssa.Field:
		f := ssaflow.Field(x.X.Type(), x.Field)
		if obj, path, ok := fieldRead(x.X); ok && f != nil {
			return obj, append(slices.Clip(path), f), true
		}
	}
	return nil, nil, false
}

// fieldAddr recognises p as the address of a field (of a field...) of an
// object, and returns the object and the path of fields.
func fieldAddr(p ssa.Value) (ssa.Value, []*types.Var, bool) {
	fa, ok := p.(*ssa.FieldAddr)
	if !ok {
		return nil, nil, false
	}
	f := ssaflow.Field(fa.X.Type(), fa.Field)
	if f == nil {
		return nil, nil, false
	}
	if obj, path, ok := fieldAddr(fa.X); ok {
		return obj, append(slices.Clip(path), f), true
	}
	if isObjectPointer(fa.X.Type()) {
		return fa.X, []*types.Var{f}, true
	}
	return nil, nil, false
}

// isObjectPointer reports whether t points to a Kubernetes object struct.
func isObjectPointer(t types.Type) bool {
	p, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	return ok && objects.ObjectStruct(st)
}

// unneeded reports whether call, a write among the remaining steps, is
// proven by facts to change nothing: an Update or merge Patch (of the
// object or of its status) of an object whose every change since it was
// fetched, written or made is a store of a field path that a fact covers,
// of the value that fact proves it already holds.
func (a *analyzer) unneeded(fn *ssa.Function, call *ssa.Call, facts []fact) bool {
	cc := call.Common()
	c, args, ok := crapi.ClientCallSSA(cc)
	if !ok || len(args) < 2 {
		return false
	}
	switch c.Method {
	case crapi.Update:
	case crapi.Patch:
		if len(args) < 3 {
			return false
		}
		if _, _, ok := objects.MergeBase(args[2]); !ok {
			return false // a raw patch may carry anything
		}
	default:
		return false
	}
	if c.SubResource && !crapi.IsStatusWrite(cc, c) {
		return false
	}
	obj := args[1]
	var about []fact
	for _, f := range facts {
		if a.objs.Same(fn, f.obj, obj) {
			about = append(about, f)
		}
	}
	if len(about) == 0 {
		return false
	}
	steps := a.objs.Steps(fn, call, obj)
	if steps.Entry || len(steps.Unknown) > 0 || len(steps.Changes) == 0 {
		// Changed before fn was called, or by code not seen; or not
		// changed at all here, which is another story.
		return false
	}
	for _, ev := range steps.Starts {
		switch ev {
		case objects.Fetched, objects.Written, objects.Made:
		default:
			return false // replaced or joined: its fields are not known
		}
	}
	for _, instr := range steps.Changes {
		st, ok := instr.(*ssa.Store)
		if !ok || !a.covered(fn, st, obj, about) {
			return false
		}
	}
	return true
}

// covered reports whether the store st into obj writes a field path that
// a fact covers with the value the fact proves it holds.
func (a *analyzer) covered(fn *ssa.Function, st *ssa.Store, obj ssa.Value, facts []fact) bool {
	base, path, ok := fieldAddr(st.Addr)
	if !ok || !a.objs.Same(fn, base, obj) {
		return false
	}
	for _, f := range facts {
		if len(f.path) > len(path) || !slices.Equal(f.path, path[:len(f.path)]) {
			continue
		}
		if a.projects(fn, st.Val, f.val, f.deref, path[len(f.path):], 0) {
			return true
		}
	}
	return false
}

// projects reports whether v is the value at the field path q of val (of
// what val points to, with deref): val.q or (*val).q computed again.
func (a *analyzer) projects(fn *ssa.Function, v, val ssa.Value, deref bool, q []*types.Var, depth int) bool {
	if depth > 8 {
		return false
	}
	if len(q) == 0 {
		if deref {
			ld, ok := v.(*ssa.UnOp)
			return ok && ld.Op == token.MUL && a.same(fn, ld.X, val, 0)
		}
		return a.same(fn, v, val, 0)
	}
	last, rest := q[len(q)-1], q[:len(q)-1]
	switch x := v.(type) {
	case *ssa.Field:
		return ssaflow.Field(x.X.Type(), x.Field) == last && a.projects(fn, x.X, val, deref, rest, depth+1)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		// *p where p is &val.q, computed again.
		for p, q := x.X, q; ; {
			if len(q) == 0 {
				if deref {
					return a.same(fn, p, val, 0)
				}
				ld, ok := val.(*ssa.UnOp)
				return ok && ld.Op == token.MUL && a.same(fn, p, ld.X, 0)
			}
			fa, ok := p.(*ssa.FieldAddr)
			if !ok || ssaflow.Field(fa.X.Type(), fa.Field) != q[len(q)-1] {
				return false
			}
			p, q = fa.X, q[:len(q)-1]
		}
	}
	return false
}

// same reports whether x and y are the same value: one SSA value, equal
// constants, aliases of one object, or the same pure computation (a
// conversion, an arithmetic, a field, an element, a load, len) of the
// same operands.
func (a *analyzer) same(fn *ssa.Function, x, y ssa.Value, depth int) bool {
	if x == y {
		return true
	}
	if x == nil || y == nil || depth > 8 {
		return false
	}
	if isObjectPointer(x.Type()) && isObjectPointer(y.Type()) && a.objs.Alias(fn, x, y) {
		return true
	}
	switch x := x.(type) {
	case *ssa.Const:
		y, ok := y.(*ssa.Const)
		if !ok || !types.Identical(x.Type(), y.Type()) {
			return false
		}
		if x.Value == nil || y.Value == nil {
			return x.Value == nil && y.Value == nil
		}
		return x.Value.Kind() == y.Value.Kind() && constant.Compare(x.Value, token.EQL, y.Value)
	case *ssa.UnOp:
		y, ok := y.(*ssa.UnOp)
		return ok && x.Op == y.Op && !x.CommaOk && !y.CommaOk && x.Op != token.ARROW && a.same(fn, x.X, y.X, depth+1)
	case *ssa.BinOp:
		y, ok := y.(*ssa.BinOp)
		return ok && x.Op == y.Op && a.same(fn, x.X, y.X, depth+1) && a.same(fn, x.Y, y.Y, depth+1)
	case *ssa.Convert:
		y, ok := y.(*ssa.Convert)
		return ok && types.Identical(x.Type(), y.Type()) && a.same(fn, x.X, y.X, depth+1)
	case *ssa.ChangeType:
		y, ok := y.(*ssa.ChangeType)
		return ok && types.Identical(x.Type(), y.Type()) && a.same(fn, x.X, y.X, depth+1)
	case *ssa.MakeInterface:
		y, ok := y.(*ssa.MakeInterface)
		return ok && types.Identical(x.Type(), y.Type()) && a.same(fn, x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := y.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && types.Identical(x.X.Type(), y.X.Type()) && a.same(fn, x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := y.(*ssa.Field)
		return ok && x.Field == y.Field && types.Identical(x.X.Type(), y.X.Type()) && a.same(fn, x.X, y.X, depth+1)
	case *ssa.IndexAddr:
		y, ok := y.(*ssa.IndexAddr)
		return ok && a.same(fn, x.X, y.X, depth+1) && a.same(fn, x.Index, y.Index, depth+1)
	case *ssa.Index:
		y, ok := y.(*ssa.Index)
		return ok && a.same(fn, x.X, y.X, depth+1) && a.same(fn, x.Index, y.Index, depth+1)
	case *ssa.Extract:
		y, ok := y.(*ssa.Extract)
		return ok && x.Index == y.Index && a.same(fn, x.Tuple, y.Tuple, depth+1)
	case *ssa.Call:
		y, ok := y.(*ssa.Call)
		if !ok {
			return false
		}
		bx, ok1 := x.Call.Value.(*ssa.Builtin)
		by, ok2 := y.Call.Value.(*ssa.Builtin)
		if !ok1 || !ok2 || bx.Name() != by.Name() || (bx.Name() != "len" && bx.Name() != "cap") ||
			len(x.Call.Args) != 1 || len(y.Call.Args) != 1 {
			return false
		}
		return a.same(fn, x.Call.Args[0], y.Call.Args[0], depth+1)
	}
	return false
}
