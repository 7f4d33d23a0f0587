package overwrittenerr

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// checkShadows reports `x, err := f()` in an inner block that declares a
// new err hiding the function's own, when the new one is only compared
// with nil (never returned or handed on) and the function's err is read
// after the block without being assigned in between: f's failure is
// dropped, and what is returned is the old value.
func checkShadows(pass *analysis.Pass) {
	for _, file := range pass.Files {
		if ssapkg.InTestCode(pass, file.Pos()) {
			continue
		}
		retried := retriedLits(pass, file)
		ast.Inspect(file, func(n ast.Node) bool {
			var body *ast.BlockStmt
			var ftype *ast.FuncType
			isRetried := false
			switch f := n.(type) {
			case *ast.FuncDecl:
				body, ftype = f.Body, f.Type
			case *ast.FuncLit:
				body, ftype, isRetried = f.Body, f.Type, retried[f]
			}
			if body != nil {
				checkBody(pass, body, ftype, isRetried)
			}
			return true
		})
	}
}

// checkBody checks the inner := declarations of one function body (not
// those of its function literals, which are checked on their own).
// retried says the body is that of a closure a retry or poll function
// runs again while it returns an error (or a false condition).
func checkBody(pass *analysis.Pass, body *ast.BlockStmt, ftype *ast.FuncType, retried bool) {
	fscope := pass.TypesInfo.Scopes[ftype]
	if fscope == nil {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		as, ok := n.(*ast.AssignStmt)
		if !ok || as.Tok != token.DEFINE || len(as.Rhs) != 1 {
			return true
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, lhs := range as.Lhs {
			id, ok := lhs.(*ast.Ident)
			if !ok || id.Name == "_" {
				continue // the blank identifier declares nothing (its object has no scope)
			}
			inner, ok := pass.TypesInfo.Defs[id].(*types.Var)
			if !ok || inner == nil || !crapi.IsError(inner.Type()) || inner.Parent() == nil || inner.Parent() == fscope {
				continue // the scope of a type switch's symbolic variable is not recorded
			}
			up := inner.Parent().Parent()
			if up == nil {
				continue
			}
			_, outerObj := up.LookupParent(id.Name, id.Pos())
			outer, ok := outerObj.(*types.Var)
			if !ok || !crapi.IsError(outer.Type()) || !inFunc(outer, fscope) {
				continue
			}
			if !onlyNilTests(pass, body, inner) || handled(pass, body, inner) || tryInit(pass, body, as, inner) {
				continue
			}
			read := readAfter(pass, body, outer, inner.Parent().End(), fscope)
			if !read.IsValid() {
				continue
			}
			if retried && refreshOnFailure(pass, body, as, outer, read) {
				continue
			}
			diag.Reportf(pass, as, nil,
				"%s := declares a new %s that hides the one read at line %d: when %s fails, its error is only compared with nil here and then dropped, and the function goes on with the old %s; assign it with = (declare the other variables first)",
				id.Name, id.Name, pass.Fset.Position(read).Line, types.ExprString(call.Fun), id.Name)
		}
		return true
	})
}

// tryInit reports whether as is the init of an if statement whose
// condition asks for v's success, of a call given no context
// (`if p, err := parse(s); err == nil && p.Scheme == "https" {`): a
// computation, not a request, whose error lives in the if alone and
// deliberately means "not this case" (tigera-operator's Splunk
// endpoint), not a failure meant for the function's own err. A client
// call's failure there (it takes a context) stays reported.
func tryInit(pass *analysis.Pass, body *ast.BlockStmt, as *ast.AssignStmt, v *types.Var) bool {
	if call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr); ok {
		for _, a := range call.Args {
			if crapi.IsContext(pass.TypesInfo.TypeOf(a)) {
				return false
			}
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		if ifs.Init != as {
			return true
		}
		for cond := ast.Unparen(ifs.Cond); ; {
			if cmp, ok := cond.(*ast.BinaryExpr); ok && cmp.Op == token.LAND {
				cond = ast.Unparen(cmp.X)
				continue
			}
			if cmp, ok := cond.(*ast.BinaryExpr); ok && cmp.Op == token.EQL && nilTestOf(pass, cmp, v) {
				found = true
			}
			break
		}
		return false
	})
	return found
}

