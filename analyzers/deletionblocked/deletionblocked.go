package deletionblocked

// The rule: in the frames where the reconciled object exists (the object
// layer's ReconciledFrames and TailFrames, finalizerreturn's), a return
// whose error stands for the NotFound of a lookup of another object
// (objects.NotFoundSource, ssaflow.NotFoundReturns), on a path a
// terminating object takes before the deletion branch that removes the
// finalizer the reconcile manages (objects.Managed.Skips).

import (
	_ "embed"
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the deletionblocked check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "deletionblocked",
	Doc:      checkdoc.MustExtract(doc, "deletionblocked"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	reported := map[*ssa.Return]bool{}
	for _, r := range crapi.Reconcilers(ssapkg.Of(pass).SrcFuncs()) {
		if len(r.Fn.Blocks) == 0 || ssapkg.InTestCode(pass, r.Fn.Pos()) {
			continue
		}
		for _, top := range objs.ReconciledFrames(r) {
			for _, f := range append([]objects.Frame{top}, objs.TailFrames(top)...) {
				check(pass, objs, r, f, reported)
			}
		}
	}
	return nil, nil
}

// check reports the returns of f's function that pass on the NotFound of
// a lookup of another object before the deletion branch.
func check(pass *analysis.Pass, objs *objects.Result, r crapi.Reconciler, f objects.Frame, reported map[*ssa.Return]bool) {
	m, ok := objs.ManagedOf(f)
	if !ok {
		return
	}
	for call := range ssaflow.PlainCalls(f.Fn) {
		errv, kind, ok := objs.NotFoundSource(f.Fn, call)
		if !ok || kind&objects.NotFoundLookup == 0 || ownLookup(objs, r, f, call) {
			continue
		}
		for _, nr := range ssaflow.NotFoundReturns(f.Fn, errv) {
			ret := nr.Ret
			if reported[ret] || ssaflow.Dead(ret.Block()) || !ssaflow.MayPrecede(call, ret) {
				continue
			}
			br, ok := m.Skips(objs, ret, nil)
			if !ok {
				continue
			}
			reported[ret] = true
			report(pass, f.Fn, call, ret, br, nr.Made)
		}
	}
}

// ownLookup reports whether call reads the reconciled object itself, or
// an object named by its key (req.NamespacedName, the object's own name:
// a child named after it, which its deletion does not remove first), or
// one of its type (the same object, maybe, read again).
func ownLookup(objs *objects.Result, r crapi.Reconciler, f objects.Frame, call *ssa.Call) bool {
	for _, a := range call.Call.Args {
		if ssaflow.IsRequestKey(a, r.Req) {
			return true
		}
	}
	cc, args, ok := crapi.ClientCallSSA(call.Common())
	if !ok {
		// A helper given the object looks up what it refers to; one that
		// reads an object of its parameter's type is no lookup (objects'
		// NotFoundLookup).
		return false
	}
	key, obj, ok := crapi.ClientSite{Call: call, ClientCall: cc, Args: args}.IsGetOf()
	if !ok {
		return true
	}
	if objs.Same(f.Fn, obj, f.Obj) || types.Identical(ssaflow.Strip(obj).Type(), ssaflow.Strip(f.Obj).Type()) {
		return true
	}
	own := objs.Source(f.Obj) + ".Name"
	for _, k := range objs.FetchKeys(f.Fn)[ssaflow.Strip(obj)] {
		if k.Name == own || k.From != nil && objs.Same(f.Fn, k.From, f.Obj) {
			return true
		}
	}
	return ssaflow.IsRequestKey(key, r.Req)
}

// report reports ret, which returns the NotFound of the lookup call (or an
// error made on its NotFound side) before br's removal of the finalizer.
func report(pass *analysis.Pass, fn *ssa.Function, call *ssa.Call, ret *ssa.Return, br objects.DeletionBranch, made bool) {
	rs := ssaflow.ReturnStmt(fn, ret)
	if rs == nil {
		return
	}
	fin := "its finalizer"
	if name := br.Removal.FinalizerName(); name != "" {
		fin = fmt.Sprintf("finalizer %q", name)
	}
	what := "the NotFound error of the lookup"
	if made {
		what = "an error made when the lookup finds nothing"
	}
	lookup := lookupName(call)
	diag.Report(pass, analysis.Diagnostic{
		Pos: rs.Pos(), End: rs.End(),
		Related: []analysis.RelatedInformation{
			{Pos: call.Pos(), Message: "the lookup"},
			{Pos: br.Removal.Instr.Pos(), Message: "the removal this return comes before"},
		},
		Message: fmt.Sprintf("this return passes on %s of %s (%s) before the deletion branch (line %d): a dependency is usually deleted first, and once it is gone every retry of the terminating object fails here, %s is never removed (line %d) and the object stays Terminating; handle deletion before the lookup, or tolerate its NotFound",
			what, lookup, diag.Where(pass, rs.Pos(), call.Pos()), pass.Fset.Position(br.TestPos()).Line, fin, pass.Fset.Position(br.Removal.Instr.Pos()).Line),
	})
}

// lookupName names the lookup: the type of the object a Get reads, or the
// helper called.
func lookupName(call *ssa.Call) string {
	if cc, args, ok := crapi.ClientCallSSA(call.Common()); ok {
		if _, obj, ok := (crapi.ClientSite{Call: call, ClientCall: cc, Args: args}).IsGetOf(); ok {
			if n := crapi.Named(ssaflow.Deref(ssaflow.Strip(obj).Type())); n != nil {
				return "a " + n.Obj().Name()
			}
		}
	}
	if fn := crapi.Callee(call.Common()); fn != nil {
		return fn.Name()
	}
	return "a lookup"
}
