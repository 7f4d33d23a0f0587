package timewait_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/timewait"
)

func TestTimeWait(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, timewait.Analyzer, "./waits")
}
