package lifecycle_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestTerminating(t *testing.T) {
	fixturetest.Run(t, probes.Terminating, "./terminating")
}
