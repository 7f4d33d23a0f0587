package selfwatch_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/selfwatch"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestSelfWatch(t *testing.T) {
	fixturetest.Run(t, selfwatch.Analyzer, "./chains")
}
