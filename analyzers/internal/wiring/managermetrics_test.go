package wiring_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// metricsProbe reports, at each manager package main makes or calls
// into another package to make, what its metrics server is configured
// with.
var metricsProbe = &analysis.Analyzer{
	Name:     "managermetrics",
	Doc:      "report each manager's metrics configuration",
	Requires: []*analysis.Analyzer{wiring.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		w := wiring.Of(pass)
		for _, m := range w.Managers() {
			pass.Reportf(m.Call.Pos(), "%s", w.MetricsOf(m.Fn, m.Call))
		}
		for _, c := range w.ManagerCalls() {
			pass.Reportf(c.Node.Pos(), "%s", c.Site.Metrics)
		}
		return nil, nil
	},
}

// TestManagerMetrics: the default address, a constant "0", a flag's
// default (flag and pflag), a metricsserver.Options variable with extra
// handlers, and a manager of another package with a handler added by
// AddMetricsServerExtraHandler; an address the environment overrides,
// options a function makes and extra handlers given from elsewhere are
// open.
func TestManagerMetrics(t *testing.T) {
	fixturetest.Run(t, metricsProbe, "./managermetrics/...")
}
