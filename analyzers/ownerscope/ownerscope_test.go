package ownerscope_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/ownerscope"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestOwnerScope(t *testing.T) {
	fixturetest.Run(t, ownerscope.Analyzer)
}
