package ctrlmodel_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest/probes"
)

func TestPeriodic(t *testing.T) {
	fixturetest.Run(t, probes.Periodic, "./periodic")
}
