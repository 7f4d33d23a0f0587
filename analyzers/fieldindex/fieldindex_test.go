package fieldindex_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/reconcilecheck/reconcilecheck/analyzers/fieldindex"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
)

func TestFieldIndex(t *testing.T) {
	fixturetest.Run(t, fieldindex.Analyzer, "./...")
}

// A module that creates no manager: silent.
func TestFieldIndexNoManager(t *testing.T) {
	analysistest.Run(t, fixturetest.Module(t, "testdata/nomanager"), fieldindex.Analyzer, "./...")
}
