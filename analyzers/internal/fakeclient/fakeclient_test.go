package fakeclient_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestShapes(t *testing.T) {
	fixturetest.Run(t, probes.FakeClient, "./shapes")
}
