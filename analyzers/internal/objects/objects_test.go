package objects_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// TestIdentity: which values denote one object.
func TestIdentity(t *testing.T) {
	fixturetest.Run(t, probes.Objects, "./identity")
}

// TestEffects: parts, the library table and the package's own helpers,
// through the history of an object.
func TestEffects(t *testing.T) {
	fixturetest.Run(t, probes.Objects, "./effects")
}

// TestSummaryFacts: the one fact of helper summaries, exported for the
// exported functions given objects, and used from another package.
func TestSummaryFacts(t *testing.T) {
	fixturetest.Run(t, objects.Analyzer, "./helpers", "./lifecyclehelpers", "./lifecycleuse", "./errorchain", "./notfound")
	fixturetest.Run(t, probes.Objects, "./crosspkg")
}

// TestLists: a List's and a DeleteAllOf's options (ListOf), and the
// writes of a list's items (ServerWrites, ItemOf), directly and through
// helpers of another package (serverWritten in their Summary).
func TestLists(t *testing.T) {
	fixturetest.Run(t, probes.Objects, "./lists")
}

// TestDependencyResult: a package without SSA gets an empty Result whose
// answers are conservative, not a nil pointer.
func TestDependencyResult(t *testing.T) {
	r := objects.Of(&analysis.Pass{ResultOf: map[*analysis.Analyzer]any{}})
	if r == nil {
		t.Fatal("Of returned nil")
	}
	if h := r.History(nil, nil, nil, nil); h.Weak&objects.Unknown == 0 {
		t.Errorf("History on an empty Result = %+v, want Unknown", h)
	}
	if r.Same(nil, nil, nil) {
		t.Error("Same on an empty Result = true")
	}
}

// TestDeletionPath: the reconciled object's frames, its deletion branch,
// and where a terminating object passes before that branch.
func TestDeletionPath(t *testing.T) {
	fixturetest.Run(t, probes.Objects, "./deletionpath")
}

// TestFinalized: the types the code gives finalizers, by type, through
// helpers of its package and of others (their callers' arguments), a
// creation literal, an ObjectMeta built aside, a webhook's defaulter;
// summed up to package main; open at an addition of unknown type.
func TestFinalized(t *testing.T) {
	fixturetest.Run(t, objects.Analyzer, "./finalized/...")
}
