package statussubresource_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/statussubresource"
)

func TestStatusSubresource(t *testing.T) {
	fixturetest.Run(t, statussubresource.Analyzer, "./...")
}
