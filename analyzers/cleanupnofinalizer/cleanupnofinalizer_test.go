package cleanupnofinalizer_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/cleanupnofinalizer"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestCleanupnofinalizer(t *testing.T) {
	fixturetest.Run(t, cleanupnofinalizer.Analyzer)
}
