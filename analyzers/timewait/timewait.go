package timewait

import (
	"bytes"
	_ "embed"
	"go/ast"
	"go/constant"
	"go/printer"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports a reconcile branch that waits for a moment in time and
// returns an empty Result with a nil error.
var Analyzer = &analysis.Analyzer{
	Name:     "timewait",
	Doc:      checkdoc.MustExtract(doc, "timewait"),
	URL:      "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/timewait.md",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

const metav1Pkg = crapi.MetaV1Pkg

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	set := reach.ReconcileSet(prog.Package(), prog.SrcFuncs())
	if len(set.Funcs) == 0 {
		return nil, nil
	}
	c := &checker{
		pass:   pass,
		info:   pass.TypesInfo,
		set:    set,
		roots:  map[*ssa.Function]bool{},
		locals: map[ast.Node]map[*types.Var]*local{},
		chains: map[*ssa.Function][]*ssa.Function{},

		visiting: map[*types.Var]bool{},
	}
	for _, r := range set.Roots {
		c.roots[r.Fn] = true
	}
	for _, fn := range set.Funcs {
		c.check(fn)
	}
	return nil, nil
}

type checker struct {
	pass  *analysis.Pass
	info  *types.Info
	set   *reach.Reconcile
	roots map[*ssa.Function]bool
	// locals holds, per outermost function syntax, what is assigned to
	// each local variable.
	locals map[ast.Node]map[*types.Var]*local
	// chains caches chain: nil for a function whose empty Result is not
	// known to be returned by a reconcile function.
	chains map[*ssa.Function][]*ssa.Function
	// fn and vars are those of the function being checked.
	fn       *ssa.Function
	vars     map[*types.Var]*local
	visiting map[*types.Var]bool
}

// local is what a local variable is assigned in its function.
type local struct {
	rhs     []ast.Expr // nil entries: a value not known as an expression
	escapes bool       // its address is taken
}

// funcBody returns the body of fn's syntax.
func funcBody(fn *ssa.Function) *ast.BlockStmt {
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		return syn.Body
	case *ast.FuncLit:
		return syn.Body
	}
	return nil
}

func (c *checker) check(fn *ssa.Function) {
	body := funcBody(fn)
	if body == nil || c.pass.Fset.File(body.Pos()) == nil || ssapkg.InTestFile(c.pass, body.Pos()) {
		return
	}
	if !crapi.ReturnsResult(fn.Signature) {
		return
	}
	c.fn = fn
	c.vars = c.localsOf(fn)
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // a function of its own
		case *ast.IfStmt:
			c.ifStmt(n)
		}
		return true
	})
}

// ---------------------------------------------------------------------
// Local variables.

// localsOf records the assignments of the local variables of the
// outermost function enclosing fn (closures see its variables).
func (c *checker) localsOf(fn *ssa.Function) map[*types.Var]*local {
	root := fn
	for root.Parent() != nil {
		root = root.Parent()
	}
	syn := root.Syntax()
	if syn == nil {
		return nil
	}
	if m, ok := c.locals[syn]; ok {
		return m
	}
	m := map[*types.Var]*local{}
	c.locals[syn] = m
	get := func(id *ast.Ident) *local {
		v := c.localVar(id)
		if v == nil {
			return nil
		}
		l := m[v]
		if l == nil {
			l = &local{}
			m[v] = l
		}
		return l
	}
	okAddr := map[ast.Expr]bool{}
	// Parameters and results hold a value on entry.
	entry := func(fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, f := range fl.List {
			for _, id := range f.Names {
				if l := get(id); l != nil {
					l.rhs = append(l.rhs, nil)
				}
			}
		}
	}
	ast.Inspect(syn, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			entry(n.Recv)
		case *ast.FuncType:
			entry(n.Params)
			entry(n.Results)
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				id, ok := ast.Unparen(lhs).(*ast.Ident)
				if !ok {
					continue
				}
				l := get(id)
				if l == nil {
					continue
				}
				var rhs ast.Expr
				if len(n.Lhs) == len(n.Rhs) && (n.Tok == token.ASSIGN || n.Tok == token.DEFINE) {
					rhs = n.Rhs[i]
				}
				l.rhs = append(l.rhs, rhs)
			}
		case *ast.ValueSpec:
			for i, id := range n.Names {
				l := get(id)
				if l == nil {
					continue
				}
				var rhs ast.Expr
				if len(n.Names) == len(n.Values) {
					rhs = n.Values[i]
				}
				l.rhs = append(l.rhs, rhs)
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
				if l := get(id); l != nil {
					l.rhs = append(l.rhs, nil)
				}
			}
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if id, ok := e.(*ast.Ident); ok {
					if l := get(id); l != nil {
						l.rhs = append(l.rhs, nil)
					}
				}
			}
		case *ast.CallExpr:
			// metav1.Time's Before and Equal read what they are given.
			if fn := c.callee(n); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == metav1Pkg {
				for _, a := range n.Args {
					okAddr[a] = true
				}
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && !okAddr[n] {
				if id, ok := ast.Unparen(n.X).(*ast.Ident); ok {
					if l := get(id); l != nil {
						l.escapes = true
					}
				}
			}
		}
		return true
	})
	return m
}

