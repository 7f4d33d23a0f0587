package mutateoutside_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/mutateoutside"
)

func TestMutateOutside(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, mutateoutside.Analyzer)
}
