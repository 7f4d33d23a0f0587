package metaedits_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/metaedits"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestMetaEdits(t *testing.T) {
	fixturetest.RunWithSuggestedFixes(t, metaedits.Analyzer)
}