// localVar returns the local variable id refers to or declares; nil for a
// package variable, a field or anything else.
func (c *checker) localVar(id *ast.Ident) *types.Var {
	if id == nil || id.Name == "_" {
		return nil
	}
	obj := c.info.Defs[id]
	if obj == nil {
		obj = c.info.Uses[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// single returns the one expression assigned to the local variable id
// refers to, if it is assigned exactly once and its address is not taken.
func (c *checker) single(id *ast.Ident) ast.Expr {
	v := c.localVar(id)
	if v == nil {
		return nil
	}
	l := c.vars[v]
	if l == nil || l.escapes || len(l.rhs) != 1 {
		return nil
	}
	return l.rhs[0]
}

// ---------------------------------------------------------------------
// Dependence on the current time.

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

func isDuration(t types.Type) bool {
	if t == nil {
		return false
	}
	_, ptr := types.Unalias(t).(*types.Pointer)
	return !ptr && crapi.IsNamed(t, "time", "Duration")
}

func isTimeMethod(fn *types.Func, names ...string) bool {
	for _, n := range names {
		if crapi.IsMethod(fn, "time", "Time", n) {
			return true
		}
	}
	return false
}

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
		case crapi.IsFunc(fn, "time", "Now"), crapi.IsFunc(fn, metav1Pkg, "Now"), crapi.ClockMethod(fn, "Now"):
			return increasing
		case crapi.IsFunc(fn, "time", "Since") && len(e.Args) == 1:
			return sub(increasing, d(e.Args[0]))
		case crapi.ClockMethod(fn, "Since") && len(e.Args) == 1 && recv != nil:
			return sub(increasing, add(d(recv), d(e.Args[0])))
		case crapi.IsFunc(fn, "time", "Until") && len(e.Args) == 1:
			return sub(d(e.Args[0]), increasing)
		case crapi.IsFunc(fn, metav1Pkg, "NewTime") && len(e.Args) == 1:
			return d(e.Args[0])
		case recv != nil && len(e.Args) == 1 && isTimeMethod(fn, "Sub", "Compare"):
			return sub(d(recv), d(e.Args[0]))
		case recv != nil && len(e.Args) == 1 && isTimeMethod(fn, "Add"):
			return add(d(recv), d(e.Args[0]))
		case recv != nil && len(e.Args) <= 1 && isTimeMethod(fn, "UTC", "Local", "In", "Truncate", "Round", "Unix", "UnixMilli", "UnixMicro", "UnixNano"):
			x := d(recv)
			if len(e.Args) == 1 && d(e.Args[0]) != constant0 {
				return unknown
			}
			return x
		case recv != nil && len(e.Args) == 0 && fn != nil && crapi.IsMethod(fn, "time", "Duration", fn.Name()) &&
			(fn.Name() == "Seconds" || fn.Name() == "Minutes" || fn.Name() == "Hours" ||
				fn.Name() == "Milliseconds" || fn.Name() == "Microseconds" || fn.Name() == "Nanoseconds"):
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
			if crapi.IsFuncIn(fn, "time", "Now", "Since", "Until") || crapi.IsFunc(fn, metav1Pkg, "Now") ||
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

// ---------------------------------------------------------------------
// Conditions.

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
		before := isTimeMethod(fn, "Before") || crapi.IsMethod(fn, metav1Pkg, "Time", "Before")
		after := isTimeMethod(fn, "After")
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
	if recv == nil || len(call.Args) != 1 || !isTimeMethod(c.callee(call), "Compare") {
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

// ---------------------------------------------------------------------
// The waiting branch.

func (c *checker) ifStmt(ifs *ast.IfStmt) {
	var cmps []comparison
	var branch *ast.BlockStmt
	pol := c.polarity(ifs.Cond, &cmps, false, 0)
	switch pol {
	case waitTrue:
		branch = ifs.Body
	case waitFalse:
		// The else branch; the code after the if statement is not
		// looked at.
		branch, _ = ifs.Else.(*ast.BlockStmt)
	}
	if branch == nil || len(cmps) == 0 {
		return
	}
	rs, lit := c.emptyReturn(branch)
	if rs == nil {
		return
	}
	chain := c.chain(c.fn, 0, map[*ssa.Function]bool{})
	if chain == nil {
		return
	}
	for _, fn := range chain {
		if resultsDeferred(fn) {
			return
		}
	}
	if c.requeuedElsewhere(chain, cmps, rs) {
		return
	}
	// The comparison that makes the branch wait, first.
	for i, cmp := range cmps {
		if cmp.pol == pol {
			cmps[0], cmps[i] = cmps[i], cmps[0]
			break
		}
	}
	c.report(rs, lit, branch, cmps)
}

// emptyReturn returns the final return statement of branch and its
// Result literal when it returns an empty reconcile.Result and a nil
// error and the statements before it only log, record events or assign
// local variables.
func (c *checker) emptyReturn(branch *ast.BlockStmt) (*ast.ReturnStmt, *ast.CompositeLit) {
	n := len(branch.List)
	if n == 0 {
		return nil, nil
	}
	rs, ok := branch.List[n-1].(*ast.ReturnStmt)
	if !ok || len(rs.Results) != 2 {
		return nil, nil
	}
	lit, ok := ast.Unparen(rs.Results[0]).(*ast.CompositeLit)
	if !ok || lit.Type == nil || len(lit.Elts) != 0 || !crapi.IsResult(c.info.TypeOf(lit)) {
		return nil, nil
	}
	if tv, ok := c.info.Types[ast.Unparen(rs.Results[1])]; !ok || !tv.IsNil() {
		return nil, nil
	}
	for _, s := range branch.List[:n-1] {
		if !c.inert(s) {
			return nil, nil
		}
	}
	return rs, lit
}

// inert reports a statement that neither acts on the world nor leaves the
// branch: logging, event recording, assignments of local variables.
func (c *checker) inert(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.EmptyStmt:
		return true
	case *ast.ExprStmt:
		_, ok := ast.Unparen(s.X).(*ast.CallExpr)
		return ok && c.inertExpr(s.X)
	case *ast.AssignStmt:
		for _, lhs := range s.Lhs {
			if !c.ownLocal(lhs) {
				return false
			}
		}
		for _, rhs := range s.Rhs {
			if !c.inertExpr(rhs) {
				return false
			}
		}
		return true
	case *ast.IncDecStmt:
		return c.ownLocal(s.X)
	case *ast.DeclStmt:
		gd, ok := s.Decl.(*ast.GenDecl)
		if !ok {
			return false
		}
		if gd.Tok != token.VAR {
			return gd.Tok == token.CONST
		}
		for _, spec := range gd.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				return false
			}
			for _, v := range vs.Values {
				if !c.inertExpr(v) {
					return false
				}
			}
		}
		return true
	case *ast.BlockStmt:
		for _, x := range s.List {
			if !c.inert(x) {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		if s.Init != nil && !c.inert(s.Init) {
			return false
		}
		if !c.inertExpr(s.Cond) || !c.inert(s.Body) {
			return false
		}
		return s.Else == nil || c.inert(s.Else)
	}
	return false
}

// ownLocal reports the blank identifier or a variable declared in the
// function being checked.
func (c *checker) ownLocal(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return false
	}
	if id.Name == "_" {
		return true
	}
	v := c.localVar(id)
	if v == nil {
		return false
	}
	syn := c.fn.Syntax()
	return syn != nil && syn.Pos() <= v.Pos() && v.Pos() < syn.End()
}

// inertExpr reports an expression whose calls are all known to only
// compute, log or record events.
func (c *checker) inertExpr(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.UnaryExpr:
			if n.Op == token.ARROW {
				ok = false // a receive blocks
			}
		case *ast.CallExpr:
			ok = c.inertCall(n)
		}
		return ok
	})
	return ok
}

