package ownerscope

import (
	_ "embed"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
)

//go:embed doc.go
var doc string

// Analyzer reports owner references from cluster-scoped objects to
// namespaced ones.
var Analyzer = &analysis.Analyzer{
	Name:     "ownerscope",
	Doc:      checkdoc.MustExtract(doc, "ownerscope"),
	Requires: []*analysis.Analyzer{ownership.Analyzer, apimarkers.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	own := ownership.Of(pass)
	markers := apimarkers.Of(pass)
	for _, s := range own.Sites() {
		owned, owner := own.TypeName(s.Owned), own.TypeName(s.Owner)
		ownedCluster, ok1 := markers.Scope(owned)
		ownerCluster, ok2 := markers.Scope(owner)
		if !ok1 || !ok2 || !ownedCluster || ownerCluster {
			continue
		}
		const head = "%s is cluster-scoped and %s namespaced: an owner reference has no namespace, so it cannot name a namespaced owner; "
		tail := fmt.Sprintf("; delete the %s in a finalizer of the %s instead, or make %s cluster-scoped", owned.Name(), owner.Name(), owner.Name())
		var msg string
		switch s.By {
		case "NewControllerRef":
			msg = fmt.Sprintf(head+"the garbage collector treats this hand-built reference as unresolvable (an OwnerRefInvalidNamespace event) and never deletes the %s with its owner", owned.Name(), owner.Name(), owned.Name())
		case "":
			msg = fmt.Sprintf(head+"the owner reference this helper sets is refused by controller-runtime on every reconcile (\"cluster-scoped resource must not have a namespace-scoped owner\"), or treated as unresolvable by the garbage collector if built by hand", owned.Name(), owner.Name())
		default:
			msg = fmt.Sprintf(head+"%s fails here on every reconcile (\"cluster-scoped resource must not have a namespace-scoped owner\")", owned.Name(), owner.Name(), s.By)
		}
		msg += tail
		d := analysis.Diagnostic{Pos: s.Pos, Message: msg}
		if call := diag.CallAt(pass, s.Pos); call != nil {
			d.Pos, d.End = call.Pos(), call.End()
		}
		diag.Report(pass, d)
	}
	return nil, nil
}
