package globalfilter_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/globalfilter"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestGlobalFilter(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, globalfilter.Analyzer, "./chains")
}
