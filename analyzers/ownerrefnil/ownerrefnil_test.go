package ownerrefnil_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/ownerrefnil"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestOwnerRefNil(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, ownerrefnil.Analyzer)
}
