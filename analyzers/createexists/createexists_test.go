package createexists_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/createexists"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestCreateExists(t *testing.T) {
	fixturetest.Run(t, createexists.Analyzer, "./...")
}
