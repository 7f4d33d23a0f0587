package updatepatch

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// insertion identifies the statement a fix inserts: two fixes that insert
// the same statement at the same place may share the variable.
type insertion struct {
	pos  token.Pos
	text string
}

// fix returns the edits that turn the Update into a merge patch:
//
//	patch := client.MergeFrom(obj.DeepCopy())   // before the first change
//	...
//	X.Patch(ctx, obj, patch, opts...)           // was X.Update(ctx, obj, opts...)
//
// The statement goes right before the statement, of the innermost block
// that holds both, that contains the first change; there it runs after
// every fetch and before every change that reaches the Update. No fix when
// that is not so, when the object's expression would mean something else
// there, or when an option of the Update is not a PatchOption.
//
// With lock, the patch is client.MergeFromWithOptions(obj.DeepCopy(),
// client.MergeFromWithOptimisticLock{}): the change includes a list that a
// merge patch replaces whole.
func (c *checker) fix(fn *ssa.Function, call *ast.CallExpr, u *ssa.Call, h objects.Steps, lock bool) []analysis.SuggestedFix {
	muts := h.Changes
	pass := c.pass
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Update" || len(call.Args) < 2 || call.Ellipsis.IsValid() {
		return nil
	}
	if !c.hasPatch(sel.X) {
		return nil
	}
	patchOpt := iface(pass.Pkg, "PatchOption")
	for _, a := range call.Args[2:] {
		t := pass.TypesInfo.TypeOf(a)
		if t == nil || patchOpt == nil || !types.Implements(t, patchOpt) {
			return nil // an UpdateOption only: dropping it would change the request
		}
	}
	base := ast.Unparen(call.Args[1])
	if ue, ok := base.(*ast.UnaryExpr); ok && ue.Op == token.AND {
		base = ast.Unparen(ue.X)
	}
	if !plainExpr(base, 0) || !crapi.HasObjectDeepCopy(pass.Pkg, pass.TypesInfo.TypeOf(base)) {
		return nil
	}

	file := diag.File(pass, call.Pos())
	syntax := fn.Syntax()
	if file == nil || syntax == nil || hasGoto(syntax) {
		return nil
	}
	first := token.NoPos
	for _, m := range muts {
		p := m.Pos()
		if !p.IsValid() {
			return nil
		}
		if !first.IsValid() || p < first {
			first = p
		}
	}
	list, im, iu := stmtList(file, syntax, first, call.Pos())
	if list == nil || im > iu || (im == iu && !changedInCond(file, list[im], first, call.Pos())) {
		return nil // the first change is not before the Update in one block
	}
	at := list[im]
	for _, m := range muts {
		if m.Pos() >= call.Pos() {
			return nil // a change after the Update, reaching it round a loop
		}
	}
	for _, m := range h.Unknown {
		if !m.Pos().IsValid() || m.Pos() < at.Pos() {
			return nil // a call that may change the object before the copy
		}
	}
	for s := range h.Starts {
		if s == ssa.Instruction(u) {
			continue // this Update, round a loop: the previous element's
		}
		if p := objects.EventPos(s); !p.IsValid() || p >= at.Pos() {
			// Fetched or read back after the copy's place: it would be
			// taken before the fetch, or be stale.
			return nil
		}
	}
	indent, ok := diag.LineIndent(pass, at.Pos())
	if !ok {
		return nil
	}
	if !c.sameMeaning(file, base, at.Pos(), list[im:iu+1], call.Pos()) {
		return nil
	}
	clientName, importEdits, ok := diag.PackageName(pass, at.Pos(), crapi.ClientPkg, "client")
	if !ok {
		return nil
	}
	objText := types.ExprString(base)
	ins := insertion{pos: at.Pos(), text: objText}
	name := c.patchName(file, syntax, fn, at.Pos(), list[im:], ins)
	if name == "" {
		return nil
	}
	stmt := name + " := " + crapi.MergeFromExpr(clientName, objText+".DeepCopy()", lock)
	edits := []analysis.TextEdit{
		{Pos: at.Pos(), End: at.Pos(), NewText: []byte(stmt + "\n" + indent)},
		{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Patch")},
		{Pos: call.Args[1].End(), End: call.Args[1].End(), NewText: []byte(", " + name)},
	}
	edits = append(edits, importEdits...)
	return []analysis.SuggestedFix{{Message: "Patch the changed fields with client.MergeFrom", TextEdits: edits}}
}

// iface returns the client interface name (PatchOption), nil if
// the package does not depend on controller-runtime's client.
func iface(pkg *types.Package, name string) *types.Interface {
	t := crapi.LookupType(pkg, crapi.ClientPkg, name)
	if t == nil {
		return nil
	}
	it, _ := t.Underlying().(*types.Interface)
	return it
}

// hasPatch reports whether recv has a Patch method with the signature of
// client.Writer's, so that X.Update can become X.Patch.
func (c *checker) hasPatch(recv ast.Expr) bool {
	t := c.pass.TypesInfo.TypeOf(recv)
	if t == nil {
		return false
	}
	obj, _, _ := types.LookupFieldOrMethod(t, true, c.pass.Pkg, "Patch")
	fn, ok := obj.(*types.Func)
	if !ok {
		return false
	}
	sig := fn.Signature()
	return sig.Variadic() && sig.Params().Len() == 4 &&
		crapi.IsContext(sig.Params().At(0).Type()) &&
		crapi.IsNamed(sig.Params().At(2).Type(), crapi.ClientPkg, "Patch")
}

