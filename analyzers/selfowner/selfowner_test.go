package selfowner_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/selfowner"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestSelfOwner(t *testing.T) {
	fixturetest.Run(t, selfowner.Analyzer, "./owners", "./applyconfig/...")
}
