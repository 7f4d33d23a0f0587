package finalizerreturn

// This file decides which finalizer the reconciler manages on the
// object (its additions and removals), where its deletion branches are,
// and whether a success return comes before one that the terminating
// object may still reach: the return skips that branch.

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// finalizerOps returns the additions and removals of f's object in f's
// function; a removal from a converted copy handed to the helper that
// removes its finalizer (CAPD's backends) counts as the object's.
func finalizerOps(objs *objects.Result, fn *ssa.Function, obj ssa.Value) (adds, removals []lifecycle.FinalizerOp) {
	ev := objs.Lifecycle(fn)
	for _, op := range ev.Additions {
		if objs.Same(fn, op.Obj, obj) {
			adds = append(adds, op)
		}
	}
	for _, op := range ev.Removals {
		if objs.Same(fn, op.Obj, obj) || objs.ConvertedFrom(fn, op.Obj, obj) {
			removals = append(removals, op)
		}
	}
	return adds, removals
}

// deletionBranch is an If on the object's deletion state whose
// terminating side removes a finalizer from it.
type deletionBranch struct {
	block   *ssa.BasicBlock
	removal lifecycle.FinalizerOp
}

// deletionBranches returns the Ifs on obj's deletion state whose
// terminating side dominates a removal of a finalizer from it.
func deletionBranches(fn *ssa.Function, objs *objects.Result, obj ssa.Value, removals []lifecycle.FinalizerOp) []deletionBranch {
	var out []deletionBranch
	for _, br := range objs.Lifecycle(fn).Branches {
		// A test of a converted copy's deletion state (CAPD tests its
		// DevMachine's) is the object's.
		if !objs.Same(fn, br.Obj, obj) && !objs.ConvertedFrom(fn, br.Obj, obj) {
			continue
		}
		b, term := br.Block, br.Terminating()
		if len(term.Preds) != 1 {
			continue
		}
		for _, rm := range removals {
			if term.Dominates(rm.Instr.Block()) {
				out = append(out, deletionBranch{block: b, removal: rm})
				break
			}
		}
	}
	return out
}

// skipped reports whether ret is a success return without requeue that
// the terminating object may take before its deletion branch, and which
// branch it skips.
func skipped(f frame, objs *objects.Result, reach map[*ssa.BasicBlock]bool,
	branches []deletionBranch, removals []lifecycle.FinalizerOp, ret *ssa.Return, via *helperReturn) (deletionBranch, bool) {
	fn, obj := f.fn, f.obj
	rb := ret.Block()
	if !f.exists.Dominates(rb) {
		return deletionBranch{}, false
	}
	var skippedBranch *deletionBranch
	for i, br := range branches {
		if br.block.Dominates(rb) {
			return deletionBranch{}, false // after the test: the deletion state is known here
		}
		// The branch the return comes before: reachable, and written after
		// it (one written before it sits on another side, such as the
		// cleanup of an object whose owner is not set).
		if reach[br.block] && skippedBranch == nil && branchPos(f.fn, br.block) > ret.Pos() {
			skippedBranch = &branches[i]
		}
	}
	if skippedBranch == nil {
		return deletionBranch{}, false
	}
	for _, rm := range removals {
		if ssaflow.MayPrecede(rm.Instr, ret) {
			return deletionBranch{}, false // removed on the way, maybe
		}
	}
	if lacksFinalizer(fn, objs, obj, rb) {
		return deletionBranch{}, false // nothing to remove on this path
	}
	// Written on every path since it was read: the write's own event
	// brings the object back. In a helper, the caller's Get (checked at
	// the call) is the entry.
	if via != nil {
		// What the helper may write on its other paths does not count:
		// the history before the call, then the helper's up to its return.
		before, inside := objs.Steps(fn, via.call, obj), objs.Steps(via.ret.Parent(), via.ret, via.param)
		if !before.Fetched() && (f.call == nil || !before.Entry) || !inside.Fetched() && !inside.Entry {
			return deletionBranch{}, false
		}
	} else if st := objs.Steps(fn, ret, obj); !st.Fetched() && (f.call == nil || !st.Entry) {
		return deletionBranch{}, false
	}
	// Read again here? Then its deletion state is read too, somewhere.
	for _, rd := range objs.Lifecycle(fn).Reads {
		if via != nil && rd.Instr == via.call {
			continue // the helper's own reads are checked at its return
		}
		if objs.Same(fn, rd.Obj, obj) && ssaflow.MayPrecede(rd.Instr, ret) && !isBranch(rd.Instr, branches) {
			return deletionBranch{}, false // looked at in a way not followed here
		}
	}
	return *skippedBranch, true
}

// branchPos is where the deletion test ending block b is written.
func branchPos(fn *ssa.Function, b *ssa.BasicBlock) token.Pos {
	if p := condPos(fn, b); p.IsValid() {
		return p
	}
	return ssaflow.Last(b).Pos()
}

// isBranch reports whether instr computes the condition of one of the
// deletion branches.
func isBranch(instr ssa.Instruction, branches []deletionBranch) bool {
	for _, br := range branches {
		if instr.Block() == br.block {
			return true
		}
	}
	return false
}

// lacksFinalizer reports whether b is dominated by the side of an If on
// controllerutil.ContainsFinalizer(obj, ...) where obj lacks it.
func lacksFinalizer(fn *ssa.Function, objs *objects.Result, obj ssa.Value, b *ssa.BasicBlock) bool {
	for _, blk := range fn.Blocks {
		ifi, ok := ssaflow.Last(blk).(*ssa.If)
		if !ok {
			continue
		}
		cond, negated := ifi.Cond, false
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond, negated = not.X, true
		}
		call, ok := cond.(*ssa.Call)
		if !ok || !crapi.IsFunc(crapi.Callee(call.Common()), crapi.ControllerutilPkg, "ContainsFinalizer") {
			continue
		}
		args := crapi.CallArgs(call.Common())
		if len(args) != 2 || !objs.Same(fn, args[0], obj) {
			continue
		}
		lacks := blk.Succs[1]
		if negated {
			lacks = blk.Succs[0]
		}
		if len(lacks.Preds) == 1 && lacks.Dominates(b) {
			return true
		}
	}
	return false
}