func (c *checker) inertCall(call *ast.CallExpr) bool {
	if tv, ok := c.info.Types[call.Fun]; ok && tv.IsType() {
		return true // a conversion
	}
	switch obj := typeutil.Callee(c.info, call).(type) {
	case *types.Builtin:
		switch obj.Name() {
		case "len", "cap", "min", "max":
			return true
		}
		return false
	case *types.Var:
		// ctrl.LoggerFrom, a variable holding log.FromContext.
		return obj.Pkg() != nil && obj.Pkg().Path() == crapi.CtrlPkg && obj.Name() == "LoggerFrom"
	case *types.Func:
		return inertFunc(obj.Origin())
	}
	return false
}

// inertFunc reports functions and methods known to only compute, log or
// record events.
func inertFunc(fn *types.Func) bool {
	name := fn.Name()
	if crapi.ClockMethod(fn, "Now") || crapi.ClockMethod(fn, "Since") {
		return true
	}
	if fn.Pkg() == nil {
		return name == "Error" // the error interface
	}
	if fn.Pkg().Path() == "time" {
		return pureTime(fn)
	}
	// Formatting, logging, events, metav1's times and getters.
	return knowledge.Pure(fn)
}

// pureTime reports the functions and methods of package time that only
// compute.
func pureTime(fn *types.Func) bool {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if crapi.IsNamed(recv.Type(), "time", "Timer") || crapi.IsNamed(recv.Type(), "time", "Ticker") {
			return false
		}
		return !strings.HasPrefix(name, "Unmarshal") && !strings.HasPrefix(name, "GobDecode")
	}
	switch name {
	case "Sleep", "After", "AfterFunc", "Tick", "NewTimer", "NewTicker":
		return false
	}
	return true
}

