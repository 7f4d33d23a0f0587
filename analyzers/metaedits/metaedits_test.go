package metaedits_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/metaedits"
)

func TestMetaEdits(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, metaedits.Analyzer)
}
