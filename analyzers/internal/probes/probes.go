// Package probes holds the layers' probe analyzers: each reports what a
// shared layer answers on its fixtures, so that the layer's "// want"
// comments pin its answers down. They live outside the layers' test files
// so that the fixture tool (analyzers/registry/fixturevet) runs them with
// the registry's checks: every layer and check test then shares one go
// vet cache, and the real modules under the fixtures are analysed once.
//
// The package sits above the layers it probes and below the checks: it
// imports no check and not the registry, so a layer's test binary links
// the layers and this, not the checks.
package probes

import (
	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/argroles"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/nilresult"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

// ModulePath is the module path of the fixture modules (fixturetest's
// ModulePath, which the test checks): the objects probe recognises its
// probe package by it.
const ModulePath = "fixtures"

// All returns the analyzers the layers' tests run: the probes, and the
// layers whose facts the tests pin (their facts are reported by the
// fixture tool like the checks').
func All() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		SSAPkg, Walk, ReconcileSet, Objects, FakeClient, Created, Sites, OwnedBy,
		APIMarkers, Chains, Controllers, Periodic, Lifecycle, Terminating,
		objects.Analyzer, ownership.Analyzer, wiring.Analyzer, argroles.Analyzer, ctrlmodel.Analyzer,
		nilresult.Analyzer,
	}
}
