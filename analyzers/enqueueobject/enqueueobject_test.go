package enqueueobject_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/enqueueobject"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestEnqueueObject(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, enqueueobject.Analyzer)
}
