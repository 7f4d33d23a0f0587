package lostwakeup_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/lostwakeup"
)

func TestLostWakeup(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, lostwakeup.Analyzer, "./earlyreturn", "./nomodel", "./rawsource", "./crosspkg/...", "./deadreturn")
}
