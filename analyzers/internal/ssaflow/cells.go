package ssaflow

import (
	"go/token"
	"go/types"
	"iter"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
)

// Binding returns the value a closure's free variable is bound to by the
// MakeClosure of its enclosing function, or nil.
func Binding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	if fn == nil || fn.Parent() == nil {
		return nil
	}
	idx := slices.Index(fn.FreeVars, fv)
	if idx < 0 {
		return nil
	}
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn && idx < len(mc.Bindings) {
				return mc.Bindings[idx]
			}
		}
	}
	return nil
}

// AllocOf returns the local variable addr denotes (an Alloc), following a
// closure's free variable to its binding; nil for any other address.
func AllocOf(addr ssa.Value) *ssa.Alloc {
	for depth := 0; depth <= maxDepth; depth++ {
		switch a := addr.(type) {
		case *ssa.Alloc:
			return a
		case *ssa.FreeVar:
			if addr = Binding(a); addr == nil {
				return nil
			}
		default:
			return nil
		}
	}
	return nil
}

// RootAlloc returns the local allocation addr is a field or element of
// (or is), nil for any other address: the memory of a function's own
// values, such as the array of a variadic call's arguments.
func RootAlloc(addr ssa.Value) *ssa.Alloc {
	for depth := 0; depth <= maxDepth; depth++ {
		switch a := addr.(type) {
		case *ssa.Alloc:
			return a
		case *ssa.FieldAddr:
			addr = a.X
		case *ssa.IndexAddr:
			addr = a.X
		default:
			return nil
		}
	}
	return nil
}

// CellStores returns the non-nil values stored into the local variable at
// addr (an Alloc, or a closure's free variable bound to one), by its
// function and by the closures that capture it: a variable captured by a
// closure or whose address is taken lives in memory, and its loads are
// these values.
func CellStores(addr ssa.Value) []ssa.Value {
	alloc := AllocOf(addr)
	if alloc == nil {
		return nil
	}
	var out []ssa.Value
	var visit func(a ssa.Value, depth int)
	visit = func(a ssa.Value, depth int) {
		refs := a.Referrers()
		if refs == nil || depth > maxDepth {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if c, ok := r.Val.(*ssa.Const); r.Addr == a && (!ok || !c.IsNil()) {
					out = append(out, r.Val)
				}
			case *ssa.MakeClosure:
				fn, _ := r.Fn.(*ssa.Function)
				for i, b := range r.Bindings {
					if b == a && fn != nil && i < len(fn.FreeVars) {
						visit(fn.FreeVars[i], depth+1)
					}
				}
			}
		}
	}
	visit(alloc, 0)
	return out
}

// Outer strips the conversions of v that keep the object it denotes and
// follows a closure's free variable to the value it is bound to, so that
// objects used in a closure (a CreateOrUpdate mutate function) can be
// compared in the function that defines them.
func Outer(v ssa.Value) ssa.Value {
	for i := 0; i < 16 && v != nil; i++ {
		v = Strip(v)
		switch x := v.(type) {
		case *ssa.FreeVar:
			b := Binding(x)
			if b == nil {
				return v
			}
			v = b
			continue
		case *ssa.UnOp:
			// A captured variable assigned once: its only value.
			if fv, ok := x.X.(*ssa.FreeVar); ok && x.Op == token.MUL {
				if stores := CellStores(fv); len(stores) == 1 {
					v = stores[0]
					continue
				}
			}
		}
		return v
	}
	return v
}

// ParentOf returns the function v belongs to; nil for a global or a
// constant.
func ParentOf(v ssa.Value) *ssa.Function {
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

// Declared returns the declared function fn is, or is a closure of.
func Declared(fn *ssa.Function) *ssa.Function {
	for i := 0; fn.Parent() != nil && i < 64; i++ {
		fn = fn.Parent()
	}
	return fn
}

// ParamIndex returns the SSA index of v among fn's parameters (the
// receiver first), or -1.
func ParamIndex(fn *ssa.Function, v ssa.Value) int {
	return slices.IndexFunc(fn.Params, func(p *ssa.Parameter) bool { return p == v })
}

// ReceiverOffset is the SSA index of fn's first parameter after its
// receiver: 1 for a method, 0 for a function (the offset between a
// call's arguments and a callee's SSA parameters).
func ReceiverOffset(fn *types.Func) int {
	if fn.Signature().Recv() != nil {
		return 1
	}
	return 0
}

// Last returns the last instruction of b (its terminator), or nil.
func Last(b *ssa.BasicBlock) ssa.Instruction {
	if len(b.Instrs) == 0 {
		return nil
	}
	return b.Instrs[len(b.Instrs)-1]
}

// Returns yields the return instructions of fn.
func Returns(fn *ssa.Function) iter.Seq[*ssa.Return] {
	return func(yield func(*ssa.Return) bool) {
		for _, b := range fn.Blocks {
			if ret, ok := Last(b).(*ssa.Return); ok && !yield(ret) {
				return
			}
		}
	}
}

// Calls yields the call instructions of fn (calls, go and defer
// statements), in block order.
func Calls(fn *ssa.Function) iter.Seq[ssa.CallInstruction] {
	return func(yield func(ssa.CallInstruction) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && !yield(call) {
					return
				}
			}
		}
	}
}

