package apimarkers_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/probes"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestMarkers(t *testing.T) {
	fixturetest.Run(t, probes.APIMarkers, "./...")
}
