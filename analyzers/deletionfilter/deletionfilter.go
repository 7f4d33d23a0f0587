package deletionfilter

import (
	_ "embed"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the deletionfilter check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "deletionfilter",
	Doc:      checkdoc.MustExtract(doc, "deletionfilter"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, objects.Analyzer, reach.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model, ok := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if !ok || model == nil || len(model.Chains) == 0 {
		return nil, nil
	}
	prog := ssapkg.Of(pass)
	funcs := prog.SrcFuncs()
	var ssaProg *ssa.Program
	if pkg := prog.Package(); pkg != nil {
		ssaProg = pkg.Prog
	}
	c := &checker{
		pass:    pass,
		objs:    objects.Of(pass),
		funcs:   funcs,
		calls:   reach.Of(pass).Calls(),
		callers: prog.Callers(pass),
		recs:    crapi.Reconcilers(funcs),
	}
	// A call may belong to several chains (a builder helper's calls join
	// each chain that calls it): report it once.
	reported := map[*ctrlmodel.Call]bool{}
	for _, ch := range model.Chains {
		for _, forCall := range ch.Find(ctrlmodel.For) {
			if forCall.Object == nil || forCall.Via != nil || ssapkg.InTestCode(pass, forCall.Pos) {
				continue
			}
			t := ssaflow.Deref(forCall.Object)
			if ctrlmodel.DynamicKind(t) {
				continue
			}
			removal, ok := c.removedOnDeletion(ch, t)
			if !ok {
				continue
			}
			// For's own predicates, then the global filters: each applies
			// to the For source's events.
			at := []*ctrlmodel.Call{forCall}
			at = append(at, ch.Find(ctrlmodel.WithEventFilter)...)
			for _, call := range at {
				if reported[call] {
					continue
				}
				for _, p := range call.Predicates {
					what, ok := dropsDeletion(ssaProg, p, 0)
					if !ok {
						continue
					}
					reported[call] = true
					report(pass, call, forCall, t, what, removal)
					break
				}
			}
		}
	}
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	objs    *objects.Result
	funcs   []*ssa.Function
	calls   *reach.Calls
	callers map[*ssa.Function][]ssa.CallInstruction
	recs    []crapi.Reconciler
}

// removedOnDeletion returns a removal of a finalizer from an object of
// type t made in a deletion branch of what the chain's reconciler runs:
// its Reconcile method and the functions of the package it calls. A
// reconciler of another package, or not known, makes the chain silent.
func (c *checker) removedOnDeletion(ch *ctrlmodel.Chain, t types.Type) (lifecycle.FinalizerOp, bool) {
	var roots []*ssa.Function
	for _, rt := range ch.Reconcilers() {
		n := crapi.Named(rt)
		if n == nil {
			continue
		}
		for _, r := range c.recs {
			recv := r.Fn.Signature.Recv()
			if recv == nil {
				continue
			}
			if rn := crapi.Named(recv.Type()); rn != nil && rn.Obj() == n.Obj() {
				roots = append(roots, r.Fn)
			}
		}
	}
	if len(roots) == 0 {
		return lifecycle.FinalizerOp{}, false
	}
	set := c.calls.From(roots, nil)
	var run []*ssa.Function
	for _, fn := range c.funcs {
		if set[fn] {
			run = append(run, fn)
		}
	}
	sort.SliceStable(run, func(i, j int) bool { return run[i].Pos() < run[j].Pos() })
	match := func(obj ssa.Value) bool {
		ot := objects.ObjectType(obj)
		return ot != nil && types.Identical(ssaflow.Deref(ot), t)
	}
	return lifecycle.RemovedOnDeletion(run, c.callers, c.objs, match)
}

func report(pass *analysis.Pass, at, forCall *ctrlmodel.Call, t types.Type, what []string, removal lifecycle.FinalizerOp) {
	kind := crapi.ObjectTypeString(t)
	subject := "the predicate of " + forCall.String()
	if at != forCall {
		subject = at.String() + ", which applies to " + forCall.String() + ","
	}
	changes := "no " + what[0]
	if len(what) > 1 {
		changes = "none of these"
	}
	fin := "its finalizer"
	if name := removal.FinalizerName(); name != "" {
		fin = "its finalizer " + `"` + name + `"`
	}
	fix := "also pass an update whose new object has a deletion timestamp"
	if !knowledge.NoGeneration(t) {
		fix += ", or use predicate.GenerationChangedPredicate (the API server raises the generation when it sets the deletion timestamp)"
	}
	diag.Report(pass, analysis.Diagnostic{
		Pos: at.Pos, End: at.End,
		Message: subject + " passes an update of " + kind + " only when its " + strings.Join(what, " or ") +
			" changed: the update that sets its deletion timestamp changes " + changes +
			" and is dropped, so the reconcile that removes " + fin +
			" runs only when something else queues the object (a requeue, another source's event, a restart; resyncs are dropped too); " + fix,
	})
}
