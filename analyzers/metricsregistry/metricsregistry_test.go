package metricsregistry_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/metricsregistry"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestMetricsregistry(t *testing.T) {
	fixturetest.Run(t, metricsregistry.Analyzer)
}
