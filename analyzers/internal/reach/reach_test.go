package reach_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// Walk follows calls, closures, function values and the methods of the
// types a function makes or refers to; WalkCalls only the first three.
func TestWalk(t *testing.T) {
	fixturetest.Run(t, probes.Walk, "./walk")
}

// ReconcileSet holds what a reconcile runs synchronously: callees,
// implementations of interface calls, closures handed to calls or
// deferred; not what a go statement or time.AfterFunc starts, nor set-up.
func TestReconcileSet(t *testing.T) {
	fixturetest.Run(t, probes.ReconcileSet, "./reconcileset")
}
