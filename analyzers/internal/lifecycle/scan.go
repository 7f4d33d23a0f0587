package lifecycle

import (
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Events is everything one function does to finalizers and deletion
// state, in block order: the one scan of a function the checks share.
// objects.Result.Lifecycle memoises it per function, with the module's
// helpers seen through; a check filters it by object (objects.Same), never
// walks the instructions again for these.
type Events struct {
	// Additions and Removals of finalizers; Helper tells those made
	// through a helper of the module.
	Additions, Removals []FinalizerOp
	// Reads of an object's deletion state (DeletionRead).
	Reads []Read
	// Tests are the values that test an object's deletion state
	// (DeletionTest), wherever they are used.
	Tests []Test
	// Branches are the blocks that end in an If on a deletion test.
	Branches []Branch

	removals, additions map[ssa.Instruction]int
	branches            map[*ssa.BasicBlock]int
}

// Memo is a Helpers that also memoises each function's scan
// (objects.Result): the package's functions use it when given one.
type Memo interface {
	Helpers
	Lifecycle(fn *ssa.Function) *Events
}

// EventsOf is h's memoised scan of fn when h keeps one, else a new scan.
func EventsOf(fn *ssa.Function, h Helpers) *Events {
	if m, ok := h.(Memo); ok && fn != nil {
		return m.Lifecycle(fn)
	}
	return Scan(fn, h)
}

// Read is a read of obj's deletion state at Instr.
type Read struct {
	Instr ssa.Instruction
	Obj   ssa.Value
}

// Test is a value that tests obj's deletion state; it is WhenDeleting
// while obj is terminating.
type Test struct {
	Value        ssa.Value
	Obj          ssa.Value
	WhenDeleting bool
}

// Branch is a block ending in an If on a deletion test of Obj.
type Branch struct {
	Block        *ssa.BasicBlock
	If           *ssa.If
	Obj          ssa.Value
	WhenDeleting bool
}

// Terminating is the successor entered while the object is terminating;
// Live the other.
func (b Branch) Terminating() *ssa.BasicBlock { return b.Block.Succs[b.side(true)] }

// Live is the successor entered while the object is not terminating.
func (b Branch) Live() *ssa.BasicBlock { return b.Block.Succs[b.side(false)] }

func (b Branch) side(terminating bool) int {
	if b.WhenDeleting == terminating {
		return 0
	}
	return 1
}

// Scan collects fn's events, seeing through h's helpers (nil: only the
// library's functions and direct changes).
func Scan(fn *ssa.Function, h Helpers) *Events {
	e := &Events{removals: map[ssa.Instruction]int{}, additions: map[ssa.Instruction]int{}, branches: map[*ssa.BasicBlock]int{}}
	if fn == nil {
		return e
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok {
				if obj, when, ok := DeletionTest(v, h); ok {
					e.Tests = append(e.Tests, Test{Value: v, Obj: obj, WhenDeleting: when})
				}
			}
			if op, ok := Removal(instr, h); ok {
				e.removals[instr] = len(e.Removals)
				e.Removals = append(e.Removals, op)
			}
			if op, ok := Addition(instr, h); ok {
				e.additions[instr] = len(e.Additions)
				e.Additions = append(e.Additions, op)
			}
			if obj, ok := DeletionRead(instr, h); ok {
				e.Reads = append(e.Reads, Read{Instr: instr, Obj: obj})
			}
		}
		if ifi, ok := ssaflow.Last(b).(*ssa.If); ok {
			if obj, when, ok := DeletionTest(ifi.Cond, h); ok {
				e.branches[b] = len(e.Branches)
				e.Branches = append(e.Branches, Branch{Block: b, If: ifi, Obj: obj, WhenDeleting: when})
			}
		}
	}
	return e
}

// RemovalAt is the removal instr makes, if any.
func (e *Events) RemovalAt(instr ssa.Instruction) (FinalizerOp, bool) {
	if i, ok := e.removals[instr]; ok {
		return e.Removals[i], true
	}
	return FinalizerOp{}, false
}

// AdditionAt is the addition instr makes, if any.
func (e *Events) AdditionAt(instr ssa.Instruction) (FinalizerOp, bool) {
	if i, ok := e.additions[instr]; ok {
		return e.Additions[i], true
	}
	return FinalizerOp{}, false
}

// BranchOf is the deletion test b ends in, if any.
func (e *Events) BranchOf(b *ssa.BasicBlock) (Branch, bool) {
	if i, ok := e.branches[b]; ok {
		return e.Branches[i], true
	}
	return Branch{}, false
}
