package eventtype_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/eventtype"
)

func TestEventType(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, eventtype.Analyzer)
}
