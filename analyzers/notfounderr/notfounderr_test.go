package notfounderr_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/notfounderr"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestNotFoundErr(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, notfounderr.Analyzer, "./requested", "./refetch")
}