// ---------------------------------------------------------------------
// Whose Result it is.

const maxChain = 4

// chain returns fn and the functions of the reconcile set through which
// its Result is returned to controller-runtime; nil when it is not known
// to be: a reconcile function returns it itself, a helper only when every
// call of it in the set returns its Result and error as they are, right
// away, from a function of which the same holds.
func (c *checker) chain(fn *ssa.Function, depth int, busy map[*ssa.Function]bool) []*ssa.Function {
	if out, ok := c.chains[fn]; ok {
		return out
	}
	if c.roots[fn] {
		c.chains[fn] = []*ssa.Function{fn}
		return c.chains[fn]
	}
	if depth > maxChain || busy[fn] {
		return nil
	}
	busy[fn] = true
	defer delete(busy, fn)
	out := c.callerChain(fn, depth, busy)
	if depth == 0 || out != nil {
		c.chains[fn] = out
	}
	return out
}

func (c *checker) callerChain(fn *ssa.Function, depth int, busy map[*ssa.Function]bool) []*ssa.Function {
	var calls []*ssa.Call
	for _, g := range c.set.Funcs {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					cc := call.Common()
					if cc.IsInvoke() && fn.Signature.Recv() != nil && cc.Method != nil && cc.Method.Name() == fn.Name() {
						return nil // maybe a call of fn that cannot be followed
					}
					if callee := cc.StaticCallee(); callee != nil && origin(callee) == fn {
						calls = append(calls, call)
						continue
					}
				}
				// fn as a value (stored, passed): calls not seen.
				var rands []*ssa.Value
				for _, op := range instr.Operands(rands) {
					if op == nil || *op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok && origin(f) == fn {
						if call, ok := instr.(*ssa.Call); ok && call.Call.Value == f {
							continue // counted above
						}
						if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == f && onlyCalled(mc) {
							continue
						}
						return nil
					}
				}
			}
		}
	}
	if len(calls) == 0 {
		return nil
	}
	out := []*ssa.Function{fn}
	for _, call := range calls {
		if !returnedAsIs(call) {
			return nil
		}
		up := c.chain(call.Parent(), depth+1, busy)
		if up == nil {
			return nil
		}
		out = append(out, up...)
	}
	return out
}

