package statusrace_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statusrace"
)

func TestStatusRace(t *testing.T) {
	fixturetest.Run(t, statusrace.Analyzer, "./envtest", "./fakeclient", "./plaintest")
}
