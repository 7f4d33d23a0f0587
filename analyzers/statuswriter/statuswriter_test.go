package statuswriter_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statuswriter"
)

func TestStatusWriter(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, statuswriter.Analyzer, "./api", "./controller", "./recorder", "./fakeclient", "./testutil", "./helperuser")
}
