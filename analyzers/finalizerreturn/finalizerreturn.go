package finalizerreturn

// This file holds the Analyzer and the check's outline: the reconciled
// object's Get, the frames where the object exists (the reconcile, then
// its tail helpers), and the first success return without requeue of a
// frame that skips the deletion branch, which is reported.

import (
	_ "embed"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
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
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, apimarkers.Analyzer, nilresult.Analyzer},
	Run:      run,
}

// run checks every reconcile function of the package that has a body.
func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	for _, r := range crapi.Reconcilers(ssapkg.Of(pass).SrcFuncs()) {
		if len(r.Fn.Blocks) > 0 {
			check(pass, objs, r)
		}
	}
	return nil, nil
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

// check finds r's Gets of the reconciled object (by the request's key, not
// of a subresource) and its calls of helpers that return it read by that
// key, and, from where each found the object, analyzes the reconcile
// function, then its tail helpers until one reports: one finding per
// object, the first return explaining the others.
func check(pass *analysis.Pass, objs *objects.Result, r crapi.Reconciler) {
	fn := r.Fn
	var tops []frame
	for _, site := range crapi.ClientCalls(fn) {
		key, obj, ok := site.IsGetOf()
		if !ok || site.SubResource || !ssaflow.IsRequestKey(key, r.Req) {
			continue // the reconciled object only
		}
		if exists := successBlock(fn, site.Call); exists != nil {
			tops = append(tops, frame{fn: fn, obj: obj, exists: exists})
		}
	}
	// Or read by a helper: d, found, err := getApp(ctx, req.NamespacedName).
	// Only without a Get: a helper reading it again would report the
	// return the Get's frame reports.
	if len(tops) == 0 {
		tops = helperFetches(objs, r)
	}
	for _, top := range tops {
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
