package ssapkg_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// A package that refers to Kubernetes, directly (kube) or through a
// package of the module that does (viafact), gets its functions, closures
// and package-level closures; one that does not (plain) gets none.
func TestPrograms(t *testing.T) {
	fixturetest.Run(t, probes.SSAPkg, "./...")
}
