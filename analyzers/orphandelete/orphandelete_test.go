package orphandelete_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/orphandelete"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestOrphanDelete(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, orphandelete.Analyzer)
}
