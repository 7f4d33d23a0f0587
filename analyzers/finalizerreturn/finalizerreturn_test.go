package finalizerreturn_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/finalizerreturn"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
)

func TestFinalizerReturn(t *testing.T) {
	if err := finalizerreturn.Analyzer.Flags.Set("enable", "true"); err != nil {
		t.Fatal(err)
	}
	fixturetest.Run(t, finalizerreturn.Analyzer)
}
