package eventtype_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/eventtype"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestEventType(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, eventtype.Analyzer)
}
