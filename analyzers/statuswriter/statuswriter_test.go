package statuswriter_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/statuswriter"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestStatusWriter(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, statuswriter.Analyzer, "./api", "./controller", "./recorder", "./fakeclient", "./testutil", "./helperuser")
}
