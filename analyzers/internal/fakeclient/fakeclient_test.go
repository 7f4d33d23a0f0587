package fakeclient_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest/probes"
)

func TestShapes(t *testing.T) {
	fixturetest.Run(t, probes.FakeClient, "./shapes")
}
