package overwrittenerr

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// retriedLits returns the function literals of file handed, as the
// argument the knowledge table names, to a function that runs them again
// while they return an error or a false condition (retry.RetryOnConflict,
// retry.OnError, wait.PollUntilContextTimeout, wait.ExponentialBackoff...).
func retriedLits(pass *analysis.Pass, file *ast.File) map[*ast.FuncLit]bool {
	out := map[*ast.FuncLit]bool{}
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
		if lit, ok := ast.Unparen(call.Args[r.Arg]).(*ast.FuncLit); ok {
			out[lit] = true
		}
		return true
	})
	return out
}

// refreshOnFailure reports whether the inner declaration as, in a retried
// closure, is a read from the server (a client Get or List: the refresh
// of an object after a conflict) that runs only when the closure's own
// err, outer, is a failure, and whether that err is read by a return of
// the closure: the closure must return that failure to be run again, and
// assigning the refresh's nil to it would end the retry as if the write
// had succeeded.
func refreshOnFailure(pass *analysis.Pass, body *ast.BlockStmt, as *ast.AssignStmt, call *ast.CallExpr, outer *types.Var, read token.Pos) bool {
	return isServerRead(pass, call) && guardedByFailure(pass, body, as, outer) && inReturn(body, read)
}

// isServerRead reports whether call is a Get or List of a
// controller-runtime client (the object's, or a subresource's).
func isServerRead(pass *analysis.Pass, call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	if !ok {
		return false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	recv := pass.TypesInfo.TypeOf(sel.X)
	if recv == nil {
		return false
	}
	c, ok := crapi.ClientCallOf(fn, recv)
	return ok && !c.IsWrite()
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
