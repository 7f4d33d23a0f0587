package timewait_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/timewait"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestTimeWait(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, timewait.Analyzer, "./waits")
}
