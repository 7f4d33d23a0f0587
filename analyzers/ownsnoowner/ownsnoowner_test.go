package ownsnoowner_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/ownsnoowner"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestOwnsNoOwner(t *testing.T) {
	fixturetest.Run(t, ownsnoowner.Analyzer, "./reconcilers", "./unknowntype", "./splitsetup", "./constructor", "./librarycall")
}

func TestValidate(t *testing.T) {
	if err := analysis.Validate([]*analysis.Analyzer{ownsnoowner.Analyzer}); err != nil {
		t.Fatal(err)
	}
}
