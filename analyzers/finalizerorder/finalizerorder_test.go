package finalizerorder_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerorder"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestFinalizerOrder(t *testing.T) {
	fixturetest.Run(t, finalizerorder.Analyzer)
}
