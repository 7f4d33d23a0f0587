package resulterr_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/resulterr"
)

func TestResultErr(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, resulterr.Analyzer, "./a")
}
