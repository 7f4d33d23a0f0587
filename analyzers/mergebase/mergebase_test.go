package mergebase_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/mergebase"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestMergeBase(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, mergebase.Analyzer, "./aliased", "./latecopy")
}
