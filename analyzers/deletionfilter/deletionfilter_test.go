package deletionfilter_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/deletionfilter"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestDeletionfilter(t *testing.T) {
	fixturetest.Run(t, deletionfilter.Analyzer)
}
