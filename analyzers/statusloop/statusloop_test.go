package statusloop_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/statusloop"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestStatusLoop(t *testing.T) {
	fixturetest.Run(t, statusloop.Analyzer)
}
