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

// depth returns how e moves as the current time advances (dep), depth
// being how many expressions were followed to reach it: beyond maxDepth
// the answer is unknown. Its steps: a constant expression does not
// depend on the time; otherwise the form of e decides — a local variable
// through its assignments (identDep), the operand of a unary operator
// (negated by a minus), the operands of a binary one (binaryDep), a field
// (selectorDep), a call of a time function or method or a conversion
// (callDep). A form none of these decides depends on the time in a way
// not followed if it mentions the time at all (mentionsNow), and not
// otherwise.
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
		return c.identDep(e, depth)
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
		if x, ok := c.binaryDep(e, depth); ok {
			return x
		}
	case *ast.SelectorExpr:
		return c.selectorDep(e, depth)
	case *ast.CallExpr:
		if x, ok := c.callDep(e, depth); ok {
			return x
		}
	}
	if c.mentionsNow(e, depth) {
		return unknown
	}
	return constant0
}

// identDep is depth's step for an identifier e: a local variable
// assigned once (and not escaping) moves as the value assigned; one with
// other assignments is constant if each assigned value is, and unknown
// otherwise, as it is when assigned from itself. An identifier that is
// no local variable (a parameter, a global) is constant here.
func (c *checker) identDep(e *ast.Ident, depth int) dep {
	d := func(x ast.Expr) dep { return c.depth(x, depth+1) }
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
}

// binaryDep is depth's step for a binary expression: a sum or difference
// moves as its operands combine (add, sub); a product or quotient by a
// positive constant moves as its other operand, two constants make a
// constant, and any other is unknown. ok is false for the other
// operators, which depth decides itself.
func (c *checker) binaryDep(e *ast.BinaryExpr, depth int) (x dep, ok bool) {
	d := func(x ast.Expr) dep { return c.depth(x, depth+1) }
	switch e.Op {
	case token.ADD:
		return add(d(e.X), d(e.Y)), true
	case token.SUB:
		return sub(d(e.X), d(e.Y)), true
	case token.MUL, token.QUO:
		// By a positive constant: the same direction.
		x, y := d(e.X), d(e.Y)
		if x == constant0 && y == constant0 {
			return constant0, true
		}
		if e.Op == token.MUL && x == constant0 && positive(c.info, e.X) {
			return y, true
		}
		if y == constant0 && positive(c.info, e.Y) {
			return x, true
		}
		return unknown, true
	}
	return constant0, false
}

// selectorDep is depth's step for a selector: a field of a constant value
// is constant, the Time field of a metav1.Time is the instant it wraps,
// and any other field of a moving value is unknown; a qualified
// identifier or a method value is constant.
func (c *checker) selectorDep(e *ast.SelectorExpr, depth int) dep {
	if s := c.info.Selections[e]; s != nil && s.Kind() == types.FieldVal {
		x := c.depth(e.X, depth+1)
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
}

// callDep is depth's step for a call: a conversion moves as its operand;
// the time functions and methods of knowledge's table and of clocks
// (Now, Since, Until, Sub, Add, comparisons, wrappers, units of a
// duration) move as the current time and their operands combine. ok is
// false for any other call, which depth decides itself.
func (c *checker) callDep(e *ast.CallExpr, depth int) (x dep, ok bool) {
	d := func(x ast.Expr) dep { return c.depth(x, depth+1) }
	if tv, found := c.info.Types[e.Fun]; found && tv.IsType() {
		if len(e.Args) == 1 {
			return d(e.Args[0]), true // a conversion
		}
		return constant0, true
	}
	fn := c.callee(e)
	recv := c.recvExpr(e)
	switch {
	case timeOp(fn) == knowledge.TimeNow, crapi.ClockMethod(fn, "Now"):
		return increasing, true
	case timeOp(fn) == knowledge.TimeSince && len(e.Args) == 1:
		return sub(increasing, d(e.Args[0])), true
	case crapi.ClockMethod(fn, "Since") && len(e.Args) == 1 && recv != nil:
		return sub(increasing, add(d(recv), d(e.Args[0]))), true
	case timeOp(fn) == knowledge.TimeUntil && len(e.Args) == 1:
		return sub(d(e.Args[0]), increasing), true
	case timeOp(fn) == knowledge.TimeWrap && len(e.Args) == 1:
		return d(e.Args[0]), true
	case recv != nil && len(e.Args) == 1 && (timeOp(fn) == knowledge.TimeDiff || timeOp(fn) == knowledge.TimeCompare):
		return sub(d(recv), d(e.Args[0])), true
	case recv != nil && len(e.Args) == 1 && timeOp(fn) == knowledge.TimeAdd:
		return add(d(recv), d(e.Args[0])), true
	case recv != nil && len(e.Args) <= 1 && (timeOp(fn) == knowledge.TimeSame || timeOp(fn) == knowledge.TimeMonotone):
		x := d(recv)
		if len(e.Args) == 1 && d(e.Args[0]) != constant0 {
			return unknown, true
		}
		return x, true
	case recv != nil && len(e.Args) == 0 && timeOp(fn) == knowledge.DurationUnit:
		return d(recv), true
	}
	return constant0, false
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
