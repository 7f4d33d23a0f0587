package statusloop_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statusloop"
)

func TestStatusLoop(t *testing.T) {
	if err := statusloop.Analyzer.Flags.Set("enable", "true"); err != nil {
		t.Fatal(err)
	}
	fixturetest.Run(t, statusloop.Analyzer)
}
