package timewait

// This file reports a finding and builds its fix: RequeueAfter the time
// that remains until the moment waited for.

import (
	"bytes"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

func (c *checker) report(rs *ast.ReturnStmt, lit *ast.CompositeLit, branch *ast.BlockStmt, cmps []comparison) {
	typ := c.text(lit.Type)
	remaining, edits := "", []analysis.TextEdit(nil)
	if len(cmps) == 1 {
		remaining, edits = c.remaining(cmps[0], rs, branch)
	}
	var fixes []analysis.SuggestedFix
	suggest := typ + "{RequeueAfter: <the time left>}"
	if remaining != "" {
		suggest = typ + "{RequeueAfter: " + remaining + "}"
		edits = append(edits, analysis.TextEdit{
			Pos:     lit.Lbrace,
			End:     lit.Rbrace + 1,
			NewText: []byte("{RequeueAfter: " + remaining + "}"),
		})
		fixes = []analysis.SuggestedFix{{Message: "Requeue after " + remaining, TextEdits: edits}}
	}
	diag.Reportf(c.pass, rs, fixes,
		"the reconcile waits for a time (%s) and returns %s with no requeue: no watch event fires when the time comes, so nothing reconciles the object until an unrelated event or the periodic resync; return %s",
		c.text(cmps[0].node), c.text(lit), suggest)
}

// text renders e as written when it fits on one line, else as printed.
func (c *checker) text(e ast.Node) string {
	if src, ok := diag.Text(c.pass, e); ok {
		if t := string(src); !strings.ContainsAny(t, "\n") && !strings.Contains(t, "//") && !strings.Contains(t, "/*") {
			return t
		}
	}
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, c.pass.Fset, e); err != nil {
		return "?"
	}
	return buf.String()
}

// remaining returns the time left before the comparison changes outcome,
// as an expression valid at rs, and the edits (an import) it needs; ""
// when it cannot be written from the comparison.
func (c *checker) remaining(cmp comparison, rs *ast.ReturnStmt, branch *ast.BlockStmt) (string, []analysis.TextEdit) {
	dx, dy := c.dep(cmp.x), c.dep(cmp.y)
	var nowSide, other ast.Expr
	var d dep
	switch {
	case dy == constant0 && (dx == increasing || dx == decreasing):
		nowSide, other, d = cmp.x, cmp.y, dx
	case dx == constant0 && (dy == increasing || dy == decreasing):
		nowSide, other, d = cmp.y, cmp.x, dy
	default:
		return "", nil
	}
	assigned := assignedIn(c.info, branch)
	if !c.movable(other, rs, assigned) || !c.movable(nowSide, rs, assigned) {
		return "", nil
	}
	if cmp.times {
		// A moment t and the current time: t - now.
		if d != increasing || !c.pureNow(nowSide, true, 0) {
			return "", nil
		}
		t := c.timeText(other)
		if t == "" {
			return "", nil
		}
		if c.pureNow(nowSide, false, 0) {
			// time.Now() itself: time.Until(t).
			name, edits, ok := diag.PackageName(c.pass, rs.Pos(), "time", "time")
			if !ok {
				return "", nil
			}
			return name + ".Until(" + t + ")", edits
		}
		now := c.timeText(nowSide)
		if now == "" {
			return "", nil
		}
		return t + ".Sub(" + now + ")", nil
	}
	// Durations that move one for one with the current time.
	if !isDuration(c.info.TypeOf(nowSide)) || !c.unitSlope(nowSide, 0) {
		return "", nil
	}
	if tv, ok := c.info.Types[other]; !ok || (tv.Value == nil && !isDuration(tv.Type)) {
		return "", nil
	}
	dur, lim := c.text(nowSide), c.text(other)
	if d == increasing { // elapsed < limit: limit - elapsed
		if zero(c.info, other) {
			return "-" + operand(nowSide, dur), nil
		}
		return lim + " - " + operand(nowSide, dur), nil
	}
	if zero(c.info, other) { // left > 0: left
		return dur, nil
	}
	return dur + " - " + operand(other, lim), nil
}

// pureNow reports an expression that is the current time: time.Now(),
// metav1.Now() and, unless direct, a clock's Now() or a local variable
// assigned one of them, possibly wrapped in a metav1.Time or unwrapped.
func (c *checker) pureNow(e ast.Expr, viaLocal bool, depth int) bool {
	if e == nil || depth > maxDepth {
		return false
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return c.pureNow(e.X, viaLocal, depth+1)
	case *ast.UnaryExpr:
		return e.Op == token.AND && c.pureNow(e.X, viaLocal, depth+1)
	case *ast.SelectorExpr:
		s := c.info.Selections[e]
		return s != nil && s.Kind() == types.FieldVal && e.Sel.Name == "Time" &&
			isMetaTime(ssaflow.Deref(c.info.TypeOf(e.X))) && c.pureNow(e.X, viaLocal, depth+1)
	case *ast.Ident:
		if !viaLocal {
			return false
		}
		rhs := c.single(e)
		return rhs != nil && c.pureNow(rhs, viaLocal, depth+1)
	case *ast.CallExpr:
		fn := c.callee(e)
		switch {
		case timeOp(fn) == knowledge.TimeNow:
			return true
		case crapi.ClockMethod(fn, "Now"):
			return viaLocal
		case crapi.IsFunc(fn, metav1Pkg, "NewTime") && len(e.Args) == 1:
			return c.pureNow(e.Args[0], viaLocal, depth+1)
		case timeOp(fn) == knowledge.TimeSame:
			recv := c.recvExpr(e)
			return recv != nil && c.pureNow(recv, viaLocal, depth+1)
		}
	}
	return false
}

