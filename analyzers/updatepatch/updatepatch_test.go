package updatepatch_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/updatepatch"
)

func TestUpdatePatch(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, updatepatch.Analyzer, "./owned", "./recorder", "./crosspkg/...", "./subreconciler")
}

// With -updatepatch.all, Updates of the For type and outside reconcilers
// are reported too.
func TestUpdatePatchAll(t *testing.T) {
	if err := updatepatch.Analyzer.Flags.Set("all", "true"); err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := updatepatch.Analyzer.Flags.Set("all", "false"); err != nil {
			t.Fatal(err)
		}
	}()
	fixturetest.RunWithSuggestedFixes(t, updatepatch.Analyzer, "./all")
}
