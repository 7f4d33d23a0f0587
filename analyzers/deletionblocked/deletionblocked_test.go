package deletionblocked_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/deletionblocked"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestDeletionblocked(t *testing.T) {
	fixturetest.Run(t, deletionblocked.Analyzer, "./deletionblocked")
}
