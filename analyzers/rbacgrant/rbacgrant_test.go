package rbacgrant_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/rbacgrant"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestRBACGrant(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, rbacgrant.Analyzer, "./...")
}

// A module without any rbac marker keeps its role by hand: silent.
func TestRBACGrantNoMarkers(t *testing.T) {
	fixturetest.RunDir(t, "testdata/bare", rbacgrant.Analyzer)
}

// With -rbacgrant.unused, grants no code needs and wildcards are reported
// too; a get is used by cached reads, /finalizers grants are left alone.
func TestRBACGrantUnused(t *testing.T) {
	if err := rbacgrant.Analyzer.Flags.Set("unused", "true"); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := rbacgrant.Analyzer.Flags.Set("unused", "false"); err != nil {
			t.Fatal(err)
		}
	}()
	fixturetest.RunDir(t, "testdata/unused", rbacgrant.Analyzer)
}

// A manager made in a function literal of package main (cobra's Run).
func TestRBACGrantCobra(t *testing.T) {
	fixturetest.RunDir(t, "testdata/cobra", rbacgrant.Analyzer)
}

// The group an event needs follows the recorder the code calls: the old
// recorder (GetEventRecorderFor) writes core events, the events API
// recorder (GetEventRecorder) events.k8s.io ones; each module grants one
// group and is reported for the other.
func TestRBACGrantEvents(t *testing.T) {
	fixturetest.RunDir(t, "testdata/events", rbacgrant.Analyzer)
	fixturetest.RunDir(t, "testdata/eventsapi", rbacgrant.Analyzer)
}

// Managers made in other packages that main calls: one (a pkg/cmd/server
// package), several (cobra subcommands in a cmd package), one whose
// client skips the cache for Secrets; a test environment's is no role's.
func TestRBACGrantServer(t *testing.T) {
	fixturetest.RunDir(t, "testdata/server", rbacgrant.Analyzer)
}

// A module whose Makefile does not generate the role from the markers:
// silent, as without markers.
func TestRBACGrantHandwritten(t *testing.T) {
	fixturetest.RunDir(t, "testdata/handwritten", rbacgrant.Analyzer)
}

// A module whose Makefile generates the role but whose manifests never
// name it (they bind another role): silent too.
func TestRBACGrantUnbound(t *testing.T) {
	fixturetest.RunDir(t, "testdata/unbound", rbacgrant.Analyzer)
}

// A status update in a function literal that a library runs
// (workqueue.ParallelizeUntil), through the receiver it captures.
func TestRBACGrantParallel(t *testing.T) {
	fixturetest.RunDir(t, "testdata/parallel", rbacgrant.Analyzer)
}

// A chart that defines the generated role's name by hand, with rules of
// its own, deploys that definition, not the markers: silent. Its twin
// only binds the name (and keeps a copy of the generated role): reported.
func TestRBACGrantChartRole(t *testing.T) {
	fixturetest.RunDir(t, "testdata/handrole", rbacgrant.Analyzer)
	fixturetest.RunDir(t, "testdata/chartbound", rbacgrant.Analyzer)
}

// A scope's client field that holds the manager's client or a remote host
// cluster's is open: the namespace calls through it are not charged. A
// field only ever given the manager's client, and a scope made and kept in
// one function, are.
func TestRBACGrantScope(t *testing.T) {
	fixturetest.RunDir(t, "testdata/scope", rbacgrant.Analyzer)
}

// Requests through client-go's typed clientsets made from the manager's
// config (in main, or in the reconcile from a config field main fills)
// need the role's verbs as they are; a clientset of another cluster and
// one no code fills are charged nothing.
func TestRBACGrantClientset(t *testing.T) {
	fixturetest.RunDir(t, "testdata/clientset", rbacgrant.Analyzer)
}

// Blocking owner references (SetControllerReference, a helper of another
// package that sets one) need update on the owner's finalizers; a plain
// owner reference or WithBlockOwnerDeletion(false) does not.
func TestRBACGrantBlockingOwners(t *testing.T) {
	fixturetest.RunDir(t, "testdata/owners", rbacgrant.Analyzer)
}
