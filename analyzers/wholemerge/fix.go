package wholemerge

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// fix returns the edits that make the patch a difference from a copy:
//
//	patch := client.MergeFrom(obj.DeepCopy())   // after the read, before the first change
//	...
//	X.Patch(ctx, obj, patch)                    // was X.Patch(ctx, obj, client.Merge)
//
// The copy goes right before the statement, of the innermost block that
// holds the first change and the Patch, that holds the first change (before
// the Patch's statement when nothing changes the object). No fix unless
// the object has one history in the function, starting at one read before
// that place, with every change between it and the Patch; nor when the
// object is not a plain variable that still means the same there. The
// same insertion made for two Patches shares its variable.
func (c *checker) fix(fn *ssa.Function, call *ast.CallExpr, s site, h objects.Steps) []analysis.SuggestedFix {
	pass := c.pass
	if len(call.Args) < 3 || h.Entry || len(h.Starts) != 1 || !isClientMerge(pass, call.Args[2]) {
		return nil
	}
	var start ssa.Instruction
	for st, ev := range h.Starts {
		if ev != objects.Fetched {
			return nil
		}
		start = st
	}
	base := ast.Unparen(call.Args[1])
	if ue, ok := base.(*ast.UnaryExpr); ok && ue.Op == token.AND {
		base = ast.Unparen(ue.X)
	}
	id, ok := base.(*ast.Ident)
	if !ok || !crapi.HasObjectDeepCopy(pass.Pkg, pass.TypesInfo.TypeOf(base)) {
		return nil
	}
	v := pass.TypesInfo.Uses[id]
	file := diag.File(pass, call.Pos())
	if v == nil || file == nil {
		return nil
	}
	first := call.Pos()
	for _, m := range h.Changes {
		if !m.Pos().IsValid() || m.Pos() >= call.Pos() {
			return nil // a change after the Patch, reaching it round a loop
		}
		first = min(first, m.Pos())
	}
	list, at := stmtAt(pass, first, call.Pos())
	if list == nil {
		return nil
	}
	pos := list[at].Pos()
	if p := objects.EventPos(start); !p.IsValid() || p >= pos {
		return nil // the read is inside the statement: no place between
	}
	for _, m := range h.Unknown {
		if !m.Pos().IsValid() || m.Pos() < pos {
			return nil // a call that may change the object before the copy
		}
	}
	scope := pass.TypesInfo.Scopes[file]
	if scope == nil {
		return nil
	}
	scope = scope.Innermost(pos)
	if scope == nil {
		return nil
	}
	if _, obj := scope.LookupParent(id.Name, pos); obj != v || assigned(pass, list[at:], v, call.Pos()) {
		return nil
	}
	indent, ok := diag.LineIndent(pass, pos)
	if !ok {
		return nil
	}
	clientName, importEdits, ok := diag.PackageName(pass, pos, crapi.ClientPkg, "client")
	if !ok {
		return nil
	}
	name := c.patchName(fn, scope, pos, list[at:], id.Name)
	if name == "" {
		return nil
	}
	edits := []analysis.TextEdit{{Pos: call.Args[2].Pos(), End: call.Args[2].End(), NewText: []byte(name)}}
	if c.inserted[insertion{pos, id.Name}] == "" {
		c.inserted[insertion{pos, id.Name}] = name
	}
	stmt := name + " := " + crapi.MergeFromExpr(clientName, id.Name+".DeepCopy()", false)
	edits = append(edits, analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(stmt + "\n" + indent)})
	edits = append(edits, importEdits...)
	return []analysis.SuggestedFix{{Message: "Patch the difference from a copy taken after the read: client.MergeFrom", TextEdits: edits}}
}

// insertion is a copy placed before pos of the variable named obj.
type insertion struct {
	pos token.Pos
	obj string
}

// isClientMerge reports whether e is the client package's Merge, written
// as a qualified name: replacing it leaves no variable unused.
func isClientMerge(pass *analysis.Pass, e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	v, ok := pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	_, qualified := pass.TypesInfo.Uses[identOf(sel.X)].(*types.PkgName)
	return ok && qualified && v.Pkg() != nil && v.Pkg().Path() == crapi.ClientPkg && v.Name() == "Merge"
}

func identOf(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// stmtAt returns the innermost statement list that holds both positions,
// and the index of the statement holding first, when that statement is
// not inside a loop or function literal that does not hold the Patch.
func stmtAt(pass *analysis.Pass, first, patch token.Pos) ([]ast.Stmt, int) {
	for _, n := range diag.Path(pass, patch) {
		var list []ast.Stmt
		switch x := n.(type) {
		case *ast.BlockStmt:
			list = x.List
		case *ast.CaseClause:
			list = x.Body
		case *ast.CommClause:
			list = x.Body
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, -1
		}
		if i, j := diag.StmtIndex(list, first), diag.StmtIndex(list, patch); i >= 0 && j >= 0 && i <= j {
			return list, i
		}
	}
	return nil, -1
}

// assigned reports whether a statement of stmts, before end, may make v
// denote another object: an assignment, a range over it, or &v given to a
// call for a non-struct v.
func assigned(pass *analysis.Pass, stmts []ast.Stmt, v types.Object, end token.Pos) bool {
	found := false
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if found || n == nil || n.Pos() >= end {
				return false
			}
			var lhs []ast.Expr
			switch x := n.(type) {
			case *ast.AssignStmt:
				lhs = x.Lhs
			case *ast.RangeStmt:
				lhs = []ast.Expr{x.Key, x.Value}
			case *ast.UnaryExpr:
				if t := pass.TypesInfo.TypeOf(x.X); x.Op == token.AND && t != nil {
					if _, isStruct := t.Underlying().(*types.Struct); !isStruct {
						lhs = []ast.Expr{x.X}
					}
				}
			}
			for _, l := range lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == v {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// patchName picks the patch variable's name: patch, patch2, ...; the one
// already chosen for the same copy, or one nothing resolves to at pos, no
// statement from pos on mentions, and no other fix of the function took.
func (c *checker) patchName(fn *ssa.Function, scope *types.Scope, pos token.Pos, rest []ast.Stmt, obj string) string {
	if name := c.inserted[insertion{pos, obj}]; name != "" {
		return name
	}
	mentioned := map[string]bool{}
	for _, st := range rest {
		ast.Inspect(st, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				mentioned[id.Name] = true
			}
			return true
		})
	}
	key := ssaflow.Declared(fn).Syntax()
	taken := c.names[key]
	if taken == nil {
		taken = map[string]bool{}
		c.names[key] = taken
	}
	for i := 1; i <= 100; i++ {
		name := "patch"
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if taken[name] || mentioned[name] {
			continue
		}
		if _, o := scope.LookupParent(name, pos); o != nil {
			continue
		}
		taken[name] = true
		return name
	}
	return ""
}
