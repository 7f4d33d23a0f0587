package cleanupnotfound_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/cleanupnotfound"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestCleanupnotfound(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, cleanupnotfound.Analyzer, "./cleanupnotfound")
}