func origin(f *ssa.Function) *ssa.Function {
	if o := f.Origin(); o != nil {
		return o
	}
	return f
}

// onlyCalled reports a closure value that is only called.
func onlyCalled(mc *ssa.MakeClosure) bool {
	refs := mc.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		call, ok := r.(*ssa.Call)
		if !ok || call.Call.Value != mc {
			if _, ok := r.(*ssa.DebugRef); ok {
				continue
			}
			return false
		}
	}
	return true
}

// returnedAsIs reports a call whose Result and error are returned right
// away, in its block, and whose Result is used for nothing else.
func returnedAsIs(call *ssa.Call) bool {
	refs := call.Referrers()
	if refs == nil {
		return false
	}
	var res, err ssa.Value
	for _, r := range *refs {
		ex, ok := r.(*ssa.Extract)
		if !ok {
			if _, ok := r.(*ssa.DebugRef); ok {
				continue
			}
			return false
		}
		switch ex.Index {
		case 0:
			res = ex
		case 1:
			err = ex
		}
	}
	if res == nil || err == nil {
		return false
	}
	rrefs := res.Referrers()
	if rrefs == nil {
		return false
	}
	direct := false
	for _, r := range *rrefs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Return:
			if len(r.Results) != 2 || r.Results[0] != res {
				return false
			}
			if r.Block() == call.Block() && r.Results[1] == err {
				direct = true
			}
		default:
			return false
		}
	}
	return direct
}