// unitSlope reports a duration that grows or shrinks exactly as the
// current time advances: time.Since(x), time.Until(t), a clock's
// Since(x), t.Sub(now), or a local variable assigned one of them.
func (c *checker) unitSlope(e ast.Expr, depth int) bool {
	if e == nil || depth > maxDepth {
		return false
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return c.unitSlope(e.X, depth+1)
	case *ast.Ident:
		rhs := c.single(e)
		return rhs != nil && c.unitSlope(rhs, depth+1)
	case *ast.CallExpr:
		fn := c.callee(e)
		if len(e.Args) != 1 {
			return false
		}
		switch {
		case timeOp(fn) == knowledge.TimeSince || timeOp(fn) == knowledge.TimeUntil:
			return c.dep(e.Args[0]) == constant0
		case crapi.ClockMethod(fn, "Since"):
			return c.dep(e.Args[0]) == constant0
		case timeOp(fn) == knowledge.TimeDiff:
			recv := c.recvExpr(e)
			if recv == nil {
				return false
			}
			a, b := c.dep(recv), c.dep(e.Args[0])
			return (a == constant0 && c.pureNow(e.Args[0], true, 0)) || (b == constant0 && c.pureNow(recv, true, 0))
		}
	}
	return false
}

// timeText renders e, a time.Time or metav1.Time (or &metav1.Time{...}
// value), as a time.Time that a selector can follow; "" for anything else
// (a *metav1.Time may be nil).
func (c *checker) timeText(e ast.Expr) string {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		x := ast.Unparen(u.X)
		if isMetaTime(c.info.TypeOf(x)) {
			return primary(x, c.text(x)) + ".Time"
		}
		return ""
	}
	t := c.info.TypeOf(e)
	switch {
	case crapi.IsTime(t):
		return primary(e, c.text(e))
	case isMetaTime(t):
		return primary(e, c.text(e)) + ".Time"
	}
	return ""
}

// primary parenthesises text, the rendering of e, unless e is a primary
// expression that a selector can follow.
func primary(e ast.Expr, text string) string {
	switch e.(type) {
	case *ast.Ident, *ast.SelectorExpr, *ast.CallExpr, *ast.IndexExpr, *ast.ParenExpr:
		return text
	}
	return "(" + text + ")"
}

// operand parenthesises text, the rendering of e, as the right operand of
// a subtraction.
func operand(e ast.Expr, text string) string {
	if _, ok := e.(*ast.BinaryExpr); ok {
		return "(" + text + ")"
	}
	return text
}

// recomputable reports a call that may be made again to the same
// effect: of package time or metav1, a clock's Now or Since, or a getter.
func (c *checker) recomputable(call *ast.CallExpr) bool {
	fn := c.callee(call)
	if fn == nil {
		return false
	}
	if crapi.ClockMethod(fn, "Now") || crapi.ClockMethod(fn, "Since") {
		return true
	}
	if fn.Pkg() != nil && knowledge.TimeValuePackage(fn.Pkg().Path()) {
		return inertFunc(fn)
	}
	return strings.HasPrefix(fn.Name(), "Get") && len(call.Args) == 0 && fn.Signature().Recv() != nil
}

// assignedIn returns the variables a block assigns.
func assignedIn(info *types.Info, b *ast.BlockStmt) map[types.Object]bool {
	out := map[types.Object]bool{}
	mark := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if obj := info.ObjectOf(id); obj != nil {
				out[obj] = true
			}
		}
	}
	ast.Inspect(b, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				mark(l)
			}
		case *ast.IncDecStmt:
			mark(n.X)
		}
		return true
	})
	return out
}

// movable reports whether e can be evaluated again at rs with the same
// meaning: its names mean the same objects there, the branch assigns none
// of its variables, and its calls only compute.
func (c *checker) movable(e ast.Expr, rs *ast.ReturnStmt, assigned map[types.Object]bool) bool {
	file := diag.File(c.pass, rs.Pos())
	if file == nil {
		return false
	}
	scope := c.info.Scopes[file]
	if scope == nil {
		return false
	}
	if s := scope.Innermost(rs.Pos()); s != nil {
		scope = s
	}
	ok := true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit, *ast.CompositeLit:
			ok = false
		case *ast.CallExpr:
			if tv, isT := c.info.Types[n.Fun]; isT && tv.IsType() {
				return true
			}
			if !c.recomputable(n) {
				ok = false
			}
		case *ast.SelectorExpr:
			ast.Inspect(n.X, visit)
			return false
		case *ast.Ident:
			obj := c.info.Uses[n]
			if obj == nil {
				ok = false
				return false
			}
			if assigned[obj] {
				ok = false
				return false
			}
			if _, got := scope.LookupParent(n.Name, rs.Pos()); got != obj {
				ok = false
			}
		}
		return ok
	}
	ast.Inspect(e, visit)
	return ok
}
