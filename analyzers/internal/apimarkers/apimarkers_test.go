package apimarkers_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest/probes"
)

func TestMarkers(t *testing.T) {
	fixturetest.Run(t, probes.APIMarkers, "./...")
}
