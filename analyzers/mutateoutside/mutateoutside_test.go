package mutateoutside_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/mutateoutside"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestMutateOutside(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, mutateoutside.Analyzer)
}
