package nogeneration

import (
	_ "embed"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

//go:embed doc.go
var doc string

// Analyzer reports generation predicates on sources of kinds without a
// generation.
var Analyzer = &analysis.Analyzer{
	Name:     "nogeneration",
	Doc:      checkdoc.MustExtract(doc, "nogeneration"),
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model, ok := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if !ok || model == nil {
		return nil, nil
	}
	// A call may belong to several chains (a builder helper's calls join
	// each chain that calls it): report it once.
	reported := map[*ctrlmodel.Call]bool{}
	for _, ch := range model.Chains {
		var fors []*ctrlmodel.Call
		for _, c := range ch.Sources() {
			if c.Object == nil || ctrlmodel.DynamicKind(ssaflow.Deref(c.Object)) || !knowledge.NoGeneration(ssaflow.Deref(c.Object)) {
				continue
			}
			if c.Method == ctrlmodel.For {
				fors = append(fors, c)
			}
			for _, p := range c.Predicates {
				if drops(p) && !reported[c] {
					reported[c] = true
					report(pass, c, c, p)
					break
				}
			}
		}
		// A global filter applies to For too; for the other sources
		// globalfilter says so (it also drops their status updates).
		for _, f := range ch.Find(ctrlmodel.WithEventFilter) {
			if len(fors) > 0 && len(f.Predicates) == 1 && drops(f.Predicates[0]) && !reported[f] {
				reported[f] = true
				report(pass, f, fors[0], f.Predicates[0])
			}
		}
	}
	return nil, nil
}

// drops reports a predicate that passes an update only when the
// generation, labels or annotations changed, and counts on the generation
// to do so.
func drops(p *ctrlmodel.Predicate) bool {
	return p.OnlyMetaChanges() && p.Uses(ctrlmodel.PredicateGenerationChanged)
}

func report(pass *analysis.Pass, at, src *ctrlmodel.Call, p *ctrlmodel.Predicate) {
	what := "the generation predicate on " + src.String()
	if at != src {
		what = at.String() + ", which applies to " + src.String() + ","
	}
	// Or-ed with a label or annotation predicate, those updates pass:
	// say only what is dropped (piraeus's Nodes).
	var meta []string
	if p.Uses(ctrlmodel.PredicateLabelChanged) {
		meta = append(meta, "labels")
	}
	if p.Uses(ctrlmodel.PredicateAnnotationChanged) {
		meta = append(meta, "annotations")
	}
	drop := " drops every update of these objects: the API server never sets metadata.generation on a " + crapi.ObjectTypeString(src.Object) +
		", so only creates and deletes reach Reconcile and an edited one never does"
	if len(meta) > 0 {
		drop = " drops every update of these objects but those of their " + strings.Join(meta, " or ") +
			": the API server never sets metadata.generation on a " + crapi.ObjectTypeString(src.Object) +
			", so an edit of anything else (its spec, data or status) never reaches Reconcile"
	}
	diag.Report(pass, analysis.Diagnostic{
		Pos: at.Pos, End: at.End,
		Message: what + drop + "; use predicate.ResourceVersionChangedPredicate, or no predicate, for this source",
	})
}
