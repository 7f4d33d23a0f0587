package rbacgrant_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/rbacgrant"
)

func TestRBACGrant(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, rbacgrant.Analyzer, "./...")
}

// A module without any rbac marker keeps its role by hand: silent.
func TestRBACGrantNoMarkers(t *testing.T) {
	dir := fixturetest.Module(t, "testdata/bare")
	analysistest.Run(t, dir, rbacgrant.Analyzer, "./...")
}
