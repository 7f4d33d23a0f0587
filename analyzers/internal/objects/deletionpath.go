package objects

// This file answers where a reconcile's own object exists and where its
// deletion branch is: the reconciled object's Get (or a helper's fetch)
// and the block from which the object is known to exist, the helpers the
// reconcile hands it to and returns from, the finalizer the reconcile
// manages on it, the deletion branches that remove that finalizer, and
// whether an instruction lies on a path a terminating object takes
// before such a branch. finalizerreturn (C15, a success return there),
// deletionblocked (E1, an error return there) ask it.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Frame is a function in which the reconciled object Obj is known to
// exist from the block Exists on: the reconcile function after its Get,
// or a helper it hands the object to and returns from (then Obj is the
// helper's parameter and Exists its entry).
type Frame struct {
	Fn     *ssa.Function
	Obj    ssa.Value
	Exists *ssa.BasicBlock
	// Call is the caller's call of a helper frame (nil for the reconcile
	// function); AddedBefore: the caller may add the finalizer before
	// it; CallerAdds: how many additions the caller makes.
	Call        *ssa.Call
	AddedBefore bool
	CallerAdds  int
}

// ReconciledFrames returns the frames of rec's Gets of the reconciled
// object (by the request's key, not of a subresource), each from the
// block its success enters; without such a Get, those of its calls of
// helpers of the module that return the object read by that key (a
// helper reading it again would only repeat the Get's frame).
func (r *Result) ReconciledFrames(rec crapi.Reconciler) []Frame {
	fn := rec.Fn
	var tops []Frame
	for _, site := range crapi.ClientCalls(fn) {
		key, obj, ok := site.IsGetOf()
		if !ok || site.SubResource || !ssaflow.IsRequestKey(key, rec.Req) {
			continue // the reconciled object only
		}
		if exists := successBlock(fn, site.Call); exists != nil {
			tops = append(tops, Frame{Fn: fn, Obj: obj, Exists: exists})
		}
	}
	if len(tops) == 0 {
		tops = r.helperFetches(rec)
	}
	return tops
}

// successBlock returns the block entered only when the Get call found
// the object: the nil side of the If on its error.
func successBlock(fn *ssa.Function, get *ssa.Call) *ssa.BasicBlock {
	for _, nb := range ssaflow.NilBranches(fn) {
		if nb.X == ssa.Value(get) && len(nb.Nil.Preds) == 1 {
			return nb.Nil
		}
	}
	return nil
}

// FinalizerOps returns the additions (with the stores of an appended
// list) and removals of obj's finalizers in fn; a removal from a
// converted copy handed to the helper that removes its finalizer (CAPD's
// backends) counts as the object's.
func (r *Result) FinalizerOps(fn *ssa.Function, obj ssa.Value) (adds, removals []lifecycle.FinalizerOp) {
	ev := r.Lifecycle(fn)
	for _, op := range ev.Additions {
		if r.Same(fn, op.Obj, obj) {
			adds = append(adds, op)
		}
	}
	// A store of the list with the finalizer appended adds it as
	// AddFinalizer does (csi-addons' volume replication operator).
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if op, ok := lifecycle.ListAddition(instr); ok && r.Same(fn, op.Obj, obj) {
				adds = append(adds, op)
			}
		}
	}
	for _, op := range ev.Removals {
		if r.Same(fn, op.Obj, obj) || r.ConvertedFrom(fn, op.Obj, obj) {
			removals = append(removals, op)
		}
	}
	return adds, removals
}

// DeletionBranch is an If on an object's deletion state whose
// terminating side removes a finalizer from it.
type DeletionBranch struct {
	Block   *ssa.BasicBlock
	Removal lifecycle.FinalizerOp
}

// TestPos is where the deletion test ending the branch's block is
// written: its condition, or the If.
func (b DeletionBranch) TestPos() token.Pos {
	if ifi, ok := ssaflow.Last(b.Block).(*ssa.If); ok {
		if v, ok := ifi.Cond.(ssa.Instruction); ok && v.Pos().IsValid() {
			return v.Pos()
		}
	}
	return ssaflow.Last(b.Block).Pos()
}

