package ctrlmodel_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestPeriodic(t *testing.T) {
	fixturetest.Run(t, probes.Periodic, "./periodic")
}
