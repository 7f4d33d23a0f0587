package ownsnoowner_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/ownsnoowner"
)

func TestOwnsNoOwner(t *testing.T) {
	fixturetest.Run(t, ownsnoowner.Analyzer, "./reconcilers", "./unknowntype", "./splitsetup", "./constructor", "./librarycall")
}

// TestFacts checks what the helpers of another package are summarised as.
func TestFacts(t *testing.T) {
	fixturetest.Run(t, ownsnoowner.FactsAnalyzer, "./helpers")
}

func TestValidate(t *testing.T) {
	if err := analysis.Validate([]*analysis.Analyzer{ownsnoowner.Analyzer}); err != nil {
		t.Fatal(err)
	}
}
