package statuslost_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/statuslost"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestStatusLost(t *testing.T) {
	fixturetest.Run(t, statuslost.Analyzer)
}
