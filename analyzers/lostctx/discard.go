package lostctx

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// derived returns the row of knowledge's table of the functions whose
// returned context must be used, if cc calls one. ctrl.LoggerInto is a
// variable holding log.IntoContext.
func derived(cc *ssa.CallCommon) (knowledge.Deriver, bool) {
	fn := crapi.Callee(cc)
	if fn == nil && crapi.CtrlVar(cc.Value) == "LoggerInto" {
		return knowledge.DeriverNamed(crapi.LogPkg, "IntoContext")
	}
	return knowledge.DeriverOf(fn)
}

// checkDiscarded reports the derived contexts of fn that nothing uses:
// ctrl.LoggerInto(ctx, log) as a statement, or _, cancel :=
// context.WithTimeout(ctx, d). The logger, value or deadline is then
// attached to nothing.
func checkDiscarded(pass *analysis.Pass, fn *ssa.Function) {
	for c := range ssaflow.Calls(fn) {
		call, ok := c.(*ssa.Call)
		if !ok {
			continue
		}
		d, ok := derived(call.Common())
		if !ok {
			continue
		}
		ctx := ssa.Value(call)
		if _, tuple := call.Type().(*types.Tuple); tuple {
			ctx = ssaflow.Extract(call, 0)
		}
		if ctx != nil && used(ctx) {
			continue
		}
		expr := ssaflow.CallExpr(fn, call)
		if expr == nil || ssapkg.InTestCode(pass, expr.Pos()) {
			continue
		}
		stmt := statementOf(pass, expr)
		if !stmt && assignedAndUsed(pass, fn, expr) {
			continue // _ = tctx: a use the author wrote
		}
		if d.VetReports && stmt {
			continue // go vet's unusedresult says it already
		}
		name := types.ExprString(expr.Fun)
		var fixes []analysis.SuggestedFix
		if stmt {
			if id, ok := ast.Unparen(expr.Args[0]).(*ast.Ident); ok && usedAfter(pass, fn, id, expr) {
				fixes = []analysis.SuggestedFix{{
					Message:   "Assign the result to " + id.Name,
					TextEdits: []analysis.TextEdit{{Pos: expr.Pos(), End: expr.Pos(), NewText: []byte(id.Name + " = ")}},
				}}
			}
		}
		diag.Reportf(pass, expr, fixes,
			"the context returned by %s is not used, so %s it adds reaches no call; assign it (ctx = %s(ctx, …)) and pass it on, or remove the call",
			name, d.Carries, name)
	}
}

// used reports whether v has a referrer other than a debug reference.
func used(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return true // unknown
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// statementOf reports whether expr is a statement of its own.
func statementOf(pass *analysis.Pass, expr *ast.CallExpr) bool {
	file := diag.File(pass, expr.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, expr.Pos(), expr.End())
	for _, n := range path {
		if n == ast.Node(expr) {
			continue
		}
		_, ok := n.(*ast.ExprStmt)
		return ok
	}
	return false
}

// usedAfter reports whether the variable id denotes is a local variable or
// parameter of fn used after the call expr, so that assigning the call's
// result to it both compiles and reaches a use.
func usedAfter(pass *analysis.Pass, fn *ssa.Function, id *ast.Ident, expr *ast.CallExpr) bool {
	v, ok := pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == pass.Pkg.Scope() || !crapi.IsContext(v.Type()) {
		return false
	}
	return usedAfterVar(pass, fn, v, expr)
}

// usedAfterVar reports whether v is used after expr in fn's declaration.
func usedAfterVar(pass *analysis.Pass, fn *ssa.Function, v *types.Var, expr *ast.CallExpr) bool {
	syn := ssaflow.Declared(fn).Syntax()
	if syn == nil {
		return false
	}
	found := false
	ast.Inspect(syn, func(n ast.Node) bool {
		if found {
			return false
		}
		if u, ok := n.(*ast.Ident); ok && u.Pos() > expr.End() && pass.TypesInfo.Uses[u] == v {
			found = true
		}
		return true
	})
	return found
}

// assignedAndUsed reports whether expr is the right side of an assignment
// whose first variable (the context) is used after it in the source; SSA
// sees no use in "_ = tctx", the author does.
func assignedAndUsed(pass *analysis.Pass, fn *ssa.Function, expr *ast.CallExpr) bool {
	file := diag.File(pass, expr.Pos())
	if file == nil {
		return false
	}
	path, _ := astutil.PathEnclosingInterval(file, expr.Pos(), expr.End())
	if len(path) < 2 {
		return false
	}
	as, ok := path[1].(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != expr {
		return false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := pass.TypesInfo.ObjectOf(id).(*types.Var)
	return ok && usedAfterVar(pass, fn, v, expr)
}
