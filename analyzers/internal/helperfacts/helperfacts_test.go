package helperfacts_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/helperfacts"
)

func TestFacts(t *testing.T) {
	fixturetest.Run(t, helperfacts.Analyzer, "./a", "./b", "./c")
}
