package timewait

// This file reads a condition: which of its comparisons with the
// current time make the branch wait, and with what polarity.

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// polarity tells which branch of an if statement waits for the time to
// come.
type polarity int

const (
	neither polarity = iota
	// waitTrue: the condition holds now and stops holding once the time
	// comes (time.Now().Before(t)): the then-branch waits.
	waitTrue
	// waitFalse: the condition does not hold now and comes to hold once
	// the time comes (time.Now().After(t)): the else-branch waits.
	waitFalse
)

func (p polarity) not() polarity {
	switch p {
	case waitTrue:
		return waitFalse
	case waitFalse:
		return waitTrue
	}
	return neither
}

// comparison is a comparison of the condition whose outcome changes as
// the current time advances.
type comparison struct {
	node ast.Expr // the comparison, as written
	// x and y are the operands: of Before/After/Compare for times, of a
	// relational operator otherwise.
	x, y  ast.Expr
	times bool
	pol   polarity // what it makes of the whole condition
}

// polarity computes the polarity of the condition e, collecting its
// comparisons with the current time; neg tells that e is negated in the
// condition.
func (c *checker) polarity(e ast.Expr, cmps *[]comparison, neg bool, depth int) polarity {
	if e == nil || depth > maxDepth {
		return neither
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return c.polarity(e.X, cmps, neg, depth+1)
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return c.polarity(e.X, cmps, !neg, depth+1).not()
		}
	case *ast.Ident:
		// ok := time.Now().Before(t); if ok {...}
		if t := c.info.TypeOf(e); t != nil && types.Identical(t.Underlying(), types.Typ[types.Bool]) {
			if rhs := c.single(e); rhs != nil {
				return c.polarity(rhs, cmps, neg, depth+1)
			}
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			x, y := c.polarity(e.X, cmps, neg, depth+1), c.polarity(e.Y, cmps, neg, depth+1)
			switch {
			case x == waitTrue || y == waitTrue:
				// Once the time comes, the conjunction is false.
				return waitTrue
			case x == waitFalse && y == waitFalse:
				return waitFalse
			}
			return neither
		case token.LOR:
			x, y := c.polarity(e.X, cmps, neg, depth+1), c.polarity(e.Y, cmps, neg, depth+1)
			switch {
			case x == waitFalse || y == waitFalse:
				// Once the time comes, the disjunction is true.
				return waitFalse
			case x == waitTrue && y == waitTrue:
				return waitTrue
			}
			return neither
		case token.LSS, token.LEQ, token.GTR, token.GEQ:
			diff := sub(c.dep(e.X), c.dep(e.Y))
			if diff != increasing && diff != decreasing {
				return neither
			}
			cmp := comparison{node: e, x: e.X, y: e.Y}
			if call, ok := ast.Unparen(e.X).(*ast.CallExpr); ok && zero(c.info, e.Y) {
				cmp = c.compareCall(e, call, cmp)
			} else if call, ok := ast.Unparen(e.Y).(*ast.CallExpr); ok && zero(c.info, e.X) {
				cmp = c.compareCall(e, call, cmp)
			}
			less := e.Op == token.LSS || e.Op == token.LEQ
			// x < y with x - y growing: true now, false later.
			p := waitFalse
			if less == (diff == increasing) {
				p = waitTrue
			}
			cmp.pol = effective(p, neg)
			*cmps = append(*cmps, cmp)
			return p
		}
	case *ast.CallExpr:
		fn := c.callee(e)
		recv := c.recvExpr(e)
		if recv == nil || len(e.Args) != 1 {
			return neither
		}
		before := timeOp(fn) == knowledge.TimeBefore
		after := timeOp(fn) == knowledge.TimeAfter
		if !before && !after {
			return neither
		}
		diff := sub(c.dep(recv), c.dep(e.Args[0]))
		if diff != increasing && diff != decreasing {
			return neither
		}
		// recv.Before(arg) with recv - arg growing: true now, false later.
		p := waitFalse
		if before == (diff == increasing) {
			p = waitTrue
		}
		*cmps = append(*cmps, comparison{node: e, x: recv, y: e.Args[0], times: true, pol: effective(p, neg)})
		return p
	}
	return neither
}

// effective is the polarity that a comparison of polarity p gives the
// condition it is part of.
func effective(p polarity, neg bool) polarity {
	if neg {
		return p.not()
	}
	return p
}

// compareCall turns x.Compare(y) < 0 into a comparison of times.
func (c *checker) compareCall(node ast.Expr, call *ast.CallExpr, cmp comparison) comparison {
	recv := c.recvExpr(call)
	if recv == nil || len(call.Args) != 1 || timeOp(c.callee(call)) != knowledge.TimeCompare {
		return cmp
	}
	return comparison{node: node, x: recv, y: call.Args[0], times: true, pol: cmp.pol}
}

func zero(info *types.Info, e ast.Expr) bool {
	tv, ok := info.Types[e]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.Int, constant.Float:
		return constant.Sign(tv.Value) == 0
	}
	return false
}
