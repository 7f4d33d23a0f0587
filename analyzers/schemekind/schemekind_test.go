package schemekind_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/schemekind"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestSchemeKind(t *testing.T) {
	fixturetest.Run(t, schemekind.Analyzer, "./...")
}

// A module that creates no manager: silent.
func TestSchemeKindNoManager(t *testing.T) {
	fixturetest.RunDir(t, "testdata/nomanager", schemekind.Analyzer)
}
