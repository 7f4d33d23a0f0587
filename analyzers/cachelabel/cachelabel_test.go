package cachelabel_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/cachelabel"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestCachelabel(t *testing.T) {
	fixturetest.Run(t, cachelabel.Analyzer)
}
