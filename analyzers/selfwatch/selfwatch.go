package selfwatch

import (
	_ "embed"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
)

//go:embed doc.go
var doc string

// Analyzer reports a builder chain that watches its For type again.
var Analyzer = &analysis.Analyzer{
	Name:     "selfwatch",
	Doc:      checkdoc.MustExtract(doc, "selfwatch"),
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer, ownership.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model, ok := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if !ok || model == nil {
		return nil, nil
	}
	// Owner references on objects of the For type: without them, an
	// owner source of that type never fires (atlas-operator's
	// Owns(&AtlasMigration{}), dead but harmless).
	owns := ownership.Of(pass)
	reported := map[*ctrlmodel.Call]bool{}
	for _, ch := range model.Chains {
		fors := ch.Find(ctrlmodel.For)
		for _, c := range ch.Calls {
			if reported[c] {
				continue
			}
			var forType types.Type
			for _, f := range fors {
				if ctrlmodel.SameKind(f.Object, c.Object) {
					forType = f.Object
				}
			}
			if forType == nil {
				continue
			}
			switch c.Method {
			case ctrlmodel.Owns:
				if !owns.Owned(forType) {
					continue
				}
				reported[c] = true
				diag.Report(pass, analysis.Diagnostic{Pos: c.Pos, End: c.End, Message: c.String() +
					" watches the For type " + crapi.ObjectTypeString(forType) +
					" again: requests from both sources land in one Reconcile that cannot tell owner from owned, so owner references built from the request make objects own themselves"})
			case ctrlmodel.Watches, ctrlmodel.WatchesMetadata:
				if c.Handler == nil {
					continue
				}
				switch c.Handler.Kind {
				case ctrlmodel.HandlerForOwner:
					if !owns.Owned(forType) {
						continue
					}
					reported[c] = true
					diag.Report(pass, analysis.Diagnostic{Pos: c.Pos, End: c.End, Message: c.String() +
						" maps events of the For type " + crapi.ObjectTypeString(forType) +
						" to their owners: requests for owner and owned land in one Reconcile that cannot tell them apart, so owner references built from the request make objects own themselves"})
				case ctrlmodel.HandlerForObject:
					reported[c] = true
					diag.Report(pass, analysis.Diagnostic{Pos: c.Pos, End: c.End, Message: c.String() +
						" duplicates the For source of " + crapi.ObjectTypeString(forType) +
						": each event is enqueued through both sources, and the predicates given to For no longer filter it"})
				}
			}
		}
	}
	return nil, nil
}
