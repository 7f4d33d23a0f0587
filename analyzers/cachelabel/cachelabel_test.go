package cachelabel_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/cachelabel"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

// TestCachelabel: the binaries of cmd run the reconcilers of ctl. manager
// caches Secrets and ConfigMaps by a label BadReconciler's creations lack
// (reported at the selectors); viaserver's manager, made in package
// server, has a default selector (reported at main's call). GoodReconciler
// gives the label (in a literal, and through a helper of another
// package), ReaderReconciler reads with the API reader, CopiedReconciler
// gives labels not known; uncached reads both kinds without the cache,
// open's selector comes from the environment, plain has none.
func TestCachelabel(t *testing.T) {
	fixturetest.Run(t, cachelabel.Analyzer, "./...")
}
