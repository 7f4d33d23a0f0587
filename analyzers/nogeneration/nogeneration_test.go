package nogeneration_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/nogeneration"
)

func TestNoGeneration(t *testing.T) {
	fixturetest.Run(t, nogeneration.Analyzer, "./...")
}
