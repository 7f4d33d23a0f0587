package timewait

// This file is the arithmetic of the check: how an expression depends
// on the current time (time.Now, a clock's Now, Since, Until), through
// additions, subtractions, comparisons and local variables.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// dep tells how an expression moves as the current time advances, all
// else being equal.
type dep int

const (
	constant0  dep = 0  // it does not depend on the current time
	increasing dep = 1  // time.Now(), time.Since(x), now.Sub(x)
	decreasing dep = -1 // time.Until(t), t.Sub(now)
	unknown    dep = 2  // it depends on it in a way not followed
)

func add(a, b dep) dep {
	switch {
	case a == unknown || b == unknown:
		return unknown
	case a == constant0:
		return b
	case b == constant0 || a == b:
		return a
	}
	return unknown // now - now
}

func neg(a dep) dep {
	if a == unknown {
		return a
	}
	return -a
}

func sub(a, b dep) dep { return add(a, neg(b)) }

const maxDepth = 8

func (c *checker) callee(call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(c.info, call).(*types.Func)
	if fn != nil {
		fn = fn.Origin()
	}
	return fn
}

// recvExpr returns the receiver expression of a method call.
func (c *checker) recvExpr(call *ast.CallExpr) ast.Expr {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	if s := c.info.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
		return nil
	}
	return sel.X
}

func isMetaTime(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ptr := types.Unalias(t).(*types.Pointer)
	return !ptr && crapi.IsNamed(t, metav1Pkg, "Time")
}

func isDuration(t types.Type) bool { return knowledge.IsDuration(t) }

// timeOp is what fn computes with time (knowledge's table), 0 for others.
func timeOp(fn *types.Func) knowledge.TimeOp { return knowledge.TimeOpOf(fn) }

func (c *checker) dep(e ast.Expr) dep { return c.depth(e, 0) }

func (c *checker) depth(e ast.Expr, depth int) dep {
	if e == nil {
		return constant0
	}
	if depth > maxDepth {
		return unknown
	}
	if tv, ok := c.info.Types[e]; ok && tv.Value != nil {
		return constant0
	}
	d := func(x ast.Expr) dep { return c.depth(x, depth+1) }
	switch e := e.(type) {
	case *ast.ParenExpr:
		return d(e.X)
	case *ast.BasicLit:
		return constant0
	case *ast.Ident:
		v := c.localVar(e)
		if v == nil {
			return constant0 // a parameter is not a local here either
		}
		l := c.vars[v]
		if l == nil {
			return constant0 // a parameter
		}
		if c.visiting[v] {
			return unknown // assigned from itself
		}
		c.visiting[v] = true
		defer delete(c.visiting, v)
		if rhs := c.single(e); rhs != nil {
			return d(rhs)
		}
		for _, rhs := range l.rhs {
			if rhs != nil && d(rhs) != constant0 {
				return unknown
			}
		}
		return constant0
	case *ast.StarExpr:
		return d(e.X)
	case *ast.UnaryExpr:
		switch e.Op {
		case token.AND, token.ADD:
			return d(e.X)
		case token.SUB:
			return neg(d(e.X))
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD:
			return add(d(e.X), d(e.Y))
		case token.SUB:
			return sub(d(e.X), d(e.Y))
		case token.MUL, token.QUO:
			// By a positive constant: the same direction.
			x, y := d(e.X), d(e.Y)
			if x == constant0 && y == constant0 {
				return constant0
			}
			if e.Op == token.MUL && x == constant0 && positive(c.info, e.X) {
				return y
			}
			if y == constant0 && positive(c.info, e.Y) {
				return x
			}
			return unknown
		}
	case *ast.SelectorExpr:
		if s := c.info.Selections[e]; s != nil && s.Kind() == types.FieldVal {
			x := d(e.X)
			if x == constant0 {
				return constant0
			}
			// metav1.Time{Time: now}: the instant it wraps.
			if e.Sel.Name == "Time" && isMetaTime(ssaflow.Deref(c.info.TypeOf(e.X))) {
				return x
			}
			return unknown
		}
		return constant0 // a qualified identifier
	case *ast.CallExpr:
		if tv, ok := c.info.Types[e.Fun]; ok && tv.IsType() {
			if len(e.Args) == 1 {
				return d(e.Args[0]) // a conversion
			}
			return constant0
		}
		fn := c.callee(e)
		recv := c.recvExpr(e)
		switch {
		case timeOp(fn) == knowledge.TimeNow, crapi.ClockMethod(fn, "Now"):
			return increasing
		case timeOp(fn) == knowledge.TimeSince && len(e.Args) == 1:
			return sub(increasing, d(e.Args[0]))
		case crapi.ClockMethod(fn, "Since") && len(e.Args) == 1 && recv != nil:
			return sub(increasing, add(d(recv), d(e.Args[0])))
		case timeOp(fn) == knowledge.TimeUntil && len(e.Args) == 1:
			return sub(d(e.Args[0]), increasing)
		case timeOp(fn) == knowledge.TimeWrap && len(e.Args) == 1:
			return d(e.Args[0])
		case recv != nil && len(e.Args) == 1 && (timeOp(fn) == knowledge.TimeDiff || timeOp(fn) == knowledge.TimeCompare):
			return sub(d(recv), d(e.Args[0]))
		case recv != nil && len(e.Args) == 1 && timeOp(fn) == knowledge.TimeAdd:
			return add(d(recv), d(e.Args[0]))
		case recv != nil && len(e.Args) <= 1 && (timeOp(fn) == knowledge.TimeSame || timeOp(fn) == knowledge.TimeMonotone):
			x := d(recv)
			if len(e.Args) == 1 && d(e.Args[0]) != constant0 {
				return unknown
			}
			return x
		case recv != nil && len(e.Args) == 0 && timeOp(fn) == knowledge.DurationUnit:
			return d(recv)
		}
	}
	if c.mentionsNow(e, depth) {
		return unknown
	}
	return constant0
}

// mentionsNow reports whether e depends on the current time in any way.
func (c *checker) mentionsNow(e ast.Expr, depth int) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn := c.callee(n)
			if op := timeOp(fn); op == knowledge.TimeNow || op == knowledge.TimeSince || op == knowledge.TimeUntil ||
				crapi.ClockMethod(fn, "Now") || crapi.ClockMethod(fn, "Since") {
				found = true
			}
		case *ast.Ident:
			if n != e && c.localVar(n) != nil && c.depth(n, depth+1) != constant0 {
				found = true
			}
		}
		return true
	})
	return found
}

func positive(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) > 0
	}
	return false
}