// plainExpr reports whether e names a variable without side effects or
// calls: dep, r.dep, list.Items[i].
func plainExpr(e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := e.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return plainExpr(x.X, depth+1)
	case *ast.IndexExpr:
		switch ix := x.Index.(type) {
		case *ast.Ident:
		case *ast.BasicLit:
			if ix.Kind != token.INT {
				return false
			}
		default:
			return false
		}
		return plainExpr(x.X, depth+1)
	case *ast.ParenExpr:
		return plainExpr(x.X, depth+1)
	}
	return false
}

func hasGoto(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if br, ok := n.(*ast.BranchStmt); ok && br.Tok == token.GOTO {
			found = true
		}
		return !found
	})
	return found
}

// stmtList returns the innermost statement list of fn's syntax that holds
// both positions, and the indexes of the statements holding each.
func stmtList(file *ast.File, fnSyntax ast.Node, first, update token.Pos) ([]ast.Stmt, int, int) {
	path, _ := astutil.PathEnclosingInterval(file, update, update)
	for _, n := range path {
		var list []ast.Stmt
		switch x := n.(type) {
		case *ast.BlockStmt:
			list = x.List
		case *ast.CaseClause:
			list = x.Body
		case *ast.CommClause:
			list = x.Body
		}
		if im, iu := diag.StmtIndex(list, first), diag.StmtIndex(list, update); im >= 0 && iu >= 0 {
			return list, im, iu
		}
		if n == fnSyntax {
			break
		}
	}
	return nil, -1, -1
}

// changedInCond reports whether st is an if statement whose init or
// condition makes the first change and that holds the Update in a branch,
// outside any loop: if controllerutil.AddFinalizer(obj, f) { Update }.
// The copy is then taken before the if.
func changedInCond(file *ast.File, st ast.Stmt, first, update token.Pos) bool {
	ifs, ok := st.(*ast.IfStmt)
	if !ok || ifs.Body == nil || first >= ifs.Body.Pos() || update <= ifs.Body.Pos() {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, update, update)
	for _, n := range path {
		if n == ifs {
			return true
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return false
		}
	}
	return false
}

// sameMeaning reports whether every name in e denotes at pos what it
// denotes where e is written, and no variable of e is assigned in stmts
// before end: the inserted copy is then a copy of the object updated.
func (c *checker) sameMeaning(file *ast.File, e ast.Expr, pos token.Pos, stmts []ast.Stmt, end token.Pos) bool {
	scope := c.pass.TypesInfo.Scopes[file]
	if scope == nil {
		return false
	}
	scope = scope.Innermost(pos)
	if scope == nil {
		return false
	}
	vars := map[types.Object]bool{}
	if !c.resolves(scope, pos, e, vars) {
		return false
	}
	ok := true
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			if !ok || n == nil || n.Pos() >= end {
				return false
			}
			var lhs []ast.Expr
			switch x := n.(type) {
			case *ast.AssignStmt:
				lhs = x.Lhs
			case *ast.IncDecStmt:
				lhs = []ast.Expr{x.X}
			case *ast.RangeStmt:
				lhs = []ast.Expr{x.Key, x.Value}
			case *ast.UnaryExpr:
				// &v lets a callee assign v; taking the address of a
				// struct variable (Get(ctx, key, &dep)) cannot make it
				// denote another object.
				if x.Op == token.AND {
					if t := c.pass.TypesInfo.TypeOf(x.X); t != nil && !isStruct(t) {
						lhs = []ast.Expr{x.X}
					}
				}
			}
			for _, l := range lhs {
				if id, isID := ast.Unparen(l).(*ast.Ident); isID && vars[c.pass.TypesInfo.ObjectOf(id)] {
					ok = false
				}
			}
			return ok
		})
	}
	return ok
}

// resolves reports whether the identifiers of e (outside selectors' field
// names) denote at pos what they denote in e, and collects the variables.
func (c *checker) resolves(scope *types.Scope, pos token.Pos, e ast.Expr, vars map[types.Object]bool) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SelectorExpr:
			ok = ok && c.resolves(scope, pos, x.X, vars)
			return false
		case *ast.Ident:
			obj := c.pass.TypesInfo.Uses[x]
			if obj == nil {
				ok = false
				return false
			}
			if _, at := scope.LookupParent(x.Name, pos); at != obj {
				ok = false
			}
			if v, isVar := obj.(*types.Var); isVar {
				vars[v] = true
			}
		}
		return ok
	})
	return ok
}

// patchName picks the name of the patch variable: patch, patch2, ...; one
// that nothing resolves to at pos, that no statement from pos on in its
// block mentions (a later declaration or use would clash or be shadowed),
// and that no other fix of the same top-level function declares
// elsewhere.
func (c *checker) patchName(file *ast.File, syntax ast.Node, fn *ssa.Function, pos token.Pos, rest []ast.Stmt, ins insertion) string {
	scope := c.pass.TypesInfo.Scopes[file]
	if scope == nil {
		return ""
	}
	scope = scope.Innermost(pos)
	if scope == nil {
		return ""
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
	top := ssaflow.Declared(fn)
	key := syntax
	if s := top.Syntax(); s != nil {
		key = s
	}
	taken := c.names[key]
	if taken == nil {
		taken = map[string]insertion{}
		c.names[key] = taken
	}
	for i := 1; i <= 100; i++ {
		name := "patch"
		if i > 1 {
			name += strconv.Itoa(i)
		}
		if prev, ok := taken[name]; ok {
			if prev == ins {
				return name
			}
			continue
		}
		if mentioned[name] {
			continue
		}
		if _, obj := scope.LookupParent(name, pos); obj != nil {
			continue
		}
		taken[name] = ins
		return name
	}
	return ""
}

func isStruct(t types.Type) bool {
	_, ok := t.Underlying().(*types.Struct)
	return ok
}
