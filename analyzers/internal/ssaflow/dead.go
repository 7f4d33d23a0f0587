package ssaflow

import (
	"go/constant"
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"
)

// Dead reports whether no execution reaches b: every path from its
// function's entry goes through a branch whose condition is decided the
// other way, where it is tested, by the branches taken on every path to
// it (see Decided). The typical block is the body of `if err != nil`
// inside `if err == nil`, where err is the same value (an assignment in
// between makes another).
func Dead(b *ssa.BasicBlock) bool {
	if b == nil || b.Parent() == nil {
		return false
	}
	return !Live(b.Parent())[b]
}

// Live returns the blocks of fn that some execution may reach: those
// reachable from the entry (and from the block a recovered panic resumes
// in) over every edge but the side of an If that Decided rules out.
func Live(fn *ssa.Function) map[*ssa.BasicBlock]bool {
	live := map[*ssa.BasicBlock]bool{}
	if fn == nil || len(fn.Blocks) == 0 {
		return live
	}
	stack := []*ssa.BasicBlock{fn.Blocks[0]}
	if fn.Recover != nil {
		stack = append(stack, fn.Recover)
	}
	for _, b := range stack {
		live[b] = true
	}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		succs := b.Succs
		if ifi, ok := Last(b).(*ssa.If); ok && len(succs) == 2 && succs[0] != succs[1] {
			if v, ok := Decided(b, ifi.Cond); ok {
				if v {
					succs = succs[:1]
				} else {
					succs = succs[1:]
				}
			}
		}
		for _, s := range succs {
			if !live[s] {
				live[s] = true
				stack = append(stack, s)
			}
		}
	}
	return live
}

// DeadEdge reports whether the edge from -> to is never taken: from ends
// in an If whose condition Decided says leads elsewhere.
func DeadEdge(from, to *ssa.BasicBlock) bool {
	ifi, ok := Last(from).(*ssa.If)
	if !ok || len(from.Succs) != 2 || from.Succs[0] == from.Succs[1] {
		return false
	}
	v, ok := Decided(from, ifi.Cond)
	if !ok {
		return false
	}
	return (to == from.Succs[0]) != v
}

// Decided tells the value the boolean cond has whenever control is in b,
// if the branches taken on every path to b decide it: cond is a constant;
// or cond, or its negation, is a condition such a branch tested (by the
// same SSA value); or cond is a nil test (v == nil, v != nil, negated) of a
// value v such a branch tested against nil. A branch is taken on every
// path to b when its target S dominates b and its If block is S's only
// predecessor. SSA values do not change, so a test of one value holds
// until the value is computed again, and a block that computes it again
// comes before the test on every path, not between the test and b.
func Decided(b *ssa.BasicBlock, cond ssa.Value) (value, ok bool) {
	if c, isConst := cond.(*ssa.Const); isConst {
		if c.Value != nil && c.Value.Kind() == constant.Bool {
			return constant.BoolVal(c.Value), true
		}
		return false, false
	}
	want, truth, ok := literal(cond, 0)
	if !ok {
		return false, false
	}
	for s, n := b, 0; s != nil && n < 4096; s, n = s.Idom(), n+1 {
		if len(s.Preds) != 1 {
			continue
		}
		p := s.Preds[0]
		ifi, isIf := Last(p).(*ssa.If)
		if !isIf || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
			continue
		}
		got, gotTruth, ok := literal(ifi.Cond, 0)
		if !ok || got != want {
			continue
		}
		// The tested condition was (p.Succs[0] == s); so the atom's value
		// is gotTruth when that holds, and its negation otherwise.
		atomValue := gotTruth == (p.Succs[0] == s)
		// cond is true exactly when the atom has the value truth.
		return atomValue == truth, true
	}
	return false, false
}

// atom is what a branch condition says something about: a value tested
// against nil (nilTest), or a boolean value itself.
type atom struct {
	v       ssa.Value
	nilTest bool
}

// literal reduces cond to an atom and the value the atom has when cond is
// true: for a nil test, true means "v is nil".
func literal(cond ssa.Value, depth int) (atom, bool, bool) {
	if cond == nil || depth > maxDepth {
		return atom{}, false, false
	}
	if x, nilOnTrue, ok := NilTest(cond); ok {
		if x == nil {
			return atom{}, false, false
		}
		return atom{v: x, nilTest: true}, nilOnTrue, true
	}
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		a, truth, ok := literal(not.X, depth+1)
		return a, !truth, ok
	}
	if _, isConst := cond.(*ssa.Const); isConst {
		return atom{}, false, false
	}
	return atom{v: cond}, true, true
}

// HoldsAt reports whether a branch condition taken on every path to b
// implies what implies says of it (the condition, known to be onTrue). It
// walks up the dominator tree: an edge P -> S is taken on every path to b
// when S dominates b and P is S's only predecessor.
func HoldsAt(b *ssa.BasicBlock, implies func(cond ssa.Value, onTrue bool) bool) bool {
	for s := b; s != nil; s = s.Idom() {
		if len(s.Preds) != 1 {
			continue
		}
		p := s.Preds[0]
		ifi, ok := Last(p).(*ssa.If)
		if !ok || len(p.Succs) != 2 || p.Succs[0] == p.Succs[1] {
			continue
		}
		if implies(ifi.Cond, p.Succs[0] == s) {
			return true
		}
	}
	return false
}

// HoldsOnEveryPath is HoldsAt that also looks through a block
// entered from several edges (case a, b: of a switch, each tested on its
// own edge): implies holds there when it holds on every edge into it, or
// on every path to the edge's source.
func HoldsOnEveryPath(b *ssa.BasicBlock, implies func(cond ssa.Value, onTrue bool) bool) bool {
	memo := map[*ssa.BasicBlock]bool{}
	var holds func(b *ssa.BasicBlock, depth int) bool
	holds = func(b *ssa.BasicBlock, depth int) bool {
		if v, seen := memo[b]; seen {
			return v // false while b is being decided: a loop guards nothing
		}
		memo[b] = false
		v := HoldsAt(b, implies)
		for s := b; !v && s != nil && depth < 8; s = s.Idom() {
			v = len(s.Preds) > 1 && !slices.ContainsFunc(s.Preds, func(p *ssa.BasicBlock) bool {
				return !EdgeImplies(p, s, implies) && !holds(p, depth+1)
			})
		}
		memo[b] = v
		return v
	}
	return holds(b, 0)
}

// EdgeImplies reports whether the edge from p to s is the side of p's
// If on which implies holds.
func EdgeImplies(p, s *ssa.BasicBlock, implies func(cond ssa.Value, onTrue bool) bool) bool {
	ifi, ok := Last(p).(*ssa.If)
	return ok && len(p.Succs) == 2 && p.Succs[0] != p.Succs[1] && implies(ifi.Cond, p.Succs[0] == s)
}
