package fixturetest

import (
	"go/ast"
	"go/types"
	"maps"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// marker reports each call of a function named mark, with a fix that
// calls marked instead; the fixture tool has no analyzer of its name.
var marker = &analysis.Analyzer{
	Name:     "marker",
	Doc:      "report calls of mark",
	Requires: []*analysis.Analyzer{inspect.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
		ins.Preorder([]ast.Node{(*ast.CallExpr)(nil)}, func(n ast.Node) {
			call := n.(*ast.CallExpr)
			id, ok := call.Fun.(*ast.Ident)
			if !ok || id.Name != "mark" {
				return
			}
			if _, ok := pass.TypesInfo.Uses[id].(*types.Func); !ok {
				return
			}
			pass.Report(analysis.Diagnostic{
				Pos:     call.Pos(),
				Message: types.ExprString(call),
				SuggestedFixes: []analysis.SuggestedFix{{
					Message:   "call marked",
					TextEdits: []analysis.TextEdit{{Pos: id.Pos(), End: id.End(), NewText: []byte("marked")}},
				}},
			})
		})
		return nil, nil
	},
}

// An analyzer the fixture tool does not run goes through analysistest in
// this process, on the fixture module, goldens compared; the harness has
// built the tool and read its list to decide so.
func TestRunInProcess(t *testing.T) {
	results := RunWithSuggestedFixes(t, marker, "./marks")
	n := 0
	for _, r := range results {
		n += len(r.Diagnostics)
	}
	if n != 2 {
		t.Errorf("got %d diagnostics, want 2", n)
	}
	if FixDeletesLine(results, "marks.go", 6) {
		t.Errorf("FixDeletesLine: the fix replaces a name, it deletes no line")
	}
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	list, err := loadTool(root)
	if err != nil {
		t.Fatal(err)
	}
	// The tool's own list: the registry's checks and the probes, by name.
	for _, name := range []string{"directive", "notfounderr", "objectsprobe"} {
		if _, ok := list[name]; !ok {
			t.Errorf("the fixture tool does not list %s: %s", name, strings.Join(slices.Sorted(maps.Keys(list)), " "))
		}
	}
}
