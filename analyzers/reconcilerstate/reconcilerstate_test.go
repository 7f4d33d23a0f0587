package reconcilerstate_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/reconcilerstate"
)

func TestReconcilerState(t *testing.T) {
	fixturetest.Run(t, reconcilerstate.Analyzer)
}
