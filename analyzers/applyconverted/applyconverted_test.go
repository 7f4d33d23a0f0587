package applyconverted_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/applyconverted"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestApplyConverted(t *testing.T) {
	fixturetest.Run(t, applyconverted.Analyzer)
}