// PlainCalls yields the ordinary calls fn makes itself (*ssa.Call), in
// block order: go and defer statements left out, closures' calls too.
func PlainCalls(fn *ssa.Function) iter.Seq[*ssa.Call] {
	return func(yield func(*ssa.Call) bool) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && !yield(call) {
					return
				}
			}
		}
	}
}

// Returned looks through the result slots SSA uses in functions with
// defers: "return x, err" stores x and err into locals, runs the deferred
// calls and returns loads of the locals. A load is replaced by the value
// stored last before it in its block, when nothing else can reach the
// local (a deferred closure that captures it).
func Returned(v ssa.Value) ssa.Value {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return v
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok {
		return v
	}
	if alloc.Heap {
		return nilAtReturn(ld, alloc, v)
	}
	refs := alloc.Referrers()
	if refs == nil {
		return v
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc {
				return v
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return v
		}
	}
	instrs := ld.Block().Instrs
	for i := slices.Index(ld.Block().Instrs, ssa.Instruction(ld)) - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == alloc {
			return st.Val
		}
	}
	return v
}

// nilAtReturn handles a result a deferred closure captures (the
// "defer func() { if err := patch(); err != nil { reterr = err } }()"
// pattern): when the return statement itself stores nil, the result is
// nil unless the deferred call changes it, which it does only when it
// fails itself; so it counts as nil. Any other stored value may be
// changed by the deferred call either way, and stays unknown.
func nilAtReturn(ld *ssa.UnOp, alloc *ssa.Alloc, v ssa.Value) ssa.Value {
	instrs := ld.Block().Instrs
	for i := slices.Index(ld.Block().Instrs, ssa.Instruction(ld)) - 1; i >= 0; i-- {
		if st, ok := instrs[i].(*ssa.Store); ok && st.Addr == alloc {
			if c, ok := st.Val.(*ssa.Const); ok && c.IsNil() {
				return c
			}
			return v
		}
	}
	return v
}

// StaticCallers maps each function to its static call sites among the
// instructions of funcs: who calls a helper, for checks that follow a
// value or a condition back to the callers in the package.
func StaticCallers(funcs []*ssa.Function) map[*ssa.Function][]ssa.CallInstruction {
	cs := map[*ssa.Function][]ssa.CallInstruction{}
	for _, fn := range funcs {
		for call := range Calls(fn) {
			if callee := call.Common().StaticCallee(); callee != nil {
				cs[callee] = append(cs[callee], call)
			}
		}
	}
	return cs
}

// UsedAsValue returns the functions that the instructions of funcs use
// other than as the callee of a static call (a method value, an argument,
// a stored func): their callers cannot all be seen.
func UsedAsValue(funcs []*ssa.Function) map[*ssa.Function]bool {
	used := map[*ssa.Function]bool{}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				_, isCall := instr.(ssa.CallInstruction)
				ops = instr.Operands(ops[:0])
				for i, op := range ops {
					if op == nil {
						continue
					}
					if g, ok := (*op).(*ssa.Function); ok && (!isCall || i != 0) {
						used[g] = true
					}
				}
			}
		}
	}
	return used
}

// ErrorSide returns the index of the successor of b (0 for true, 1 for
// false) on which an error that b's If tests against nil is not nil; -1
// when b does not end in such a test.
func ErrorSide(b *ssa.BasicBlock) int {
	iff, ok := Last(b).(*ssa.If)
	if !ok {
		return -1
	}
	x, nilOnTrue, ok := NilTest(iff.Cond)
	if !ok || !crapi.IsError(x.Type()) {
		return -1
	}
	if nilOnTrue {
		return 1
	}
	return 0
}

// ReturnAvoiding reports whether some path from the entry of fn reaches a
// return for which ret is true (nil: any) without passing through block,
// and without taking an edge for which skip is true (nil: none).
func ReturnAvoiding(fn *ssa.Function, block *ssa.BasicBlock, skip func(from, to *ssa.BasicBlock) bool, ret func(*ssa.Return) bool) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	reached := Reachable(fn.Blocks[0], func(from, to *ssa.BasicBlock) bool {
		return from == block || to == block || (skip != nil && skip(from, to))
	})
	if reached[block] {
		return false // only the entry itself
	}
	for b := range reached {
		if r, ok := Last(b).(*ssa.Return); ok && (ret == nil || ret(r)) {
			return true
		}
	}
	return false
}
