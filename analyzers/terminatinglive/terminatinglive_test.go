package terminatinglive_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/terminatinglive"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestTerminatinglive(t *testing.T) {
	fixturetest.Run(t, terminatinglive.Analyzer)
}
