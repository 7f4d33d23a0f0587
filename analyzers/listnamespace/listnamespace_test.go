package listnamespace_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/listnamespace"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestListnamespace(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, listnamespace.Analyzer, "./listnamespace", "./restricted")
}
