package cleanupnofinalizer_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/cleanupnofinalizer"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestCleanupnofinalizer(t *testing.T) {
	fixturetest.Run(t, cleanupnofinalizer.Analyzer)
}

// A binary that may give finalizers to objects of unknown type (a plugin
// hook): the answer is open, nothing is reported; nor in a binary that
// makes no manager. Its twin, the same binary without the plugins,
// is reported.
func TestCleanupnofinalizerOpen(t *testing.T) {
	fixturetest.RunDir(t, "testdata/open", cleanupnofinalizer.Analyzer, "./...")
}
