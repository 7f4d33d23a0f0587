package updatepatch_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/updatepatch"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestUpdatePatch(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, updatepatch.Analyzer, "./owned", "./recorder", "./crosspkg/...", "./subreconciler")
}

// Who else writes the object: a Kubernetes component (by kind and, for a
// Service, its type), another controller of the package, the controller
// of a custom resource; the operator's own children nothing else writes
// stay silent.
func TestOtherWriters(t *testing.T) {
	fixturetest.Run(t, updatepatch.Analyzer, "./clusterip/...", "./loadbalancer", "./lbcrosspkg/...", "./modulekinds/...", "./crd", "./tokensecret", "./testutil")
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
