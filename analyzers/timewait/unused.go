package timewait

// This file is the check's second shape: the reconcile computes the time
// left until a moment, only logs it, and returns ctrl.Result{} (the
// scheduled-task controller of k8ssandra/cass-operator before 986ab2d8:
// nextRunTime := nextExecution.Sub(now); log "Requeing for next scheduled
// event"; return ctrl.Result{}, nil).

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// unusedLeft reports the final return of block when it returns an empty
// Result and a nil error after inert statements that define a local
// variable holding the time left until a moment, a variable used nowhere
// but in those statements.
func (c *checker) unusedLeft(block *ast.BlockStmt) {
	rs, lit := c.emptyReturnAfter(block)
	if rs == nil || c.reported[rs] {
		return
	}
	// The inert statements before the return.
	first := len(block.List) - 1
	for first > 0 && c.inert(block.List[first-1]) {
		first--
	}
	run := block.List[first : len(block.List)-1]
	if len(run) == 0 {
		return
	}
	for _, s := range run {
		v, rhs := c.definedLeft(s)
		if v == nil || !c.usedOnlyIn(v, run[0].Pos(), rs.Pos()) {
			continue
		}
		if c.resultChain() == nil {
			return
		}
		c.reported[rs] = true
		typ := c.text(lit.Type)
		fix := analysis.SuggestedFix{Message: "Requeue after " + v.Name(), TextEdits: []analysis.TextEdit{{
			Pos:     lit.Lbrace,
			End:     lit.Rbrace + 1,
			NewText: []byte("{RequeueAfter: " + v.Name() + "}"),
		}}}
		diag.Reportf(c.pass, rs, []analysis.SuggestedFix{fix},
			"the reconcile computes the time left until a moment (%s := %s) and returns %s with no requeue: no watch event fires when the time comes, so nothing reconciles the object until an unrelated event or the periodic resync; return %s{RequeueAfter: %s}",
			v.Name(), c.text(rhs), c.text(lit), typ, v.Name())
		return
	}
}

// emptyReturnAfter returns block's last statement and its Result literal
// when it returns an empty reconcile.Result and a nil error.
func (c *checker) emptyReturnAfter(block *ast.BlockStmt) (*ast.ReturnStmt, *ast.CompositeLit) {
	n := len(block.List)
	if n == 0 {
		return nil, nil
	}
	return c.emptyReturn(&ast.BlockStmt{List: block.List[n-1:]})
}

// definedLeft returns the local variable s defines (x := e, var x = e) and
// its value when the value is a time.Duration that shrinks as the clock
// advances: the time left until a moment.
func (c *checker) definedLeft(s ast.Stmt) (*types.Var, ast.Expr) {
	var id *ast.Ident
	var rhs ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil, nil
		}
		id, _ = s.Lhs[0].(*ast.Ident)
		rhs = s.Rhs[0]
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
			return nil, nil
		}
		vs, ok := gd.Specs[0].(*ast.ValueSpec)
		if !ok || len(vs.Names) != 1 || len(vs.Values) != 1 {
			return nil, nil
		}
		id, rhs = vs.Names[0], vs.Values[0]
	default:
		return nil, nil
	}
	v := c.localVar(id)
	if v == nil || !isDuration(v.Type()) || !c.timeLeft(rhs) {
		return nil, nil
	}
	return v, rhs
}

// timeLeft reports an expression that is a moment minus the current time:
// time.Until(t), t.Sub(now), d - time.Since(x), or any expression that
// shrinks as the clock advances. The moment itself may depend on the
// current time in ways not followed (next := sched.Next(now)).
func (c *checker) timeLeft(e ast.Expr) bool {
	e = ast.Unparen(e)
	if c.dep(e) == decreasing {
		return true
	}
	switch e := e.(type) {
	case *ast.CallExpr:
		fn := c.callee(e)
		recv := c.recvExpr(e)
		if timeOp(fn) == knowledge.TimeDiff && recv != nil && len(e.Args) == 1 {
			return c.dep(e.Args[0]) == increasing && c.dep(recv) != increasing
		}
	case *ast.BinaryExpr:
		if e.Op == token.SUB {
			return c.dep(e.Y) == increasing && c.dep(e.X) != increasing
		}
	}
	return false
}

// usedOnlyIn reports whether every use of v lies in [from, to).
func (c *checker) usedOnlyIn(v *types.Var, from, to token.Pos) bool {
	body := funcBody(c.fn)
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && c.info.Uses[id] == v && (id.Pos() < from || id.Pos() >= to) {
			ok = false
		}
		return ok
	})
	return ok
}
