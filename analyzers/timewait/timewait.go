package timewait

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports a reconcile branch that waits for a moment in time and
// returns an empty Result with a nil error.
var Analyzer = &analysis.Analyzer{
	Name:     "timewait",
	Doc:      checkdoc.MustExtract(doc, "timewait"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, reach.Analyzer},
	Run:      run,
}

const metav1Pkg = crapi.MetaV1Pkg

func run(pass *analysis.Pass) (any, error) {
	set := reach.Of(pass).Reconcile()
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

		reported: map[*ast.ReturnStmt]bool{},

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
	// reported holds the returns reported, each once.
	reported map[*ast.ReturnStmt]bool
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
	if body == nil || c.pass.Fset.File(body.Pos()) == nil || ssapkg.InTestCode(c.pass, body.Pos()) {
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
	// Then the returns after the time left is computed and only logged.
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BlockStmt:
			c.unusedLeft(n)
		}
		return true
	})
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
	chain := c.resultChain()
	if chain == nil {
		return
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
	c.reported[rs] = true
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
	if pure, ok := knowledge.PureTime(fn); ok {
		return pure
	}
	// Formatting, logging, events, metav1's times and getters.
	return knowledge.Pure(fn)
}
