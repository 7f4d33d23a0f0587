package requeueunit_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/requeueunit"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestRequeueunit(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, requeueunit.Analyzer, "./...")
}
