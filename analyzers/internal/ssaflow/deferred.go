package ssaflow

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// NamedResult returns the variable (an Alloc) that holds fn's result
// number i when the results are named, or nil. A function with named
// results and a defer returns what is in these variables after its
// deferred calls have run, so a deferred closure that assigns one changes
// what the function returns (k0smotron's deferred status patch sets the
// Result after the reconcile chose its error).
func NamedResult(fn *ssa.Function, i int) *ssa.Alloc {
	res := fn.Signature.Results()
	if i < 0 || i >= res.Len() || res.At(i).Name() == "" || res.At(i).Name() == "_" {
		return nil
	}
	// A result a closure captures lives on the heap and is not among
	// fn.Locals: look for its allocation in the blocks.
	pos := res.At(i).Pos()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if a, ok := instr.(*ssa.Alloc); ok && a.Pos() == pos && a.Comment == res.At(i).Name() {
				return a
			}
		}
	}
	return nil
}

// DeferredClosure is a function literal that fn defers (defer func() {
// ... }()), with its free variables mapped to the values of fn they are
// bound to.
type DeferredClosure struct {
	Defer *ssa.Defer
	Fn    *ssa.Function
	Make  *ssa.MakeClosure
}

// FreeVarOf returns the free variable of the closure bound to v, or nil.
func (d DeferredClosure) FreeVarOf(v ssa.Value) *ssa.FreeVar {
	for i, b := range d.Make.Bindings {
		if b == v && i < len(d.Fn.FreeVars) {
			return d.Fn.FreeVars[i]
		}
	}
	return nil
}

// DeferredClosures returns the function literals fn defers directly.
// A deferred named function or method (defer r.patch(ctx, obj)) cannot
// assign fn's results and is not among them.
func DeferredClosures(fn *ssa.Function) []DeferredClosure {
	var out []DeferredClosure
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok {
				continue
			}
			mc, ok := d.Call.Value.(*ssa.MakeClosure)
			if !ok {
				continue
			}
			if cl, ok := mc.Fn.(*ssa.Function); ok {
				out = append(out, DeferredClosure{Defer: d, Fn: cl, Make: mc})
			}
		}
	}
	return out
}

// StoresInto returns the stores of fn into the variable addr, whole
// (res = ...) or into one of its fields (res.RequeueAfter = ...).
func StoresInto(fn *ssa.Function, addr ssa.Value) []*ssa.Store {
	var out []*ssa.Store
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			if st.Addr == addr {
				out = append(out, st)
			} else if fa, ok := st.Addr.(*ssa.FieldAddr); ok && fa.X == addr {
				out = append(out, st)
			}
		}
	}
	return out
}

// IsLoadOf reports whether v is a load of the variable addr (*addr).
func IsLoadOf(v, addr ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	return ok && u.Op == token.MUL && u.X == addr
}