// DeletionBranches returns the Ifs on obj's deletion state in fn whose
// terminating side dominates one of removals.
func (r *Result) DeletionBranches(fn *ssa.Function, obj ssa.Value, removals []lifecycle.FinalizerOp) []DeletionBranch {
	var out []DeletionBranch
	for _, br := range r.Lifecycle(fn).Branches {
		// A test of a converted copy's deletion state (CAPD tests its
		// DevMachine's) is the object's.
		if !r.Same(fn, br.Obj, obj) && !r.ConvertedFrom(fn, br.Obj, obj) {
			continue
		}
		b, term := br.Block, br.Terminating()
		if len(term.Preds) != 1 {
			continue
		}
		for _, rm := range removals {
			if term.Dominates(rm.Instr.Block()) {
				out = append(out, DeletionBranch{Block: b, Removal: rm})
				break
			}
		}
	}
	return out
}

// Managed is the finalizer a frame's function manages on its object:
// its additions and removals there, and the deletion branches that
// remove it.
type Managed struct {
	Frame
	Adds, Removals []lifecycle.FinalizerOp
	Branches       []DeletionBranch
	reach          map[*ssa.BasicBlock]bool // from Exists
}

// ManagedOf returns f's deletion branches, when f's function manages a
// finalizer of its object (it, or the caller of a helper frame, adds it;
// it removes it) and removes it in a deletion branch.
func (r *Result) ManagedOf(f Frame) (*Managed, bool) {
	adds, removals := r.FinalizerOps(f.Fn, f.Obj)
	if len(adds)+f.CallerAdds == 0 || len(removals) == 0 {
		return nil, false // not a finalizer this reconciler manages here
	}
	branches := r.DeletionBranches(f.Fn, f.Obj, removals)
	if len(branches) == 0 {
		return nil, false
	}
	return &Managed{Frame: f, Adds: adds, Removals: removals, Branches: branches, reach: ssaflow.Reachable(f.Exists, nil)}, true
}

// Skips reports whether at lies on a path the terminating object takes
// before its deletion branch, and which branch it comes before: where the
// object exists, behind no deletion test, before a reachable deletion
// branch written after it, with no removal of the finalizer on the way,
// not where the finalizer is known absent, and with the deletion state
// read nowhere before it (but by except, a call the caller judges
// itself), since a read not followed here may send it elsewhere.
func (d *Managed) Skips(r *Result, at, except ssa.Instruction) (DeletionBranch, bool) {
	fn, obj := d.Fn, d.Obj
	rb := at.Block()
	if !d.Exists.Dominates(rb) {
		return DeletionBranch{}, false
	}
	var skipped *DeletionBranch
	// In the block that ends in the test, at comes before it.
	for i, br := range d.Branches {
		if br.Block != rb && br.Block.Dominates(rb) {
			return DeletionBranch{}, false // after the test: the deletion state is known here
		}
		// The branch at comes before: reachable, and written after it
		// (one written before it sits on another side, such as the
		// cleanup of an object whose owner is not set).
		if d.reach[br.Block] && skipped == nil && br.TestPos() > at.Pos() {
			skipped = &d.Branches[i]
		}
	}
	if skipped == nil {
		return DeletionBranch{}, false
	}
	for _, rm := range d.Removals {
		if ssaflow.MayPrecede(rm.Instr, at) {
			return DeletionBranch{}, false // removed on the way, maybe
		}
	}
	if r.LacksFinalizer(fn, obj, rb) {
		return DeletionBranch{}, false // nothing to remove on this path
	}
	for _, rd := range r.Lifecycle(fn).Reads {
		if rd.Instr == except {
			continue
		}
		if r.Same(fn, rd.Obj, obj) && ssaflow.MayPrecede(rd.Instr, at) && !d.isBranch(rd.Instr) {
			return DeletionBranch{}, false // looked at in a way not followed here
		}
	}
	return *skipped, true
}

// isBranch reports whether instr computes the condition of one of the
// deletion branches.
func (d *Managed) isBranch(instr ssa.Instruction) bool {
	for _, br := range d.Branches {
		if instr.Block() == br.Block {
			return true
		}
	}
	return false
}

