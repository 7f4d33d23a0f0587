package lifecycle

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxCallerDepth bounds the walks up the callers.
const maxCallerDepth = 3

// TerminatingSide reports whether block b of fn lies on the terminating
// side of a deletion test, in fn, of an object match accepts: the branch
// of the test taken when the object is terminating is entered only from
// the test and dominates b, so that on every path to b the object was
// seen terminating. It returns the object of the first such test, in
// block order.
func TerminatingSide(fn *ssa.Function, b *ssa.BasicBlock, h Helpers, match func(obj ssa.Value) bool) (ssa.Value, bool) {
	return seenSide(fn, b, h, match, true)
}

// LiveSide is TerminatingSide's twin: b lies on the side of a deletion
// test of an object match accepts that is taken when the object is not
// terminating (after `if obj.DeletionTimestamp != nil { …; continue }`).
func LiveSide(fn *ssa.Function, b *ssa.BasicBlock, h Helpers, match func(obj ssa.Value) bool) (ssa.Value, bool) {
	return seenSide(fn, b, h, match, false)
}

func seenSide(fn *ssa.Function, b *ssa.BasicBlock, h Helpers, match func(obj ssa.Value) bool, terminating bool) (ssa.Value, bool) {
	if fn == nil || b == nil {
		return nil, false
	}
	for _, br := range EventsOf(fn, h).Branches {
		if br.Obj == nil || !match(br.Obj) {
			continue
		}
		side := br.Live()
		if terminating {
			side = br.Terminating()
		}
		if len(side.Preds) == 1 && side.Dominates(b) {
			return br.Obj, true
		}
	}
	return nil, false
}

// CalledOnlyTerminating reports whether every static call of fn in the
// package (callers, as ssaflow.StaticCallers gives them) lies on the
// terminating side of a deletion test of an object match accepts, or in a
// function itself called only so (up to three levels of callers). A
// function with no static call (called from another package, or as a
// value) is not. It returns the object tested for the last call.
func CalledOnlyTerminating(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, h Helpers, match func(obj ssa.Value) bool) (ssa.Value, bool) {
	return calledOnlyTerminating(callers, fn, h, match, 0)
}

func calledOnlyTerminating(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, h Helpers, match func(obj ssa.Value) bool, depth int) (ssa.Value, bool) {
	if depth > maxCallerDepth {
		return nil, false
	}
	sites := callers[fn]
	if len(sites) == 0 {
		return nil, false // called from elsewhere, or as a value: unknown
	}
	var obj ssa.Value
	for _, site := range sites {
		caller := site.Parent()
		o, ok := TerminatingSide(caller, site.Block(), h, match)
		if !ok {
			o, ok = calledOnlyTerminating(callers, caller, h, match, depth+1)
		}
		if !ok {
			return nil, false
		}
		obj = o
	}
	return obj, true
}

// ParamTerminating reports whether the object fn's parameter i (an SSA
// index: the receiver first) is terminating whenever fn runs: every static
// call of fn in the package lies on the terminating side of a deletion
// test, in the caller, of the object it passes there (same tells whether
// two values of a function denote one object), or passes a parameter of
// the caller that is itself so (up to three levels of callers). A
// function with no static call is not.
func ParamTerminating(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, i int, h Helpers, same func(fn *ssa.Function, a, b ssa.Value) bool) bool {
	return paramSeen(callers, fn, i, h, same, true, 0)
}

// ParamLive is ParamTerminating's twin: every call of fn passes as
// parameter i an object its caller has seen live (LiveSide), or a
// parameter of its own that is so.
func ParamLive(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, i int, h Helpers, same func(fn *ssa.Function, a, b ssa.Value) bool) bool {
	return paramSeen(callers, fn, i, h, same, false, 0)
}

// ObjectLiveAt reports whether the object obj of fn is seen live at the
// call site: on the live side of a deletion test of it in fn, or a
// parameter of fn that every call of fn passes so (ParamLive).
func ObjectLiveAt(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, b *ssa.BasicBlock, obj ssa.Value, h Helpers, same func(fn *ssa.Function, a, b ssa.Value) bool) bool {
	return seenAt(callers, fn, b, obj, h, same, false, 0)
}

