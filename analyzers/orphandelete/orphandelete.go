package orphandelete

import (
	_ "embed"
	"fmt"
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports deletes that orphan a Job's Pods.
var Analyzer = &analysis.Analyzer{
	Name:     "orphandelete",
	Doc:      checkdoc.MustExtract(doc, "orphandelete"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if len(fn.Blocks) == 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for call := range ssaflow.PlainCalls(fn) {
			for _, d := range objs.Deletions(call.Common()) {
				if d.Policy != knowledge.PropagationNone {
					continue
				}
				t := objects.ObjectType(d.Obj)
				row, ok := knowledge.OrphanedBy(crapi.Named(t))
				if !ok {
					continue
				}
				report(pass, fn, call, d, crapi.ObjectTypeString(t), row)
			}
		}
	}
	return nil, nil
}

func report(pass *analysis.Pass, fn *ssa.Function, call *ssa.Call, d objects.Deletion, typ string, row knowledge.Orphaning) {
	ce := ssaflow.CallExpr(fn, call)
	if ce == nil {
		return
	}
	const why = "the API's default for this kind orphans %s, which keep running or stay behind, owned by nothing"
	var msg string
	var fixes []analysis.SuggestedFix
	switch {
	case d.Helper != nil:
		msg = fmt.Sprintf("%s deletes this %s without a propagation policy: "+why+"; pass client.PropagationPolicy(metav1.DeletePropagationBackground) in %s's delete",
			d.Helper.Name(), typ, row.Dependents, d.Helper.Name())
	default:
		what := "Delete of " + typ
		if d.All {
			what = "DeleteAllOf of " + typ
		}
		msg = fmt.Sprintf("%s names no propagation policy: "+why+"; add client.PropagationPolicy(metav1.DeletePropagationBackground)", what, row.Dependents)
		fixes = fix(pass, ce)
	}
	diag.Report(pass, analysis.Diagnostic{Pos: ce.Pos(), End: ce.End(), Message: msg, SuggestedFixes: fixes})
}

// fix appends client.PropagationPolicy(metav1.DeletePropagationBackground)
// to the call's arguments, importing the two packages where needed.
func fix(pass *analysis.Pass, ce *ast.CallExpr) []analysis.SuggestedFix {
	if ce.Ellipsis.IsValid() || len(ce.Args) == 0 {
		return nil
	}
	names, edits, ok := diag.PackageNames(pass, ce.Pos(), diag.Import{Path: crapi.MetaV1Pkg, Name: "metav1"}, diag.Import{Path: crapi.ClientPkg, Name: "client"})
	if !ok {
		return nil
	}
	last := ce.Args[len(ce.Args)-1]
	edits = append(edits, analysis.TextEdit{
		Pos: last.End(), End: last.End(),
		NewText: fmt.Appendf(nil, ", %s.PropagationPolicy(%s.DeletePropagationBackground)", names[1], names[0]),
	})
	return []analysis.SuggestedFix{{Message: "Delete the Pods in the background", TextEdits: edits}}
}
