package ownership_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// createdProbe reports, at each client Update, whether the type of its
// object is created with owner references by the package or the module's
// packages it imports (CreatesOwned).
var createdProbe = &analysis.Analyzer{
	Name:     "createdprobe",
	Doc:      "report CreatesOwned at each Update",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ownership.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := ownership.Of(pass)
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

// TestFacts: the facts of a helper package, used across packages: what
// each function does to its parameters and creates and owns, and the
// package's ownership.
func TestFacts(t *testing.T) {
	fixturetest.Run(t, ownership.Analyzer, "./ownhelpers")
}

// siteProbe reports each owner reference between known types set in the
// package, and checks that TypeName finds both types.
var siteProbe = &analysis.Analyzer{
	Name:     "siteprobe",
	Doc:      "report ownership's Sites",
	Requires: []*analysis.Analyzer{ownership.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		r := ownership.Of(pass)
		for _, s := range r.Sites() {
			ctl := ""
			if s.Controller {
				ctl = " (controller)"
			}
			if r.TypeName(s.Owner) == nil || r.TypeName(s.Owned) == nil {
				ctl += " (type not found)"
			}
			pass.Reportf(s.Pos, "owner %s of %s%s", s.Owner, s.Owned, ctl)
		}
		return nil, nil
	},
}

// TestSites: the owner references between known types, at the call where
// both are known: the library's, or the helper's (same package, or
// another through its fact) given the objects.
func TestSites(t *testing.T) {
	fixturetest.Run(t, siteProbe, "./edges/...")
}

// TestDependencyResult: a package without SSA gets an empty Result that
// knows nothing, not a nil pointer.
func TestDependencyResult(t *testing.T) {
	r := ownership.Of(&analysis.Pass{ResultOf: map[*analysis.Analyzer]any{}})
	if r.Ownership(nil) != nil || r.Owners() != nil || r.CreatesOwned(nil) || r.CreatesIn(nil, nil) {
		t.Error("an empty Result knows something")
	}
}
