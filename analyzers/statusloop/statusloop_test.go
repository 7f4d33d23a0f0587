package statusloop_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statusloop"
)

func TestStatusLoop(t *testing.T) {
	fixturetest.Run(t, statusloop.Analyzer)
}
