package lifecycle_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestRecognisers(t *testing.T) {
	fixturetest.Run(t, probes.Lifecycle, "./probe")
}

func TestStandardFinalizers(t *testing.T) {
	for _, n := range []string{"orphan", "foregroundDeletion", "kubernetes"} {
		if !lifecycle.StandardFinalizers[n] {
			t.Errorf("%q is a finalizer Kubernetes defines", n)
		}
	}
	if lifecycle.StandardFinalizers["cleanup"] {
		t.Error(`"cleanup" is no standard finalizer`)
	}
}
