package finalizerreturn

// This file holds the Analyzer and the check's outline: the frames where
// the reconciled object exists (the reconcile, then its tail helpers: the
// object layer's), and the first success return without requeue of a
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

// check analyzes, from each place rec finds its own object (the object
// layer's ReconciledFrames: its Get by the request's key, or a helper's
// fetch), the reconcile function, then its tail helpers until one
// reports: one finding per object, the first return explaining the
// others.
func check(pass *analysis.Pass, objs *objects.Result, r crapi.Reconciler) {
	for _, top := range objs.ReconciledFrames(r) {
		if analyze(pass, objs, top) {
			continue // one per object: the first return explains the others
		}
		for _, sub := range objs.TailFrames(top) {
			if analyze(pass, objs, sub) {
				break
			}
		}
	}
}

// analyze reports the first success return of f that skips its deletion
// branch, and reports whether it did.
func analyze(pass *analysis.Pass, objs *objects.Result, f objects.Frame) bool {
	fn, obj := f.Fn, f.Obj
	d, ok := objs.ManagedOf(f)
	if !ok {
		return false // not a finalizer this reconciler manages here
	}
	m := apimarkers.Of(pass)
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
		if b, ok := skipped(objs, d, ret, via); ok {
			if settled(fn, objs, m, obj, ret, d.Adds, f.AddedBefore) {
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
