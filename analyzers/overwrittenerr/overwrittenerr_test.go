package overwrittenerr_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/overwrittenerr"
)

func TestOverwrittenErr(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, overwrittenerr.Analyzer, "./deferred", "./shadowed", "./retried", "./rewrapped")
}
