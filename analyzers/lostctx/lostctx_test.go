package lostctx_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/lostctx"
)

func TestLostCtx(t *testing.T) {
	results := fixturetest.RunWithSuggestedFixes(t, lostctx.Analyzer, "./a")

	// The golden comparison formats the fixed file and drops unused
	// imports itself, so check here that the fix removes the import of
	// package context when it replaces the file's last use of it.
	found := false
	for _, res := range results {
		for _, d := range res.Diagnostics {
			pos := res.Pass.Fset.Position(d.Pos)
			if filepath.Base(pos.Filename) != "lastuse.go" {
				continue
			}
			found = true
			if len(d.SuggestedFixes) != 1 {
				t.Fatalf("%v: want one fix, got %d", pos, len(d.SuggestedFixes))
			}
			deletesImport := false
			for _, e := range d.SuggestedFixes[0].TextEdits {
				start, end := res.Pass.Fset.Position(e.Pos), res.Pass.Fset.Position(e.End)
				if len(e.NewText) == 0 && start.Line == 4 && end.Line == 5 && end.Column == 1 {
					deletesImport = true
				}
				if strings.Contains(string(e.NewText), "context") {
					t.Errorf("%v: unexpected edit %q", pos, e.NewText)
				}
			}
			if !deletesImport {
				t.Errorf("%v: the fix does not delete the now unused import of package context", pos)
			}
		}
	}
	if !found {
		t.Fatal("no diagnostic in lastuse.go")
	}
}
