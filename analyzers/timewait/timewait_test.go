package timewait_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/timewait"
)

func TestTimeWait(t *testing.T) {
	if err := timewait.Analyzer.Flags.Set("enable", "true"); err != nil {
		t.Fatal(err)
	}
	fixturetest.RunWithSuggestedFixes(t, timewait.Analyzer, "./waits")
}
