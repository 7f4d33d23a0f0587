package selfowner_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/selfowner"
)

func TestSelfOwner(t *testing.T) {
	fixturetest.Run(t, selfowner.Analyzer, "./owners", "./applyconfig/...")
}
