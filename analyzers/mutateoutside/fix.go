package mutateoutside

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
)

// fix moves the statements that set the lost fields into the mutate
// function literal, when each is a plain assignment to a field of the
// object's variable in the block of the call, the variable is declared in
// that block with only its name and namespace, and nothing between reads
// the object or changes what the moved statements read.
func fix(pass *analysis.Pass, ce *ast.CallExpr, lost []string) []analysis.SuggestedFix {
	if len(ce.Args) < 4 {
		return nil
	}
	lit, ok := ce.Args[3].(*ast.FuncLit)
	if !ok || len(lit.Body.List) == 0 {
		return nil
	}
	id, ok := ce.Args[2].(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok {
		return nil
	}
	block, at := enclosing(pass, ce)
	if block == nil {
		return nil
	}
	decl := -1
	for i := at - 1; i >= 0; i-- {
		if declares(pass, block.List[i], v) {
			decl = i
			break
		}
	}
	if decl < 0 || !namedOnly(block.List[decl]) {
		return nil
	}
	var moved []ast.Stmt
	var read map[types.Object]bool
	covered := map[string]bool{}
	for _, st := range block.List[decl+1 : at] {
		if f, ok := fieldStore(pass, st, v); ok && slices.Contains(lost, f) {
			moved = append(moved, st)
			covered[f] = true
			continue
		}
		if _, ok := fieldStore(pass, st, v); ok && !mentions(pass, st.(*ast.AssignStmt).Rhs[0], v) {
			continue // a field that stays (the name)
		}
		if mentions(pass, st, v) {
			return nil // reads the object, or changes it another way
		}
	}
	for _, f := range lost {
		if !covered[f] {
			return nil
		}
	}
	read = map[types.Object]bool{}
	for _, st := range moved {
		ast.Inspect(st.(*ast.AssignStmt).Rhs[0], func(n ast.Node) bool {
			if x, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[x] != nil {
				read[pass.TypesInfo.Uses[x]] = true
			}
			return true
		})
	}
	first := slices.Index(block.List, moved[0])
	for _, st := range block.List[first:at] {
		if !slices.Contains(moved, st) && assigns(pass, st, read) {
			return nil
		}
	}
	tf, src, ok := diag.Source(pass, ce.Pos())
	if !ok {
		return nil
	}
	inner := indent(tf, src, lit.Body.List[0].Pos())
	var edits []analysis.TextEdit
	var text bytes.Buffer
	for _, st := range moved {
		start, end, ok := wholeLines(tf, src, st)
		if !ok {
			return nil
		}
		outer := indent(tf, src, st.Pos())
		body := src[tf.Offset(st.Pos()):tf.Offset(st.End())]
		body = bytes.ReplaceAll(body, []byte("\n"+string(outer)), []byte("\n"+string(inner)))
		text.Write(body)
		text.WriteString("\n")
		text.Write(inner)
		edits = append(edits, analysis.TextEdit{Pos: start, End: end})
	}
	pos := lit.Body.List[0].Pos()
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: text.Bytes()})
	return []analysis.SuggestedFix{{Message: "Set the fields inside the mutate function", TextEdits: edits}}
}

// enclosing returns the block holding the statement of the call, and
// that statement's index.
func enclosing(pass *analysis.Pass, ce *ast.CallExpr) (*ast.BlockStmt, int) {
	path := diag.Path(pass, ce.Lparen)
	for i, n := range path {
		b, ok := n.(*ast.BlockStmt)
		if !ok || i == 0 {
			continue
		}
		st, ok := path[i-1].(ast.Stmt)
		if !ok {
			return nil, -1
		}
		return b, slices.Index(b.List, st)
	}
	return nil, -1
}

// declares reports whether st declares v (v := ...).
func declares(pass *analysis.Pass, st ast.Stmt, v *types.Var) bool {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 {
		return false
	}
	x, ok := as.Lhs[0].(*ast.Ident)
	return ok && pass.TypesInfo.Defs[x] == v
}

// namedOnly reports whether the declaration makes the object with at most
// its metadata's name and namespace: &T{} or &T{ObjectMeta: metav1.ObjectMeta{Name: ..., Namespace: ...}}.
func namedOnly(st ast.Stmt) bool {
	rhs := st.(*ast.AssignStmt).Rhs[0]
	u, ok := rhs.(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	cl, ok := u.X.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, e := range cl.Elts {
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return false
		}
		if k, ok := kv.Key.(*ast.Ident); !ok || k.Name != "ObjectMeta" {
			return false
		}
		meta, ok := kv.Value.(*ast.CompositeLit)
		if !ok {
			return false
		}
		for _, me := range meta.Elts {
			mkv, ok := me.(*ast.KeyValueExpr)
			if !ok {
				return false
			}
			if k, ok := mkv.Key.(*ast.Ident); !ok || (k.Name != "Name" && k.Name != "Namespace") {
				return false
			}
		}
	}
	return true
}

// fieldStore tells the top-level field (below ObjectMeta) that st, a
// plain assignment v.F... = x or v.F[k] = x, sets.
func fieldStore(pass *analysis.Pass, st ast.Stmt, v *types.Var) (string, bool) {
	as, ok := st.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return "", false
	}
	e := as.Lhs[0]
	if ix, ok := e.(*ast.IndexExpr); ok {
		e = ix.X
	}
	var fields []string
	for {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			break
		}
		fields = append([]string{sel.Sel.Name}, fields...)
		e = sel.X
	}
	x, ok := e.(*ast.Ident)
	if !ok || pass.TypesInfo.Uses[x] != v || len(fields) == 0 {
		return "", false
	}
	if fields[0] == "ObjectMeta" && len(fields) > 1 {
		return fields[1], true
	}
	return fields[0], true
}

// mentions reports whether n refers to v.
func mentions(pass *analysis.Pass, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if x, ok := n.(*ast.Ident); ok && pass.TypesInfo.Uses[x] == v {
			found = true
		}
		return !found
	})
	return found
}

// assigns reports whether st assigns to, or takes the address of, one of
// objs.
func assigns(pass *analysis.Pass, st ast.Stmt, objs map[types.Object]bool) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if x, ok := l.(*ast.Ident); ok && (objs[pass.TypesInfo.Uses[x]] || objs[pass.TypesInfo.Defs[x]]) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if x, ok := n.X.(*ast.Ident); ok && objs[pass.TypesInfo.Uses[x]] {
				found = true
			}
		case *ast.UnaryExpr:
			if x, ok := n.X.(*ast.Ident); ok && n.Op == token.AND && objs[pass.TypesInfo.Uses[x]] {
				found = true
			}
		}
		return !found
	})
	return found
}

// indent returns the white space before pos on its line.
func indent(tf *token.File, src []byte, pos token.Pos) []byte {
	off := tf.Offset(pos)
	start := tf.Offset(tf.LineStart(tf.Line(pos)))
	return src[start:off]
}

// wholeLines returns the lines st occupies alone, newline included.
func wholeLines(tf *token.File, src []byte, st ast.Stmt) (token.Pos, token.Pos, bool) {
	if len(bytes.TrimSpace(indent(tf, src, st.Pos()))) != 0 {
		return 0, 0, false
	}
	end := tf.Offset(st.End())
	if end >= len(src) || src[end] != '\n' {
		return 0, 0, false
	}
	return tf.LineStart(tf.Line(st.Pos())), tf.Pos(end + 1), true
}
