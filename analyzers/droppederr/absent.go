package droppederr

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// A Get that fails with an error other than NotFound, whose failing
// branch only logs and rejoins, leaves the code with an object it never
// read: when what follows takes that for "absent" and creates the object,
// a Create that fails because the object exists after all (AlreadyExists)
// and is let through to a success return ends the reconcile as if it had
// done its work, while what it does to an existing object (the update, the
// status) was skipped. A Create whose error is returned fails the
// reconcile instead (AlreadyExists is retried with backoff), and one that
// only NotFound reaches (`if apierrors.IsNotFound(err) { create }`) is the
// right handling: neither counts.

// absentCreate returns, for src a failed client Get whose failing branch
// (test t) rejoins at rejoin, a Create of an object of the Get's type on
// the paths an error other than NotFound takes after the branch, decided
// by the Get (it creates the object the Get was to fill, or a branch on
// the Get's error or object chooses it), whose AlreadyExists failure may
// reach a success return; nil if there is none.
func (c *checker) absentCreate(src *source, t errTest, rejoin []*ssa.BasicBlock) *ssa.Call {
	if src.client == nil || src.client.Method != crapi.Get || src.client.SubResource || len(src.read) != 1 ||
		c.retryMoot() || ctrlmodel.InTimerLoop(src.call.Block()) {
		return nil
	}
	read := src.read[0]
	after := c.otherErrorPaths(src, t, rejoin)
	next := c.nextIteration(t.block)
	roots := map[ssa.Value]bool{read: true}
	for v := range src.carriers {
		roots[v] = true
	}
	for _, blk := range c.fn.Blocks {
		if !after[blk] || next[blk] {
			continue
		}
		for _, instr := range blk.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			cc, args, ok := crapi.ClientCallSSA(call.Common())
			if !ok || cc.Method != crapi.Create || cc.SubResource || len(args) < 2 {
				continue
			}
			obj := ssaflow.Strip(args[1])
			if !types.Identical(obj.Type(), read.Type()) {
				continue
			}
			if !src.filledByRead(obj) && !c.decidedBy(call, roots, after, next, t.block) {
				continue
			}
			if c.errorReturned(call) {
				continue
			}
			return call
		}
	}
	return nil
}

// otherErrorPaths returns the blocks reached from rejoin when the error
// of src is one other than NotFound: later tests of the same error take
// their failing side (infeasible), and NotFound tests the side for other
// errors.
func (c *checker) otherErrorPaths(src *source, t errTest, rejoin []*ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	_, after := afterFailure(src, t, rejoin, func(blk *ssa.BasicBlock, i int) bool { return notFoundEdge(blk, i, src) })
	return after
}

// notFoundEdge reports whether the i-th edge out of blk is taken only
// when the error of src is NotFound.
func notFoundEdge(blk *ssa.BasicBlock, i int, src *source) bool {
	ifi, ok := ssaflow.Last(blk).(*ssa.If)
	if !ok {
		return false
	}
	errv, edge, ok := crapi.NotFoundTest(ifi.Cond)
	return ok && src.carriers[errv] && i == edge
}

// decidedBy reports whether a branch among the blocks after (not those of
// the next iteration) decides whether call runs (one side reaches it, the
// other does not) on a condition computed from roots.
func (c *checker) decidedBy(call *ssa.Call, roots map[ssa.Value]bool, after, next map[*ssa.BasicBlock]bool, test *ssa.BasicBlock) bool {
	skip := func(from, to *ssa.BasicBlock) bool { return to == test || to.Dominates(from) }
	reaches := func(from, to *ssa.BasicBlock) bool {
		return !skip(from, to) && ssaflow.Reachable(to, skip)[call.Block()]
	}
	for _, b := range c.fn.Blocks {
		if !after[b] || next[b] || b == call.Block() {
			continue
		}
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || reaches(b, b.Succs[0]) == reaches(b, b.Succs[1]) {
			continue
		}
		if ssaflow.DependsOn(ifi.Cond, roots) {
			return true
		}
	}
	return false
}
