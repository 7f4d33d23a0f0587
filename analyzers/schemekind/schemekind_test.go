package schemekind_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/schemekind"
)

func TestSchemeKind(t *testing.T) {
	fixturetest.Run(t, schemekind.Analyzer, "./...")
}

// A module that creates no manager: silent.
func TestSchemeKindNoManager(t *testing.T) {
	fixturetest.RunDir(t, "testdata/nomanager", schemekind.Analyzer)
}
