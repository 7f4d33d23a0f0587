package selfwatch_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/selfwatch"
)

func TestSelfWatch(t *testing.T) {
	fixturetest.Run(t, selfwatch.Analyzer, "./chains")
}
