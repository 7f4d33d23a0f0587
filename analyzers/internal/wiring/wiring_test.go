package wiring_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// The facts record each use once per call kind, the constant keys of
// field selectors (a map literal, a selector in ListOptions) and the
// IndexField registrations, on the reconciler type and on the setup
// function of another package that starts it.
func TestWiringFacts(t *testing.T) {
	fixturetest.Run(t, wiring.Analyzer, "./ctl", "./setup", "./indexing")
}

// TestRequestFacts: what the code asks of the API server, and the
// condition under which its client is the manager's, settled by the
// package that fills the client field or calls the function: the Node
// patch through a workload cluster's client asks nothing of the manager,
// and the Namespace get through a scope's field that holds the manager's
// client or a remote host's is open, left out.
func TestRequestFacts(t *testing.T) {
	fixturetest.Run(t, wiring.Analyzer, "./requests/...")
}

// TestManagerCache: the label selectors of a manager's cache, by type,
// read from the options given to the call that makes it (literals,
// fields assigned one by one, constant selectors of four kinds), and
// open when a selector, ByObject or the options come from code the layer
// does not follow.
func TestManagerCache(t *testing.T) {
	fixturetest.Run(t, wiring.Analyzer, "./managercache")
}
