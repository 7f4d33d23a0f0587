package finalizername_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizername"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestFinalizerName(t *testing.T) {
	fixturetest.Run(t, finalizername.Analyzer)
}
