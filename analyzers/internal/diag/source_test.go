package diag

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// LineIndent gives the indentation before a statement, and nothing for a
// position with code before it on its line; StmtIndex the statement of a
// list that holds a position.
func TestLineIndentStmtIndex(t *testing.T) {
	src := "package p\n\nfunc f() {\n\tx := 1\n\t_ = x; y := 2\n\t_ = y\n}\n"
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	pass := &analysis.Pass{Fset: fset, ReadFile: func(string) ([]byte, error) { return []byte(src), nil }}
	body := file.Decls[0].(*ast.FuncDecl).Body.List
	if got, ok := LineIndent(pass, body[0].Pos()); !ok || got != "\t" {
		t.Errorf("LineIndent of the first statement: %q, %v; want a tab", got, ok)
	}
	if _, ok := LineIndent(pass, body[2].Pos()); ok {
		t.Error("LineIndent of a statement after another on its line: ok")
	}
	if got := StmtIndex(body, body[3].Pos()+2); got != 3 {
		t.Errorf("StmtIndex inside the fourth statement: %d", got)
	}
	if got := StmtIndex(body, file.Pos()); got != -1 {
		t.Errorf("StmtIndex outside the list: %d", got)
	}
}
