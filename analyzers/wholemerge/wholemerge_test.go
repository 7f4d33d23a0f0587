package wholemerge_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/wholemerge"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestWholemerge(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, wholemerge.Analyzer, "./...")
}
