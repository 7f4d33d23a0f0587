package droppederr

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
)

// fix returns the edit that makes the failing branch return the error:
// "return <zero>, err" appended to the body of "if err != nil { ... }", or
// replacing its final "continue" in a loop. Only for functions returning
// error or (reconcile.Result, error) and a body without control flow of its
// own; no fix for other shapes (an else branch, a switch case, a labelled
// continue, a nested if).
func (c *checker) fix(t errTest) []analysis.SuggestedFix {
	if !t.failOnTrue {
		return nil // the failing branch is an else or a later case
	}
	ftype := c.funcType()
	if ftype == nil || ftype.Results == nil {
		return nil
	}
	var resultTypes []ast.Expr
	for _, field := range ftype.Results.List {
		n := len(field.Names)
		if n == 0 {
			n = 1
		}
		for i := 0; i < n; i++ {
			resultTypes = append(resultTypes, field.Type)
		}
	}
	sig := c.fn.Signature.Results()
	if len(resultTypes) != sig.Len() {
		return nil
	}
	ifs := c.ifStmt(t.cmp.Pos())
	if ifs == nil || ifs.Body == nil || len(ifs.Body.List) == 0 {
		return nil
	}
	errID := errIdent(c.pass, ifs.Cond)
	if errID == nil {
		return nil
	}
	// Only a straight-line body: appending a return after a nested
	// "if !apierrors.IsNotFound(err) { log }" would also return the
	// errors the branch meant to let through.
	for _, st := range ifs.Body.List[:len(ifs.Body.List)-1] {
		if !simpleStmt(st) {
			return nil
		}
	}
	last := ifs.Body.List[len(ifs.Body.List)-1]
	if _, ok := last.(*ast.BranchStmt); !ok && !simpleStmt(last) {
		return nil
	}
	replace := false
	if br, ok := last.(*ast.BranchStmt); ok {
		if br.Tok != token.CONTINUE || br.Label != nil {
			return nil
		}
		replace = true
	}
	pos := last.End()
	if replace {
		pos = last.Pos()
	}
	scope := c.pass.TypesInfo.Scopes[ifs.Body]
	if scope == nil || !sameObjectAt(c.pass, scope, pos, errID) {
		return nil // err is shadowed in the body
	}
	var values []string
	switch sig.Len() {
	case 1:
	case 2:
		if !crapi.IsResult(sig.At(0).Type()) || !resolvesAt(c.pass, scope, pos, resultTypes[0]) {
			return nil
		}
		values = append(values, types.ExprString(resultTypes[0])+"{}")
	default:
		return nil
	}
	values = append(values, errID.Name)
	ret := "return " + strings.Join(values, ", ")
	var edit analysis.TextEdit
	if replace {
		edit = analysis.TextEdit{Pos: last.Pos(), End: last.End(), NewText: []byte(ret)}
	} else {
		indent, eol, ok := c.lineOf(last)
		if !ok {
			return nil
		}
		edit = analysis.TextEdit{Pos: eol, End: eol, NewText: []byte("\n" + indent + ret)}
	}
	return []analysis.SuggestedFix{{Message: "Return the error", TextEdits: []analysis.TextEdit{edit}}}
}

// simpleStmt reports whether st has no control flow of its own.
func simpleStmt(st ast.Stmt) bool {
	switch st.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt, *ast.IncDecStmt, *ast.EmptyStmt:
		return true
	}
	return false
}

func (c *checker) funcType() *ast.FuncType {
	switch s := c.fn.Syntax().(type) {
	case *ast.FuncDecl:
		return s.Type
	case *ast.FuncLit:
		return s.Type
	}
	return nil
}

// ifStmt returns the if statement of the function whose condition is the
// comparison at opPos.
func (c *checker) ifStmt(opPos token.Pos) *ast.IfStmt {
	syntax := c.fn.Syntax()
	if syntax == nil || !opPos.IsValid() {
		return nil
	}
	var found *ast.IfStmt
	ast.Inspect(syntax, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		ifs, ok := n.(*ast.IfStmt)
		if !ok {
			return true
		}
		if be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr); ok && be.OpPos == opPos && be.Op == token.NEQ {
			found = ifs
		}
		return true
	})
	return found
}

// errIdent returns the local error variable of cond: err in err != nil or
// client.IgnoreNotFound(err) != nil.
func errIdent(pass *analysis.Pass, cond ast.Expr) *ast.Ident {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	x := ast.Unparen(be.X)
	if pass.TypesInfo.Types[x].IsNil() {
		x = ast.Unparen(be.Y)
	}
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 1 {
		x = ast.Unparen(call.Args[0])
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() || !crapi.IsError(v.Type()) {
		return nil
	}
	return id
}

// sameObjectAt reports whether id's name denotes, at pos in scope, the
// object id denotes where it is written.
func sameObjectAt(pass *analysis.Pass, scope *types.Scope, pos token.Pos, id *ast.Ident) bool {
	obj := pass.TypesInfo.ObjectOf(id)
	if obj == nil {
		return false
	}
	_, at := scope.LookupParent(id.Name, pos)
	return at == obj
}

// resolvesAt reports whether every name in the type expression expr (from
// the signature) means the same at pos.
func resolvesAt(pass *analysis.Pass, scope *types.Scope, pos token.Pos, expr ast.Expr) bool {
	ok := true
	ast.Inspect(expr, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			// Only the package qualifier is looked up in scope.
			if id, isID := n.X.(*ast.Ident); isID {
				ok = ok && sameObjectAt(pass, scope, pos, id)
			} else {
				ok = false
			}
			return false
		case *ast.Ident:
			ok = ok && sameObjectAt(pass, scope, pos, n)
		}
		return ok
	})
	return ok
}

// lineOf returns the white space that starts the line of stmt, and the
// end of that line (after a trailing comment), if stmt is alone on its
// line.
func (c *checker) lineOf(stmt ast.Stmt) (indent string, eol token.Pos, ok bool) {
	tf, src, ok := diag.Source(c.pass, stmt.Pos())
	if !ok {
		return "", token.NoPos, false
	}
	off := tf.Offset(stmt.Pos())
	start := tf.Offset(tf.LineStart(tf.Line(stmt.Pos())))
	end := tf.Offset(stmt.End())
	if start > off || off > end || end > len(src) {
		return "", token.NoPos, false
	}
	indent = string(src[start:off])
	if strings.TrimLeft(indent, " \t") != "" {
		return "", token.NoPos, false
	}
	rest := src[end:]
	if i := strings.IndexByte(string(rest), '\n'); i >= 0 {
		rest = rest[:i]
	}
	if tail := strings.TrimSpace(string(rest)); tail != "" && !strings.HasPrefix(tail, "//") {
		return "", token.NoPos, false
	}
	return indent, tf.Pos(end + len(rest)), true
}
