package createexists_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/createexists"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
)

func TestCreateExists(t *testing.T) {
	if err := createexists.Analyzer.Flags.Set("enable", "true"); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := createexists.Analyzer.Flags.Set("enable", "false"); err != nil {
			t.Fatal(err)
		}
	}()
	fixturetest.Run(t, createexists.Analyzer, "./unconditional")
}
