package finalizerreturn_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerreturn"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
)

func TestFinalizerReturn(t *testing.T) {
	fixturetest.Run(t, finalizerreturn.Analyzer)
}
