package lostwakeup_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/lostwakeup"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestLostWakeup(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, lostwakeup.Analyzer, "./earlyreturn", "./nomodel", "./rawsource", "./crosspkg/...", "./deadreturn")
}