// resultsDeferred reports a function with named results and a defer
// statement: the deferred call may set the Result it returns.
func resultsDeferred(fn *ssa.Function) bool {
	var ft *ast.FuncType
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		ft = syn.Type
	case *ast.FuncLit:
		ft = syn.Type
	}
	body := funcBody(fn)
	if ft == nil || ft.Results == nil || body == nil {
		return false
	}
	named := false
	for _, f := range ft.Results.List {
		if len(f.Names) > 0 {
			named = true
		}
	}
	if !named {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// requeuedElsewhere reports a wait that another return of the chain
// covers: it asks for a requeue after a duration made of what the
// comparison compares with (if time.Since(last) < interval {return
// ctrl.Result{}, nil} ... return ctrl.Result{RequeueAfter: interval}):
// the requeue asked for by the reconcile that stamped "last" is still
// pending and comes when the time does.
func (c *checker) requeuedElsewhere(chain []*ssa.Function, cmps []comparison, rs *ast.ReturnStmt) bool {
	anchors := map[types.Object]bool{}
	for _, cmp := range cmps {
		c.anchors(cmp.x, anchors, 0)
		c.anchors(cmp.y, anchors, 0)
	}
	if len(anchors) == 0 {
		return false
	}
	found := false
	saved := c.vars
	defer func() { c.vars = saved }()
	for _, fn := range chain {
		body := funcBody(fn)
		if body == nil {
			continue
		}
		c.vars = c.localsOf(fn)
		ast.Inspect(body, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if n == rs || len(n.Results) == 0 {
					return true
				}
				lit, ok := ast.Unparen(n.Results[0]).(*ast.CompositeLit)
				if !ok || !crapi.IsResult(c.info.TypeOf(lit)) {
					return true
				}
				for _, elt := range lit.Elts {
					kv, ok := elt.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "RequeueAfter" {
						continue
					}
					got := map[types.Object]bool{}
					c.anchors(kv.Value, got, 0)
					for o := range got {
						if anchors[o] {
							found = true
						}
					}
				}
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// anchors collects the variables, fields and methods an expression is
// made of that do not depend on the current time: the last field of a
// selector (the Time and Duration wrapped by metav1.Time and
// metav1.Duration stand for the field that holds them), and local
// variables together with what they are assigned.
func (c *checker) anchors(e ast.Expr, out map[types.Object]bool, depth int) {
	if e == nil || depth > maxDepth {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			s := c.info.Selections[n]
			if s == nil {
				return false // a qualified identifier
			}
			if c.dep(n.X) != constant0 {
				return true
			}
			if s.Kind() == types.FieldVal && (n.Sel.Name == "Time" || n.Sel.Name == "Duration") &&
				(isMetaTime(ssaflow.Deref(c.info.TypeOf(n.X))) || crapi.IsNamed(c.info.TypeOf(n.X), metav1Pkg, "Duration")) {
				return true // the wrapping field below
			}
			if fn, ok := s.Obj().(*types.Func); ok && fn.Pkg() != nil && (fn.Pkg().Path() == "time" || fn.Pkg().Path() == metav1Pkg) && !strings.HasPrefix(fn.Name(), "Get") {
				return true // Add, Sub, Before...: look at the operands
			}
			out[s.Obj()] = true
			ast.Inspect(n.X, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok {
					for _, a := range call.Args {
						c.anchors(a, out, depth+1)
					}
				}
				return true
			})
			return false
		case *ast.Ident:
			if obj, ok := c.info.Uses[n].(*types.Var); ok && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				out[obj] = true // a package variable
				return false
			}
			v := c.localVar(n)
			if v == nil || c.dep(n) != constant0 {
				return false
			}
			out[v] = true
			if rhs := c.single(n); rhs != nil {
				c.anchors(rhs, out, depth+1)
			}
			return false
		}
		return true
	})
}

// ---------------------------------------------------------------------
// Report and fix.

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
	if tf := c.pass.Fset.File(e.Pos()); tf != nil && c.pass.ReadFile != nil {
		if src, err := c.pass.ReadFile(tf.Name()); err == nil && len(src) == tf.Size() {
			start, end := tf.Offset(e.Pos()), tf.Offset(e.End())
			if 0 <= start && start <= end && end <= len(src) {
				if t := string(src[start:end]); !strings.ContainsAny(t, "\n") && !strings.Contains(t, "//") && !strings.Contains(t, "/*") {
					return t
				}
			}
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
		case crapi.IsFunc(fn, "time", "Now"), crapi.IsFunc(fn, metav1Pkg, "Now"):
			return true
		case crapi.ClockMethod(fn, "Now"):
			return viaLocal
		case crapi.IsFunc(fn, metav1Pkg, "NewTime") && len(e.Args) == 1:
			return c.pureNow(e.Args[0], viaLocal, depth+1)
		case isTimeMethod(fn, "UTC", "Local", "In"):
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
		case crapi.IsFuncIn(fn, "time", "Since", "Until"):
			return c.dep(e.Args[0]) == constant0
		case crapi.ClockMethod(fn, "Since"):
			return c.dep(e.Args[0]) == constant0
		case isTimeMethod(fn, "Sub"):
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
	if fn.Pkg() != nil && (fn.Pkg().Path() == "time" || fn.Pkg().Path() == metav1Pkg) {
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
