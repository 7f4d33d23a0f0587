package ownerscope_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/ownerscope"
)

func TestOwnerScope(t *testing.T) {
	fixturetest.Run(t, ownerscope.Analyzer)
}
