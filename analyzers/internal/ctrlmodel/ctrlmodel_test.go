package ctrlmodel_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// TestModel: each builder chain, as the Chains probe spells it at its
// last call.
func TestModel(t *testing.T) {
	fixturetest.Run(t, probes.Chains, "./chains")
}

// TestControllerOf: what the controller of each reconciler watches.
func TestControllerOf(t *testing.T) {
	fixturetest.Run(t, probes.Controllers, "./controllerof")
}

// Builder helpers in one package are summarised as facts, and a
// controller set up through them in another package gets their sources.
func TestFactsAcrossPackages(t *testing.T) {
	fixturetest.Run(t, ctrlmodel.Analyzer, "./builderhelpers")
	fixturetest.Run(t, probes.Controllers, "./helperuse")
}
