package resulterr_test

import (
	"path/filepath"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/resulterr"
)

func TestResultErr(t *testing.T) {
	results := fixturetest.RunWithSuggestedFixes(t, resulterr.Analyzer, "./a")

	// analysistest drops unused imports after applying fixes, as "go vet
	// -fix" does, so the golden file of imports.go cannot show that the fix
	// itself removes the import; golangci-lint --fix needs it to.
	found := false
	for _, r := range results {
		for _, d := range r.Diagnostics {
			pos := r.Pass.Fset.Position(d.Pos)
			if filepath.Base(pos.Filename) != "imports.go" {
				continue
			}
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					start, end := r.Pass.Fset.Position(e.Pos), r.Pass.Fset.Position(e.End)
					if len(e.NewText) == 0 && start.Line == 5 && start.Column == 1 && end.Line == 6 {
						found = true
					}
				}
			}
		}
	}
	if !found {
		t.Errorf("the fix in imports.go does not delete the line of the now unused import \"time\"")
	}
}
