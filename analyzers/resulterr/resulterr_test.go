package resulterr_test

import (
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/resulterr"
	"github.com/reconcilecheck/reconcilecheck/internal/fixturetest"
)

func TestResultErr(t *testing.T) {
	results := fixturetest.RunWithSuggestedFixes(t, resulterr.Analyzer, "./requeue", "./shadowed", "./deadreturn", "./stephelper", "./deferred")
	// imports.go: the fix removes the file's only use of package time.
	if !fixturetest.FixDeletesLine(results, "imports.go", 5) {
		t.Error(`the fix in imports.go does not delete the now unused import "time"`)
	}
}
