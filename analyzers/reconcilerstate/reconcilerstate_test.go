package reconcilerstate_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/reconcilerstate"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestReconcilerState(t *testing.T) {
	fixturetest.Run(t, reconcilerstate.Analyzer)
}
