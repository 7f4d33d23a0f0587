package overwrittenerr_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/overwrittenerr"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestOverwrittenErr(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, overwrittenerr.Analyzer, "./deferred", "./shadowed", "./retried", "./rewrapped")
}
