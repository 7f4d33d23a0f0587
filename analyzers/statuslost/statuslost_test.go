package statuslost_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statuslost"
)

func TestStatusLost(t *testing.T) {
	fixturetest.Run(t, statuslost.Analyzer)
}
