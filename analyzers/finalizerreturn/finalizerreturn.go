package finalizerreturn

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/nilresult"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports success returns taken before the finalizer's removal.
var Analyzer = &analysis.Analyzer{
	Name:     "finalizerreturn",
	Doc:      checkdoc.MustExtract(doc, "finalizerreturn"),
	URL:      "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/finalizerreturn.md",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, apimarkers.Analyzer, nilresult.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	for _, r := range crapi.Reconcilers(ssapkg.Of(pass).SrcFuncs()) {
		if len(r.Fn.Blocks) > 0 {
			check(pass, objs, r)
		}
	}
	return nil, nil
}

// deletionBranch is an If on the object's deletion state whose
// terminating side removes a finalizer from it.
type deletionBranch struct {
	block   *ssa.BasicBlock
	removal lifecycle.FinalizerOp
}

// frame is a function in which the reconciled object obj is known to
// exist from the block exists on: the reconcile function after its Get,
// or a helper it hands the object to and returns from (then obj is the
// helper's parameter and exists its entry).
type frame struct {
	fn     *ssa.Function
	obj    ssa.Value
	exists *ssa.BasicBlock
	// call is the caller's call of a helper frame (nil for the reconcile
	// function); addedBefore: the caller may add the finalizer before it.
	call        *ssa.Call
	addedBefore bool
	callerAdds  int
}

func check(pass *analysis.Pass, objs *objects.Result, r crapi.Reconciler) {
	fn := r.Fn
	for _, site := range crapi.ClientCalls(fn) {
		key, obj, ok := site.IsGetOf()
		if !ok || site.SubResource || !ssaflow.IsRequestKey(key, r.Req) {
			continue // the reconciled object only
		}
		exists := successBlock(fn, site.Call)
		if exists == nil {
			continue
		}
		top := frame{fn: fn, obj: obj, exists: exists}
		if analyze(pass, objs, top) {
			continue // one per object: the first return explains the others
		}
		for _, sub := range tailHelpers(objs, top) {
			if analyze(pass, objs, sub) {
				break
			}
		}
	}
}

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

// analyze reports the first success return of f that skips its deletion
// branch, and reports whether it did.
func analyze(pass *analysis.Pass, objs *objects.Result, f frame) bool {
	fn, obj := f.fn, f.obj
	adds, removals := finalizerOps(objs, fn, obj)
	if len(adds)+f.callerAdds == 0 || len(removals) == 0 {
		return false // not a finalizer this reconciler manages here
	}
	branches := deletionBranches(fn, objs, obj, removals)
	if len(branches) == 0 {
		return false
	}
	m := apimarkers.Of(pass)
	reach := ssaflow.Reachable(f.exists, nil)
	for ret := range ssaflow.Returns(fn) {
		if ssaflow.Dead(ret.Block()) || nilresult.DeadNilSide(pass, fn, ret.Block()) {
			continue // behind a branch no execution takes
		}
		if generationGated(fn, objs, obj, ret.Block()) {
			continue // the API server bumps the generation of a terminating object
		}
		success, via := successNoRequeue(ret), (*helperReturn)(nil)
		if !success {
			via = ptrHelperSuccess(objs, m, f, ret)
			success = via != nil
		}
		if !success {
			continue
		}
		if b, ok := skipped(f, objs, reach, branches, removals, ret, via); ok {
			if settled(fn, objs, m, obj, ret, adds, f.addedBefore) {
				continue // an object returning there never gets the finalizer
			}
			report(pass, fn, ret, b, via)
			return true
		}
	}
	return false
}

