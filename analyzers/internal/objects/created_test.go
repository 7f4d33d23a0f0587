package objects_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// createdProbe reports, at each client Update, whether the type of its
// object is created with owner references by the package or the module's
// packages it imports (CreatesOwned).
var createdProbe = &analysis.Analyzer{
	Name:     "createdprobe",
	Doc:      "report CreatesOwned at each Update",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := objects.Of(pass)
		for _, fn := range ssapkg.Of(pass).SrcFuncs() {
			for _, site := range crapi.ClientCalls(fn) {
				if site.Method != crapi.Update || len(site.Args) < 2 {
					continue
				}
				answer := "not owned"
				if r.CreatesOwned(ssaflow.Strip(site.Args[1]).Type()) {
					answer = "creates owned"
				}
				pass.Reportf(site.Call.Pos(), "%s", answer)
			}
		}
		return nil, nil
	},
}

// TestCreatesOwned: the types created and given owner references, here
// or in an imported package of the module (its ownership fact).
func TestCreatesOwned(t *testing.T) {
	fixturetest.Run(t, createdProbe, "./created/...")
}