func paramSeen(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, i int, h Helpers, same func(fn *ssa.Function, a, b ssa.Value) bool, terminating bool, depth int) bool {
	if depth > maxCallerDepth || fn == nil || i < 0 || i >= len(fn.Params) {
		return false
	}
	sites := callers[fn]
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		cc := site.Common()
		if cc.IsInvoke() || i >= len(cc.Args) {
			return false
		}
		if !seenAt(callers, site.Parent(), site.Block(), ssaflow.Strip(cc.Args[i]), h, same, terminating, depth) {
			return false
		}
	}
	return true
}

// seenAt reports whether obj of fn is seen terminating (or live) at block
// b: on that side of a deletion test of it, or a parameter of fn seen so
// in every call of fn.
func seenAt(callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function, b *ssa.BasicBlock, obj ssa.Value, h Helpers, same func(fn *ssa.Function, a, b ssa.Value) bool, terminating bool, depth int) bool {
	if fn == nil || obj == nil {
		return false
	}
	// A struct value passed on is the object it was loaded from; a local
	// holding a copy of a parameter's value is that parameter: copies of
	// one object, whose deletion state they share.
	objs := []ssa.Value{obj}
	if load, ok := obj.(*ssa.UnOp); ok && load.Op == token.MUL {
		objs = append(objs, load.X)
	}
	if a, ok := obj.(*ssa.Alloc); ok {
		if p := copiedParam(a); p != nil {
			objs = append(objs, p)
		}
	}
	match := func(o ssa.Value) bool {
		for _, x := range objs {
			if o == x || same(fn, o, x) {
				return true
			}
		}
		return false
	}
	if _, ok := seenSide(fn, b, h, match, terminating); ok {
		return true
	}
	for j, p := range fn.Params {
		if match(p) && paramSeen(callers, fn, j, h, same, terminating, depth+1) {
			return true
		}
	}
	return false
}

// copiedParam returns the parameter whose value the local a holds, when
// that is its only store; nil otherwise.
func copiedParam(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, ref := range *a.Referrers() {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		q, ok := st.Val.(*ssa.Parameter)
		if !ok || p != nil {
			return nil
		}
		p = q
	}
	return p
}

// RemovedOnDeletion returns a removal of a finalizer, in one of funcs,
// from an object match accepts, made in a deletion branch: on the
// terminating side of a deletion test of such an object
// (TerminatingSide), in a function called only there
// (CalledOnlyTerminating), or by controller-runtime's
// finalizer.Finalizers.Finalize, which removes finalizers only from a
// terminating object. funcs is walked in order; the first such removal
// is returned. A removal outside any deletion branch (a finalizer renamed
// on a live object) is not one.
func RemovedOnDeletion(funcs []*ssa.Function, callers map[*ssa.Function][]ssa.CallInstruction, h Helpers, match func(obj ssa.Value) bool) (FinalizerOp, bool) {
	for _, fn := range funcs {
		if fn == nil || len(fn.Blocks) == 0 {
			continue
		}
		for _, op := range EventsOf(fn, h).Removals {
			if op.Obj == nil || !match(op.Obj) {
				continue
			}
			if finalizes(op.Instr) {
				return op, true
			}
			if _, ok := TerminatingSide(fn, op.Instr.Block(), h, match); ok {
				return op, true
			}
			if _, ok := CalledOnlyTerminating(callers, fn, h, match); ok {
				return op, true
			}
		}
	}
	return FinalizerOp{}, false
}

// finalizes reports whether instr calls finalizer.Finalizers.Finalize.
func finalizes(instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	fn := crapi.Callee(call.Common())
	return fn != nil && fn.Name() == "Finalize" && fn.Pkg() != nil && fn.Pkg().Path() == crapi.FinalizerPkg
}