// LacksFinalizer reports whether b is dominated by the side of an If on
// controllerutil.ContainsFinalizer(obj, ...) where obj lacks it.
func (r *Result) LacksFinalizer(fn *ssa.Function, obj ssa.Value, b *ssa.BasicBlock) bool {
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
		if len(args) != 2 || !r.Same(fn, args[0], obj) {
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

// LookedAtDeletion reports whether obj's deletion state may be read in fn
// before at, other than by at itself.
func (r *Result) LookedAtDeletion(fn *ssa.Function, obj ssa.Value, at ssa.Instruction) bool {
	for _, rd := range r.Lifecycle(fn).Reads {
		if rd.Instr != at && r.Same(fn, rd.Obj, obj) && ssaflow.MayPrecede(rd.Instr, at) {
			return true
		}
	}
	return false
}

// TailFrames returns the frames of the helpers of this package that f's
// function hands its object to, where the object exists, and whose
// results it returns as they are (return r.reconcile(ctx, obj)): their
// early returns are the reconcile's. Not when the caller has looked at
// the deletion state before the call (the helper is then the live or the
// terminating path), nor when the object was written on every path to
// the call (the write's event brings it back).
func (r *Result) TailFrames(f Frame) []Frame {
	fn, obj := f.Fn, f.Obj
	adds, _ := r.FinalizerOps(fn, obj)
	var out []Frame
	for ret := range ssaflow.Returns(fn) {
		call := tailCall(ret)
		if call == nil || !f.Exists.Dominates(call.Block()) || ssaflow.Dead(call.Block()) {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil || len(callee.Blocks) == 0 || callee.Pkg != fn.Pkg || len(callee.Params) != len(call.Call.Args) {
			continue
		}
		param := -1
		for i, a := range call.Call.Args {
			if r.Same(fn, a, obj) {
				param = i
				break
			}
		}
		if param < 0 || r.LookedAtDeletion(fn, obj, call) || r.LacksFinalizer(fn, obj, call.Block()) {
			continue
		}
		if st := r.Steps(fn, call, obj); !st.Fetched() {
			continue // written on every path: the write's event brings it back
		}
		sub := Frame{Fn: callee, Obj: callee.Params[param], Exists: callee.Blocks[0], Call: call, CallerAdds: len(adds)}
		for _, op := range adds {
			if ssaflow.MayPrecede(op.Instr, call) {
				sub.AddedBefore = true
			}
		}
		out = append(out, sub)
	}
	return out
}

// tailCall returns the call whose two results ret returns as they are.
func tailCall(ret *ssa.Return) *ssa.Call {
	if len(ret.Results) != 2 {
		return nil
	}
	var call *ssa.Call
	for i, v := range ret.Results {
		ex, ok := ssaflow.Returned(v).(*ssa.Extract)
		if !ok || ex.Index != i {
			return nil
		}
		c, ok := ex.Tuple.(*ssa.Call)
		if !ok || call != nil && c != call {
			return nil
		}
		call = c
	}
	return call
}

// helperFetches returns the frames of rec's calls of a helper that
// returns the object it read by the request's key (d, found, err :=
// getDeployment(ctx, r.Client, req.NamespacedName): the fetched results
// of a helper of the module, what a Get filled, or nil), each starting
// where the reconcile knows the object was found.
func (r *Result) helperFetches(rec crapi.Reconciler) []Frame {
	fn := rec.Fn
	var out []Frame
	for call := range ssaflow.PlainCalls(fn) {
		if call.Call.IsInvoke() || call.Call.StaticCallee() == nil || !keyedByRequest(call, rec.Req) {
			continue
		}
		obj := r.fetchedResult(fn, call)
		if obj == nil {
			continue
		}
		if exists := r.foundBlock(fn, call, obj); exists != nil {
			out = append(out, Frame{Fn: fn, Obj: obj, Exists: exists})
		}
	}
	return out
}

// keyedByRequest reports whether one of call's arguments is the request's
// key (req.NamespacedName, req itself, a key named by req.Name).
func keyedByRequest(call *ssa.Call, req ssa.Value) bool {
	for _, a := range call.Call.Args {
		if ssaflow.IsRequestKey(a, req) {
			return true
		}
	}
	return false
}

// fetchedResult returns the result of call that is an object it read
// from the server (the call itself, or the extraction of that result),
// or nil.
func (r *Result) fetchedResult(fn *ssa.Function, call *ssa.Call) ssa.Value {
	var cands []ssa.Value
	if _, isTuple := call.Type().(*types.Tuple); isTuple {
		for _, ref := range *call.Referrers() {
			if ex, ok := ref.(*ssa.Extract); ok {
				cands = append(cands, ex)
			}
		}
	} else {
		cands = append(cands, call)
	}
	for _, v := range cands {
		if _, isPtr := v.Type().Underlying().(*types.Pointer); !isPtr {
			continue
		}
		if _, ev := r.EffectOf(fn, v.(ssa.Instruction), v); ev == Fetched {
			return v
		}
	}
	return nil
}

// foundBlock returns the first block, in dominator order, that call
// dominates and where every branch to it says the object obj was found:
// the helper's error nil, its bool result true, and, without a bool, obj
// tested not nil when it is tested at all (getApp returning nil, nil when
// the object is gone). Nil when there is none.
func (r *Result) foundBlock(fn *ssa.Function, call *ssa.Call, obj ssa.Value) *ssa.BasicBlock {
	// The object may live in a cell (a deferred status patch captures
	// it): its nil tests read the cell.
	isObj := func(x ssa.Value) bool { return r.Same(fn, x, obj) }
	var errRes, okRes ssa.Value
	for _, ref := range *call.Referrers() {
		ex, isEx := ref.(*ssa.Extract)
		if !isEx {
			continue
		}
		switch t := ex.Type(); {
		case crapi.IsError(t):
			errRes = ex
		case crapi.IsBool(t):
			okRes = ex
		}
	}
	nilTested := false
	for _, nb := range ssaflow.NilBranches(fn) {
		if isObj(nb.X) {
			nilTested = true
		}
	}
	for _, b := range fn.DomPreorder() {
		if b == call.Block() || !call.Block().Dominates(b) {
			continue
		}
		if errRes != nil && !ssaflow.HoldsAt(b, nilSide(isOrCell(errRes), true)) {
			continue
		}
		if okRes != nil && !ssaflow.HoldsAt(b, trueSide(isOrCell(okRes))) {
			continue
		}
		if okRes == nil && nilTested && !ssaflow.HoldsAt(b, nilSide(isObj, false)) {
			continue
		}
		if errRes == nil && okRes == nil && !nilTested {
			return nil // nothing tells where it was found
		}
		return b
	}
	return nil
}

// isOrCell returns the test that x is v, or a load of the cell v is
// stored in once (a variable a closure captures).
func isOrCell(v ssa.Value) func(ssa.Value) bool {
	return func(x ssa.Value) bool {
		x = ssaflow.Strip(x)
		if x == v {
			return true
		}
		ld, ok := x.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return false
		}
		cell, ok := ld.X.(*ssa.Alloc)
		if !ok {
			return false
		}
		st := ssaflow.StoresOnce(cell)
		return st != nil && ssaflow.Strip(st.Val) == v
	}
}

// nilSide returns the test that a condition, known to be onTrue, says the
// value that match accepts is nil (isNil) or not nil.
func nilSide(match func(ssa.Value) bool, isNil bool) func(ssa.Value, bool) bool {
	return func(cond ssa.Value, onTrue bool) bool {
		x, nilOnTrue, ok := ssaflow.NilTest(cond)
		return ok && match(x) && (nilOnTrue == onTrue) == isNil
	}
}

// trueSide returns the test that a condition, known to be onTrue, says
// the bool that match accepts is true: itself, or its negation, on the
// right side.
func trueSide(match func(ssa.Value) bool) func(ssa.Value, bool) bool {
	return func(cond ssa.Value, onTrue bool) bool {
		for {
			not, ok := cond.(*ssa.UnOp)
			if !ok || not.Op != token.NOT {
				break
			}
			cond, onTrue = not.X, !onTrue
		}
		return match(cond) && onTrue
	}
}
