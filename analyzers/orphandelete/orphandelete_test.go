package orphandelete_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/orphandelete"
)

func TestOrphanDelete(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, orphandelete.Analyzer)
}