// tailHelpers returns the helpers of this package that f's function hands
// its object to, where the object exists, and whose results it returns as
// they are (return r.reconcile(ctx, obj)): their early returns are the
// reconcile's. Not when the caller has looked at the deletion state before
// the call (the helper is then the live or the terminating path).
func tailHelpers(objs *objects.Result, f frame) []frame {
	fn, obj := f.fn, f.obj
	adds, _ := finalizerOps(objs, fn, obj)
	var out []frame
	for ret := range ssaflow.Returns(fn) {
		call := tailCall(ret)
		if call == nil || !f.exists.Dominates(call.Block()) || ssaflow.Dead(call.Block()) {
			continue
		}
		callee := call.Call.StaticCallee()
		if callee == nil || len(callee.Blocks) == 0 || callee.Pkg != fn.Pkg || len(callee.Params) != len(call.Call.Args) {
			continue
		}
		param := -1
		for i, a := range call.Call.Args {
			if objs.Same(fn, a, obj) {
				param = i
				break
			}
		}
		if param < 0 || lookedAtDeletion(fn, objs, obj, call) || lacksFinalizer(fn, objs, obj, call.Block()) {
			continue
		}
		if st := objs.Steps(fn, call, obj); !st.Fetched() {
			continue // written on every path: the write's event brings it back
		}
		sub := frame{fn: callee, obj: callee.Params[param], exists: callee.Blocks[0], call: call, callerAdds: len(adds)}
		for _, op := range adds {
			if ssaflow.MayPrecede(op.Instr, call) {
				sub.addedBefore = true
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

// lookedAtDeletion reports whether obj's deletion state may be read in fn
// before at, other than by at itself.
func lookedAtDeletion(fn *ssa.Function, objs *objects.Result, obj ssa.Value, at ssa.Instruction) bool {
	for _, rd := range objs.Lifecycle(fn).Reads {
		if rd.Instr != at && objs.Same(fn, rd.Obj, obj) && ssaflow.MayPrecede(rd.Instr, at) {
			return true
		}
	}
	return false
}

// helperReturn is a success return of a helper that returns a
// *reconcile.Result, which the caller returns as its own.
type helperReturn struct {
	call  *ssa.Call
	ret   *ssa.Return
	param ssa.Value // the helper's parameter given the object
}

// ptrHelperSuccess reports whether ret returns *res, err from a helper of
// this package given the object (if res, err := r.shouldReconcile(ctx,
// obj); res != nil || err != nil { return *res, err }) that may return a
// pointer to a Result without requeue and a nil error, before any look at
// the object's deletion state: the caller then returns success. It
// returns that helper's return.
func ptrHelperSuccess(objs *objects.Result, m *apimarkers.Result, f frame, ret *ssa.Return) *helperReturn {
	if len(ret.Results) != 2 {
		return nil
	}
	deref, ok := ssaflow.Returned(ret.Results[0]).(*ssa.UnOp)
	if !ok || deref.Op != token.MUL {
		return nil
	}
	resEx, ok := ssaflow.Strip(deref.X).(*ssa.Extract)
	errEx, ok2 := ssaflow.Returned(ret.Results[1]).(*ssa.Extract)
	if !ok || !ok2 || resEx.Index != 0 || errEx.Index != 1 || resEx.Tuple != errEx.Tuple {
		return nil
	}
	call, ok := resEx.Tuple.(*ssa.Call)
	if !ok {
		return nil
	}
	callee := call.Call.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || callee.Pkg != f.fn.Pkg || len(callee.Params) != len(call.Call.Args) {
		return nil
	}
	param := -1
	for i, a := range call.Call.Args {
		if objs.Same(f.fn, a, f.obj) {
			param = i
			break
		}
	}
	if param < 0 {
		return nil
	}
	p := callee.Params[param]
	calleeAdds, _ := finalizerOps(objs, callee, p)
	if len(calleeAdds) > 0 {
		return nil // the helper manages the finalizer itself
	}
	var before bool // the caller may add the finalizer before the call
	adds, _ := finalizerOps(objs, f.fn, f.obj)
	for _, op := range adds {
		if ssaflow.MayPrecede(op.Instr, call) {
			before = true
		}
	}
	// The helper's returns of (nil, nil) let the caller go on, to its
	// additions: for settled, they are where the finalizer may be added.
	var goesOn []lifecycle.FinalizerOp
	if len(adds) > 0 {
		for hret := range ssaflow.Returns(callee) {
			if len(hret.Results) == 2 && ssaflow.IsNil(ssaflow.Returned(hret.Results[0])) && ssaflow.IsNil(ssaflow.Returned(hret.Results[1])) {
				goesOn = append(goesOn, lifecycle.FinalizerOp{Instr: hret})
			}
		}
	}
	for hret := range ssaflow.Returns(callee) {
		if ssaflow.Dead(hret.Block()) || len(hret.Results) != 2 || !ssaflow.IsNil(ssaflow.Returned(hret.Results[1])) {
			continue
		}
		if crapi.ResultPtrRequeue(ssaflow.Returned(hret.Results[0])) != crapi.RequeueNone {
			continue
		}
		if lookedAtDeletion(callee, objs, p, hret) || lacksFinalizer(callee, objs, p, hret.Block()) || generationGated(callee, objs, p, hret.Block()) {
			continue
		}
		if settled(callee, objs, m, p, hret, goesOn, before) {
			continue
		}
		return &helperReturn{call: call, ret: hret, param: p}
	}
	return nil
}

// settled reports whether ret is reached only on a side of a test of
// immutable fields of obj (an XValidation rule "self == oldSelf":
// spec.managedBy naming another controller) that no addition of the
// finalizer is on or comes before: an object that returns there was never
// given the finalizer by this reconcile, and never will be. addedBefore:
// fn is a helper whose caller may add the finalizer before calling it.
func settled(fn *ssa.Function, objs *objects.Result, m *apimarkers.Result, obj ssa.Value, ret *ssa.Return, adds []lifecycle.FinalizerOp, addedBefore bool) bool {
	if addedBefore {
		return false // a caller may have added it before this function ran
	}
	rb := ret.Block()
	for _, b := range fn.Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || !b.Dominates(rb) || !immutableOf(fn, objs, m, obj, ifi.Cond, 0) && !instanceGate(fn, objs, obj, ifi.Cond) && !processGate(fn, objs, obj, ifi.Cond) {
			continue
		}
		for _, side := range b.Succs {
			if len(side.Preds) != 1 || !side.Dominates(rb) {
				continue
			}
			after := ssaflow.Reachable(side, nil)
			untouched := true
			for _, op := range adds {
				ab := op.Instr.Block()
				if after[ab] || ssaflow.Reachable(ab, nil)[b] {
					untouched = false
					break
				}
			}
			if untouched {
				return true
			}
		}
	}
	return false
}

// instanceGate reports whether cond compares a spec field of obj with a
// value of the reconciler's own configuration (a field of its receiver,
// or what a method of one returns: r.instance.GetClusterName()): the
// object is another instance's share, and that instance, running the
// same reconciler, handles its deletion (cloudnative-pg's instance
// managers, each reconciling the roles of its own cluster).
func instanceGate(fn *ssa.Function, objs *objects.Result, obj, cond ssa.Value) bool {
	bin, ok := cond.(*ssa.BinOp)
	if !ok || (bin.Op != token.EQL && bin.Op != token.NEQ) || fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return false
	}
	recv := fn.Params[0]
	return specField(fn, objs, obj, bin.X) && fromReceiver(bin.Y, recv, 0) ||
		specField(fn, objs, obj, bin.Y) && fromReceiver(bin.X, recv, 0)
}

// generationGated reports whether block b is reached only on a side of a
// test of obj's generation (obj.Generation == obj.Status.ObservedGeneration,
// or a helper of the package given obj that reads its generation, such as
// isAlreadyReconciled(obj)). The API server bumps the generation when it
// sets the deletion timestamp of an object with finalizers (apiserver's
// rest.BeforeDelete), so an "already reconciled" gate lets a newly
// terminating object through to its deletion branch.
func generationGated(fn *ssa.Function, objs *objects.Result, obj ssa.Value, b *ssa.BasicBlock) bool {
	for _, blk := range fn.Blocks {
		ifi, ok := ssaflow.Last(blk).(*ssa.If)
		if !ok || !blk.Dominates(b) || blk == b {
			continue
		}
		for _, side := range blk.Succs {
			if len(side.Preds) == 1 && side.Dominates(b) && readsGeneration(fn, objs, obj, ifi.Cond, 0) {
				return true
			}
		}
	}
	return false
}

// readsGeneration reports whether cond is computed from obj's generation:
// a load of its Generation field or GetGeneration(), through operators,
// or a call of a function of the package given obj whose body reads its
// parameter's.
func readsGeneration(fn *ssa.Function, objs *objects.Result, obj, v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL && generationField(fa) {
			root := ssaflow.Strip(fa.X)
			if inner, ok := root.(*ssa.FieldAddr); ok {
				root = inner.X // obj.ObjectMeta.Generation
			}
			return root == obj || objs.Same(fn, root, obj)
		}
		return readsGeneration(fn, objs, obj, v.X, depth+1)
	case *ssa.BinOp:
		return readsGeneration(fn, objs, obj, v.X, depth+1) || readsGeneration(fn, objs, obj, v.Y, depth+1)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if readsGeneration(fn, objs, obj, e, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		callee := crapi.Callee(v.Common())
		if callee != nil && callee.Name() == "GetGeneration" && callee.Signature().Recv() != nil {
			r := crapi.Receiver(v.Common())
			if r == nil {
				return false
			}
			r = lifecycle.ObjectOf(r) // &obj.ObjectMeta stands for obj
			return r == obj || objs.Same(fn, r, obj)
		}
		sc := v.Call.StaticCallee()
		if sc == nil || len(sc.Blocks) == 0 || sc.Pkg != fn.Pkg || len(sc.Params) != len(v.Call.Args) || depth > 0 {
			return false
		}
		for i, a := range v.Call.Args {
			if a == obj || objs.Same(fn, a, obj) {
				for _, blk := range sc.Blocks {
					for _, instr := range blk.Instrs {
						if val, ok := instr.(ssa.Value); ok && readsGeneration(sc, objs, sc.Params[i], val, 5) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// generationField reports whether fa addresses ObjectMeta.Generation.
func generationField(fa *ssa.FieldAddr) bool {
	st, ok := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
	return ok && st.Field(fa.Field).Name() == "Generation" && isObjectMeta(ssaflow.Deref(fa.X.Type()))
}

// isObjectMeta reports whether t is metav1.ObjectMeta.
func isObjectMeta(t types.Type) bool {
	n := crapi.Named(t)
	return n != nil && n.Obj().Name() == "ObjectMeta" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == lifecycle.MetaV1Pkg
}

// processGate reports whether cond tests the error (nil, or NotFound) of
// a lookup that depends on nothing of the reconciled object: only on the
// reconciler's own configuration and the context, such as the cluster the
// process serves (cloudnative-pg's instance manager: "Cluster gone:
// nothing to reconcile", the finalizers stripped by whoever deletes it).
// Every object returns there alike, for as long as the deployment's own
// anchor is gone. Properties of that object (a replica cluster) are not
// such a gate: they change while objects carry the finalizer.
func processGate(fn *ssa.Function, objs *objects.Result, obj, cond ssa.Value) bool {
	if fn.Signature.Recv() == nil || len(fn.Params) == 0 {
		return false
	}
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond = not.X
	}
	errv, _, ok := ssaflow.NilTest(cond)
	if !ok {
		call, isCall := cond.(*ssa.Call)
		if !isCall || !crapi.IsFuncIn(crapi.Callee(call.Common()), crapi.APIErrorsPkg, "IsNotFound") || len(call.Call.Args) != 1 {
			return false
		}
		errv = call.Call.Args[0]
	}
	errv = ssaflow.Strip(errv)
	switch errv.(type) {
	case *ssa.Call, *ssa.Extract:
	default:
		return false
	}
	return processWide(fn, objs, obj, errv, fn.Params[0], 0)
}

// processWide reports whether v is computed from constants, the receiver
// recv and the context, through operators and calls whose other arguments
// are fresh objects (the object a lookup fills).
func processWide(fn *ssa.Function, objs *objects.Result, obj, v, recv ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.Parameter:
		return v == recv || crapi.IsContext(v.Type())
	case *ssa.BinOp:
		return processWide(fn, objs, obj, v.X, recv, depth+1) && processWide(fn, objs, obj, v.Y, recv, depth+1)
	case *ssa.UnOp:
		if v.Op == token.NOT {
			return processWide(fn, objs, obj, v.X, recv, depth+1)
		}
		return v.Op == token.MUL && fromReceiver(v.X, recv, 0)
	case *ssa.FieldAddr, *ssa.Field:
		return fromReceiver(v, recv, 0)
	case *ssa.ChangeType, *ssa.MakeInterface, *ssa.ChangeInterface:
		return processWide(fn, objs, obj, *v.(ssa.Instruction).Operands(nil)[0], recv, depth+1)
	case *ssa.Extract:
		return processWide(fn, objs, obj, v.Tuple, recv, depth+1)
	case *ssa.Call:
		args := v.Call.Args
		if v.Call.IsInvoke() {
			args = append([]ssa.Value{v.Call.Value}, args...)
		} else if v.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range args {
			if al, ok := ssaflow.Strip(a).(*ssa.Alloc); ok && objects.ObjectParam(al.Type()) && !objs.Same(fn, al, obj) && fresh(al, v) {
				continue // the object a lookup fills
			}
			if !processWide(fn, objs, obj, a, recv, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// fresh reports whether the object al is only filled by call: nothing is
// stored into it, and no other call is given it (a name copied from the
// reconciled object would make the lookup the object's own).
func fresh(al *ssa.Alloc, call *ssa.Call) bool {
	var ok func(v ssa.Value, depth int) bool
	ok = func(v ssa.Value, depth int) bool {
		if depth > 4 {
			return false
		}
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.Store:
				if ref.Addr == v {
					return false
				}
			case *ssa.FieldAddr:
				if !ok(ref, depth+1) {
					return false
				}
			case *ssa.ChangeType, *ssa.MakeInterface:
				if !ok(ref.(ssa.Value), depth+1) {
					return false
				}
			case ssa.CallInstruction:
				if ref != call {
					return false
				}
			}
		}
		return true
	}
	return ok(al, 0)
}

// specField reports whether v is loaded from a field under obj.Spec.
func specField(fn *ssa.Function, objs *objects.Result, obj, v ssa.Value) bool {
	ld, ok := v.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return false
	}
	fa, ok := ld.X.(*ssa.FieldAddr)
	for ok {
		inner, isField := fa.X.(*ssa.FieldAddr)
		if !isField {
			break
		}
		fa = inner
	}
	if !ok {
		return false
	}
	st, isStruct := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
	return isStruct && st.Field(fa.Field).Name() == "Spec" && (fa.X == obj || objs.Same(fn, fa.X, obj))
}

// fromReceiver reports whether v is computed from the receiver recv
// alone: its fields, and calls (methods of its fields included) given
// only such values.
func fromReceiver(v, recv ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Parameter:
		return v == recv
	case *ssa.UnOp:
		return v.Op == token.MUL && fromReceiver(v.X, recv, depth+1)
	case *ssa.FieldAddr:
		return fromReceiver(v.X, recv, depth+1)
	case *ssa.Field:
		return fromReceiver(v.X, recv, depth+1)
	case *ssa.ChangeType:
		return fromReceiver(v.X, recv, depth+1)
	case *ssa.Extract:
		return fromReceiver(v.Tuple, recv, depth+1)
	case *ssa.Call:
		args := v.Call.Args
		if v.Call.IsInvoke() {
			args = append([]ssa.Value{v.Call.Value}, args...)
		} else if v.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range args {
			if !fromReceiver(a, recv, depth+1) {
				return false
			}
		}
		return len(args) > 0
	}
	return false
}

// immutableOf reports whether v is computed only from constants and
// immutable fields of obj, through operators and calls.
func immutableOf(fn *ssa.Function, objs *objects.Result, m *apimarkers.Result, obj, v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch v := v.(type) {
	case *ssa.Const:
		return true
	case *ssa.BinOp:
		return immutableOf(fn, objs, m, obj, v.X, depth+1) && immutableOf(fn, objs, m, obj, v.Y, depth+1)
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL {
			return immutableField(fn, objs, m, obj, fa)
		}
		return v.Op != token.MUL && v.Op != token.ARROW && immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.ChangeType:
		return immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.Convert:
		return immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.MakeInterface:
		return immutableOf(fn, objs, m, obj, v.X, depth+1)
	case *ssa.Extract:
		return immutableOf(fn, objs, m, obj, v.Tuple, depth+1)
	case *ssa.Call:
		if v.Call.IsInvoke() || v.Call.StaticCallee() == nil {
			return false
		}
		for _, a := range v.Call.Args {
			if !immutableOf(fn, objs, m, obj, a, depth+1) {
				return false
			}
		}
		return len(v.Call.Args) > 0
	}
	return false
}

// immutableField reports whether fa addresses an immutable field of a
// struct inside obj (obj.Spec.ManagedBy).
func immutableField(fn *ssa.Function, objs *objects.Result, m *apimarkers.Result, obj ssa.Value, fa *ssa.FieldAddr) bool {
	named := crapi.Named(ssaflow.Deref(fa.X.Type()))
	st, ok := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
	if named == nil || !ok || !m.Immutable(named.Obj(), st.Field(fa.Field).Name()) {
		return false
	}
	root := fa.X
	for {
		inner, ok := root.(*ssa.FieldAddr)
		if !ok {
			break
		}
		root = inner.X
	}
	return root == obj || objs.Same(fn, root, obj)
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

// successNoRequeue reports whether ret returns a constant nil error and a
// Result that requests no requeue. With named results, what the return
// statement stores (ssaflow.Returned): a nil error stays nil when a
// deferred status patch captures it, unless the patch itself fails.
func successNoRequeue(ret *ssa.Return) bool {
	if len(ret.Results) != 2 || !ssaflow.IsNil(ssaflow.Returned(ret.Results[1])) {
		return false
	}
	return crapi.ResultRequeue(ssaflow.Returned(ret.Results[0])) == crapi.RequeueNone
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

func report(pass *analysis.Pass, fn *ssa.Function, ret *ssa.Return, br deletionBranch, via *helperReturn) {
	rs := ssaflow.ReturnStmt(fn, ret)
	if rs == nil {
		return
	}
	fin := "its finalizer"
	if name := br.removal.FinalizerName(); name != "" {
		fin = fmt.Sprintf("finalizer %q", name)
	}
	line := pass.Fset.Position(br.removal.Instr.Pos()).Line
	testLine := pass.Fset.Position(ssaflow.Last(br.block).Pos()).Line
	if cond := condPos(fn, br.block); cond.IsValid() {
		testLine = pass.Fset.Position(cond).Line
	}
	related := []analysis.RelatedInformation{{Pos: br.removal.Instr.Pos(), Message: "the removal this return skips"}}
	what := "this success return without requeue"
	if via != nil {
		hrs := ssaflow.ReturnStmt(via.ret.Parent(), via.ret)
		if hrs == nil {
			return
		}
		what = fmt.Sprintf("this return passes on the success without requeue of %s (%s)", via.ret.Parent().Name(), diag.Where(pass, rs.Pos(), hrs.Pos()))
		related = append(related, analysis.RelatedInformation{Pos: hrs.Pos(), Message: "the helper's success return"})
	}
	diag.Report(pass, analysis.Diagnostic{
		Pos: rs.Pos(), End: rs.End(),
		Related: related,
		Message: fmt.Sprintf("%s comes before the deletion branch (line %d): a terminating object returns here too, %s is never removed (line %d), and the object is never deleted; handle deletion before this return, or requeue",
			what, testLine, fin, line),
	})
}

// condPos is the position of the condition that ends block b, if known.
func condPos(fn *ssa.Function, b *ssa.BasicBlock) token.Pos {
	ifi, ok := ssaflow.Last(b).(*ssa.If)
	if !ok {
		return token.NoPos
	}
	if v, ok := ifi.Cond.(ssa.Instruction); ok && v.Pos().IsValid() {
		return v.Pos()
	}
	return token.NoPos
}
