package mergebase_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/mergebase"
)

func TestMergeBase(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, mergebase.Analyzer, "./aliased", "./latecopy")
}
