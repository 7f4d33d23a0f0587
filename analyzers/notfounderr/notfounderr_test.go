package notfounderr_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/notfounderr"
)

func TestNotFoundErr(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, notfounderr.Analyzer, "./requested", "./refetch")
}
