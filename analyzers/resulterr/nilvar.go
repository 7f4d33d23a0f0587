package resulterr

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// nilValue reports whether v is nil on every path: the constant nil, a
// phi of nothing else, or a load of a variable in memory that nilLoad
// finds nil.
func nilValue(v ssa.Value, depth int) bool {
	if depth > 8 || v == nil {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Phi:
		for _, e := range x.Edges {
			if e != x && !nilValue(e, depth+1) {
				return false
			}
		}
		return true
	case *ssa.UnOp:
		return nilLoad(x, depth)
	}
	return false
}

// nilLoad reports whether ld loads a nil from a local variable kept in
// memory (one a closure captures, such as a deferred logger, or a named
// result): the variable's address goes nowhere but to loads, stores and
// closures; the closures store nothing but nil into it; and on every path
// to ld, walking back, the variable's allocation (its zero value) or a
// store of a nil value comes first. This is the function-level "var err
// error" that no assignment reaches, every err above the return being a
// shadowing := of an inner block.
func nilLoad(ld *ssa.UnOp, depth int) bool {
	if ld.Op != token.MUL || ld.Block() == nil {
		return false
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok || alloc.Block() == nil || alloc.Parent() != ld.Parent() || !onlyNilElsewhere(alloc, 0) {
		return false
	}
	type pos struct {
		b *ssa.BasicBlock
		i int // instructions before index i are to be scanned
	}
	start := ld.Block()
	i := slices.Index(start.Instrs, ssa.Instruction(ld))
	if i < 0 {
		return false
	}
	stack := []pos{{start, i}}
	scanned := map[*ssa.BasicBlock]bool{} // scanned from the end
	for steps := 0; len(stack) > 0; steps++ {
		if steps > 4096 {
			return false
		}
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		done := false
		for j := p.i - 1; j >= 0 && !done; j-- {
			switch in := p.b.Instrs[j].(type) {
			case *ssa.Alloc:
				done = in == alloc // its zero value
			case *ssa.Store:
				if in.Addr == alloc {
					if !nilValue(in.Val, depth+1) {
						return false
					}
					done = true
				}
			}
		}
		if done {
			continue
		}
		if len(p.b.Preds) == 0 {
			return false // the entry, and no allocation on the way
		}
		for _, pred := range p.b.Preds {
			if !scanned[pred] {
				scanned[pred] = true
				stack = append(stack, pos{pred, len(pred.Instrs)})
			}
		}
	}
	return true
}

// onlyNilElsewhere reports whether the address a (an Alloc, or a closure's
// free variable bound to it) is used only to load and store it, and to
// bind it into closures that do the same and store only nil.
func onlyNilElsewhere(a ssa.Value, depth int) bool {
	refs := a.Referrers()
	if refs == nil || depth > 8 {
		return false
	}
	_, inClosure := a.(*ssa.FreeVar)
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		case *ssa.Store:
			if r.Addr != a {
				return false // the address itself is stored
			}
			if inClosure {
				if c, ok := r.Val.(*ssa.Const); !ok || !c.IsNil() {
					return false
				}
			}
		case *ssa.MakeClosure:
			fn, _ := r.Fn.(*ssa.Function)
			if fn == nil {
				return false
			}
			for i, b := range r.Bindings {
				if b == a && (i >= len(fn.FreeVars) || !onlyNilElsewhere(fn.FreeVars[i], depth+1)) {
					return false
				}
			}
		default:
			return false
		}
	}
	return true
}
