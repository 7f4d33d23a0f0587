package diag

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
)

// Path returns the syntax nodes enclosing pos in its file, innermost
// first; nil when pos is in no file of the package.
func Path(pass *analysis.Pass, pos token.Pos) []ast.Node {
	f := File(pass, pos)
	if f == nil || !pos.IsValid() {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	return path
}

// CallAt returns the call expression whose left parenthesis is at lparen
// (the position SSA gives a call), or nil.
func CallAt(pass *analysis.Pass, lparen token.Pos) *ast.CallExpr {
	for _, n := range Path(pass, lparen) {
		if call, ok := n.(*ast.CallExpr); ok && call.Lparen == lparen {
			return call
		}
	}
	return nil
}
