package ownerrefnil_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/ownerrefnil"
)

func TestOwnerRefNil(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, ownerrefnil.Analyzer)
}
