package ownership_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// TestCreatesOwned: the types created and given owner references, here
// or in an imported package of the module (its ownership fact).
func TestCreatesOwned(t *testing.T) {
	fixturetest.Run(t, probes.Created, "./created/...")
}

// TestFacts: the facts of a helper package, used across packages: what
// each function does to its parameters and creates and owns, and the
// package's ownership.
func TestFacts(t *testing.T) {
	fixturetest.Run(t, ownership.Analyzer, "./ownhelpers")
}

// TestSites: the owner references between known types, at the call where
// both are known: the library's, or the helper's (same package, or
// another through its fact) given the objects.
func TestSites(t *testing.T) {
	fixturetest.Run(t, probes.Sites, "./edges/...")
}

// TestDependencyResult: a package without SSA gets an empty Result that
// knows nothing, not a nil pointer.
func TestDependencyResult(t *testing.T) {
	r := ownership.Of(&analysis.Pass{ResultOf: map[*analysis.Analyzer]any{}})
	if r.Ownership(nil) != nil || r.Owners() != nil || r.CreatesOwned(nil) || r.CreatesIn(nil, nil) {
		t.Error("an empty Result knows something")
	}
}

// TestOwnedBy: the library calls that set owner references and create
// objects, by value, and what a call of a helper (same package, or
// another through its fact) creates owned by the object an argument
// gives it.
func TestOwnedBy(t *testing.T) {
	fixturetest.Run(t, probes.OwnedBy, "./ownedby/...")
}
