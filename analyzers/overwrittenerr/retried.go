package overwrittenerr

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// retriedLits returns the function literals of file handed, as the
// argument the knowledge table names, to a function that runs them again
// while they return an error or a false condition (retry.RetryOnConflict,
// retry.OnError, wait.PollUntilContextTimeout, wait.ExponentialBackoff...).
// A literal kept in a local variable first (fn := func() error {...};
// retry.RetryOnConflict(b, fn)) counts when nothing else is assigned to
// the variable.
func retriedLits(pass *analysis.Pass, file *ast.File) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
	kept := keptLits(pass, file)
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
		if !ok {
			return true
		}
		r, ok := knowledge.RetrierOf(fn)
		if !ok || (r.Kind != knowledge.RetriesOnError && r.Kind != knowledge.PollsCondition) || r.Arg >= len(call.Args) {
			return true
		}
		switch a := ast.Unparen(call.Args[r.Arg]).(type) {
		case *ast.FuncLit:
			out[a] = true
		case *ast.Ident:
			if v, ok := pass.TypesInfo.Uses[a].(*types.Var); ok && kept[v] != nil {
				out[kept[v]] = true
			}
		}
		return true
	})
	return out
}

// keptLits maps the local variables of file declared with a function
// literal (fn := func() error {...}, var fn = func...) and never assigned
// again to that literal.
func keptLits(pass *analysis.Pass, file *ast.File) map[*types.Var]*ast.FuncLit {
	out := map[*types.Var]*ast.FuncLit{}
	reassigned := map[*types.Var]bool{}
	bind := func(id *ast.Ident, e ast.Expr) {
		v, ok := pass.TypesInfo.Defs[id].(*types.Var)
		if !ok || v == nil {
			return
		}
		if lit, ok := ast.Unparen(e).(*ast.FuncLit); ok {
			out[v] = lit
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range x.Lhs {
				id, ok := lhs.(*ast.Ident)
				if !ok {
					continue
				}
				if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok {
					reassigned[v] = true // = or a := that redeclares nothing new for it
				} else if x.Tok == token.DEFINE && len(x.Lhs) == len(x.Rhs) {
					bind(id, x.Rhs[i])
				}
			}
		case *ast.ValueSpec:
			if len(x.Names) == len(x.Values) {
				for i, id := range x.Names {
					bind(id, x.Values[i])
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op == token.AND {
				if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok {
					reassigned[v] = true // its address taken: anything may store into it
				}
			}
		}
		return true
	})
	for v := range reassigned {
		delete(out, v)
	}
	return out
}

// refreshOnFailure reports whether the inner declaration as, in a retried
// closure, runs only when the closure's own err, outer, is a failure, and
// whether that err is read by a return of the closure: the closure must
// return that failure to be run again, and assigning the inner call's nil
// to it would end the retry as if the write had succeeded. What the inner
// call is does not matter: a refresh of the object (a client Get, a
// dynamic or typed client's, a helper of the module), or another step;
// the next attempt runs it again.
func refreshOnFailure(pass *analysis.Pass, body *ast.BlockStmt, as *ast.AssignStmt, outer *types.Var, read token.Pos) bool {
	return guardedByFailure(pass, body, as, outer) && inReturn(body, read)
}

// guardedByFailure reports whether as runs only when outer is a failure:
// it is in the body of an if whose condition implies outer != nil
// (outer != nil, apierrors.IsConflict(outer), errors.Is(outer, x), a
// conjunction with one of them), or in the else of outer == nil, and
// outer is not assigned between that test and as.
func guardedByFailure(pass *analysis.Pass, body *ast.BlockStmt, as *ast.AssignStmt, outer *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > as.Pos() || n.End() < as.End() {
			return false // not an ancestor of as
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			var from token.Pos
			switch {
			case within(x.Body, as) && impliesFailure(pass, x.Cond, outer):
				from = x.Body.Pos()
			case x.Else != nil && within(x.Else, as) && isNilTest(pass, x.Cond, outer, token.EQL):
				from = x.Else.Pos()
			}
			if from.IsValid() && !assignedBetween(pass, body, outer, from, as.Pos()) {
				found = true
			}
		}
		return true
	})
	return found
}

func within(n ast.Node, as *ast.AssignStmt) bool {
	return n.Pos() <= as.Pos() && as.End() <= n.End()
}

// impliesFailure reports whether cond is true only when v is not nil.
func impliesFailure(pass *analysis.Pass, cond ast.Expr, v *types.Var) bool {
	switch c := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		if c.Op == token.LAND {
			return impliesFailure(pass, c.X, v) || impliesFailure(pass, c.Y, v)
		}
		return isNilTest(pass, c, v, token.NEQ)
	case *ast.CallExpr:
		fn, ok := typeutil.Callee(pass.TypesInfo, c).(*types.Func)
		if !ok {
			return false
		}
		arg, ok := knowledge.ErrorTestArg(fn)
		return ok && arg < len(c.Args) && isVar(pass, c.Args[arg], v)
	}
	return false
}

// isNilTest reports whether e is v op nil (or nil op v).
func isNilTest(pass *analysis.Pass, e ast.Expr, v *types.Var, op token.Token) bool {
	cmp, ok := ast.Unparen(e).(*ast.BinaryExpr)
	return ok && cmp.Op == op && nilTestOf(pass, cmp, v)
}

// assignedBetween reports whether v is assigned by a statement of body
// (outside function literals) that begins in [from, to).
func assignedBetween(pass *analysis.Pass, body *ast.BlockStmt, v *types.Var, from, to token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.End() < from || n.Pos() >= to {
			return false
		}
		switch x := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			if x.Pos() < from {
				return true
			}
			for _, lhs := range x.Lhs {
				if id, ok := lhs.(*ast.Ident); ok && pass.TypesInfo.Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if x.Op == token.AND && isVar(pass, x.X, v) {
				found = true // &err handed on: anything may store into it
			}
		}
		return true
	})
	return found
}

// inReturn reports whether pos is in a return statement of body (not of
// a function literal inside it): what the closure hands back to the
// function that retries it.
func inReturn(body *ast.BlockStmt, pos token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found || n == nil || n.Pos() > pos || n.End() < pos {
			return false
		}
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return true
	})
	return found
}
