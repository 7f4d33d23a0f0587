package nilresult_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/nilresult"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// TestFacts: which functions never return nil without an error, in a
// package and through another's facts.
func TestFacts(t *testing.T) {
	fixturetest.Run(t, nilresult.Analyzer, "./results/...")
}
