package fieldindex_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/fieldindex"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestFieldIndex(t *testing.T) {
	fixturetest.Run(t, fieldindex.Analyzer, "./...")
}

// A module that creates no manager: silent.
func TestFieldIndexNoManager(t *testing.T) {
	fixturetest.RunDir(t, "testdata/nomanager", fieldindex.Analyzer)
}
