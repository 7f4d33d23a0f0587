package finalizerlock_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerlock"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestFinalizerLock(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, finalizerlock.Analyzer, "./...")
}
