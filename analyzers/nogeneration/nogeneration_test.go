package nogeneration_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/nogeneration"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestNoGeneration(t *testing.T) {
	fixturetest.Run(t, nogeneration.Analyzer, "./...")
}
