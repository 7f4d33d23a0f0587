package lifecycle_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest/probes"
)

func TestTerminating(t *testing.T) {
	fixturetest.Run(t, probes.Terminating, "./terminating")
}
