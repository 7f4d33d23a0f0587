package blindupdate_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/blindupdate"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestBlindupdate(t *testing.T) {
	fixturetest.Run(t, blindupdate.Analyzer)
}
