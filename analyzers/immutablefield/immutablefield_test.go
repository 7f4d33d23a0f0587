package immutablefield_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/immutablefield"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestImmutablefield(t *testing.T) {
	fixturetest.Run(t, immutablefield.Analyzer)
}
