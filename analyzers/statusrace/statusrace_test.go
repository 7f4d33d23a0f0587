package statusrace_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/statusrace"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestStatusRace(t *testing.T) {
	fixturetest.Run(t, statusrace.Analyzer, "./envtest", "./fakeclient", "./plaintest")
}
