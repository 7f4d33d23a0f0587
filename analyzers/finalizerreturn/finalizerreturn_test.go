package finalizerreturn_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerreturn"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestFinalizerReturn(t *testing.T) {
	fixturetest.Run(t, finalizerreturn.Analyzer)
}