// inFunc reports whether v is declared in the function whose scope is
// fscope (a parameter, a named result or a local), not at package level.
func inFunc(v *types.Var, fscope *types.Scope) bool {
	for s := v.Parent(); s != nil; s = s.Parent() {
		if s == fscope {
			return true
		}
	}
	return false
}

// onlyNilTests reports whether every use of v in body is a comparison
// with nil: the error is neither returned nor handed to anything.
func onlyNilTests(pass *analysis.Pass, body *ast.BlockStmt, v *types.Var) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if !ok {
			return false
		}
		if cmp, isCmp := n.(*ast.BinaryExpr); isCmp && nilTestOf(pass, cmp, v) {
			return false // a nil test: its operands are fine
		}
		if id, isID := n.(*ast.Ident); isID && pass.TypesInfo.Uses[id] == v {
			ok = false
		}
		return true
	})
	return ok
}

// handled reports whether a test of v sends its non-nil side into a block
// that does not fall through (a return, a branch, a panic, log.Fatal...):
// the failure is dealt with there, not dropped.
func handled(pass *analysis.Pass, body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || found {
			return !found
		}
		cmp, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || !nilTestOf(pass, cmp, v) {
			return true
		}
		var failing ast.Stmt = ifs.Body // err != nil { ... }
		if cmp.Op == token.EQL {
			failing = ifs.Else // err == nil { ... } else { ... }
		}
		if blk, ok := failing.(*ast.BlockStmt); ok && len(blk.List) > 0 && terminates(pass, blk.List[len(blk.List)-1]) {
			found = true
		}
		return true
	})
	return found
}

// terminates reports whether s does not fall through to the next
// statement.
func terminates(pass *analysis.Pass, s ast.Stmt) bool {
	switch x := s.(type) {
	case *ast.ReturnStmt, *ast.BranchStmt:
		return true
	case *ast.ExprStmt:
		call, ok := x.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		switch fn := typeutil.Callee(pass.TypesInfo, call).(type) {
		case *types.Builtin:
			return fn.Name() == "panic"
		case *types.Func:
			return knowledge.NoReturn(fn)
		}
	}
	return false
}

// nilTestOf reports whether cmp is v == nil or v != nil.
func nilTestOf(pass *analysis.Pass, cmp *ast.BinaryExpr, v *types.Var) bool {
	if cmp.Op != token.EQL && cmp.Op != token.NEQ {
		return false
	}
	return isVar(pass, cmp.X, v) && isNilIdent(pass, cmp.Y) || isVar(pass, cmp.Y, v) && isNilIdent(pass, cmp.X)
}

func isVar(pass *analysis.Pass, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && pass.TypesInfo.Uses[id] == v
}

func isNilIdent(pass *analysis.Pass, e ast.Expr) bool {
	return pass.TypesInfo.Types[e].IsNil()
}

// readAfter returns the position of the first read of v after pos, when v
// is not assigned between pos and there: an explicit use, or a bare
// return of a function whose named result v is. NoPos if none.
func readAfter(pass *analysis.Pass, body *ast.BlockStmt, v *types.Var, pos token.Pos, fscope *types.Scope) token.Pos {
	namedResult := v.Parent() == fscope
	first := token.NoPos
	assigned := token.NoPos
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.End() < pos {
			return false // before pos: nothing in it counts
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, lhs := range x.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v && x.Pos() >= pos && (!assigned.IsValid() || x.Pos() < assigned) {
					assigned = x.Pos()
				}
			}
			// The right-hand side may read v: walk it, not the left.
			for _, rhs := range x.Rhs {
				ast.Inspect(rhs, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v && id.Pos() >= pos && (!first.IsValid() || id.Pos() < first) {
						first = id.Pos()
					}
					return true
				})
			}
			return false
		case *ast.ReturnStmt:
			if len(x.Results) == 0 && namedResult && x.Pos() >= pos && (!first.IsValid() || x.Pos() < first) {
				first = x.Pos()
			}
		case *ast.Ident:
			if pass.TypesInfo.Uses[x] == v && x.Pos() >= pos && (!first.IsValid() || x.Pos() < first) {
				first = x.Pos()
			}
		}
		return true
	})
	if !first.IsValid() || (assigned.IsValid() && assigned < first) {
		return token.NoPos
	}
	return first
}
