package statussubresource_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/statussubresource"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestStatusSubresource(t *testing.T) {
	fixturetest.Run(t, statussubresource.Analyzer, "./...")
}
