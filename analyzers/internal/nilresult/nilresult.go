package nilresult

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Analyzer exports a NeverNil fact on each exported function of every
// package whose results are (pointer, error) and that never returns a nil
// pointer with a nil error; its result holds the package's own such
// functions, exported or not.
var Analyzer = &analysis.Analyzer{
	Name:       "nilresult",
	Doc:        "know which functions never return a nil pointer with a nil error",
	Run:        run,
	FactTypes:  []analysis.Fact{new(NeverNil)},
	ResultType: reflect.TypeOf(map[*types.Func]bool(nil)),
}

// NeverNil is the fact of a function whose first result, a pointer, is
// never nil when its error result is nil.
type NeverNil struct{}

// AFact implements analysis.Fact.
func (*NeverNil) AFact() {}

func (*NeverNil) String() string { return "neverNil" }

// Never reports whether fn is known never to return a nil pointer with a
// nil error: from its fact, or, for a function of the pass's own package,
// from the analyzer's result.
func Never(pass *analysis.Pass, fn *types.Func) bool {
	if fn == nil {
		return false
	}
	fn = fn.Origin()
	if fn.Pkg() == pass.Pkg {
		own, _ := pass.ResultOf[Analyzer].(map[*types.Func]bool)
		return own[fn]
	}
	return pass.ImportObjectFact(fn, new(NeverNil))
}

func run(pass *analysis.Pass) (any, error) {
	// The package's candidates, then a fixed point: a function that
	// returns another's results (return getByName(...)) is known once
	// that one is.
	type cand struct {
		fn   *types.Func
		body *ast.BlockStmt
	}
	var cands []cand
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if ok && ptrErr(fn.Signature()) {
				cands = append(cands, cand{fn, fd.Body})
			}
		}
	}
	known := map[*types.Func]bool{}
	never := func(fn *types.Func) bool {
		if fn == nil {
			return false
		}
		if fn.Pkg() == pass.Pkg {
			return known[fn.Origin()]
		}
		return pass.ImportObjectFact(fn.Origin(), new(NeverNil))
	}
	for changed := true; changed; {
		changed = false
		for _, c := range cands {
			if !known[c.fn] && safeBody(pass.TypesInfo, c.body, never) {
				known[c.fn] = true
				changed = true
			}
		}
	}
	for fn := range known {
		if fn.Exported() {
			// Others are known here only: their callers are in the package.
			pass.ExportObjectFact(fn, new(NeverNil))
		}
	}
	return known, nil
}

// ptrErr reports whether sig's results are (pointer, error).
func ptrErr(sig *types.Signature) bool {
	r := sig.Results()
	if r.Len() != 2 {
		return false
	}
	_, isPtr := r.At(0).Type().Underlying().(*types.Pointer)
	return isPtr && types.Identical(r.At(1).Type(), types.Universe.Lookup("error").Type())
}

// safeBody reports whether every return of body (nested function literals
// aside) gives a non-nil pointer or a non-nil error.
func safeBody(info *types.Info, body *ast.BlockStmt, never func(*types.Func) bool) bool {
	safe := true
	var visit func(n ast.Node, errTested map[types.Object]bool) bool
	visit = func(n ast.Node, errTested map[types.Object]bool) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IfStmt:
			// Inside "if err != nil { ... }", err is not nil.
			if v := nonNilTest(info, n.Cond); v != nil {
				if n.Init != nil {
					ast.Inspect(n.Init, func(m ast.Node) bool { return visit(m, errTested) })
				}
				inner := map[types.Object]bool{v: true}
				for k := range errTested {
					inner[k] = true
				}
				ast.Inspect(n.Body, func(m ast.Node) bool { return visit(m, inner) })
				if n.Else != nil {
					ast.Inspect(n.Else, func(m ast.Node) bool { return visit(m, errTested) })
				}
				return false
			}
		case *ast.ReturnStmt:
			if !safeReturn(info, body, n, errTested, never) {
				safe = false
			}
		}
		return safe
	}
	ast.Inspect(body, func(n ast.Node) bool { return visit(n, nil) })
	return safe
}

// nonNilTest returns the variable v of a condition "v != nil".
func nonNilTest(info *types.Info, cond ast.Expr) types.Object {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return nil
	}
	x, y := ast.Unparen(be.X), ast.Unparen(be.Y)
	if isNil(info, x) {
		x, y = y, x
	}
	id, ok := x.(*ast.Ident)
	if !ok || !isNil(info, y) {
		return nil
	}
	return info.Uses[id]
}

func isNil(info *types.Info, e ast.Expr) bool {
	return info.Types[e].IsNil()
}

// safeReturn reports whether ret gives a non-nil pointer or a non-nil
// error: a pointer made here (&T{}, new(T), a variable only ever given
// one), or an error that is a call (fmt.Errorf, errors.Wrap of a tested
// error) or a variable tested non-nil around the return; or the results
// of a call of a function known never to give nil without an error.
func safeReturn(info *types.Info, body *ast.BlockStmt, ret *ast.ReturnStmt, errTested map[types.Object]bool, never func(*types.Func) bool) bool {
	switch len(ret.Results) {
	case 1:
		call, ok := ast.Unparen(ret.Results[0]).(*ast.CallExpr)
		return ok && never(calleeOf(info, call))
	case 2:
	default:
		return false // a bare return of named results
	}
	if madePointer(info, body, ret.Results[0]) {
		return true
	}
	switch e := ast.Unparen(ret.Results[1]).(type) {
	case *ast.CallExpr:
		return !isNil(info, e)
	case *ast.Ident:
		return errTested[info.Uses[e]]
	}
	return false
}

// madePointer reports whether e is &T{...}, new(T), or a local variable
// that is only ever given such a value.
func madePointer(info *types.Info, body *ast.BlockStmt, e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.UnaryExpr:
		return e.Op == token.AND
	case *ast.CallExpr:
		id, ok := ast.Unparen(e.Fun).(*ast.Ident)
		_, builtin := info.Uses[id].(*types.Builtin)
		return ok && builtin && id.Name == "new"
	case *ast.Ident:
		v, ok := info.Uses[e].(*types.Var)
		if !ok {
			return false
		}
		made := false
		ok = true
		ast.Inspect(body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				for i, lhs := range n.Lhs {
					id, isID := ast.Unparen(lhs).(*ast.Ident)
					if !isID || info.ObjectOf(id) != v {
						continue
					}
					if len(n.Rhs) != len(n.Lhs) || !madePointer(info, body, n.Rhs[i]) || isSelf(info, n.Rhs[i], v) {
						ok = false
					} else {
						made = true
					}
				}
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if info.Defs[id] != v {
						continue
					}
					if i >= len(n.Values) || !madePointer(info, body, n.Values[i]) {
						ok = false
					} else {
						made = true
					}
				}
			case *ast.UnaryExpr:
				if id, isID := ast.Unparen(n.X).(*ast.Ident); isID && n.Op == token.AND && info.Uses[id] == v {
					ok = false // its address is taken: it may be set anywhere
				}
			}
			return ok
		})
		return ok && made
	}
	return false
}

// isSelf reports whether e is the variable v itself (x = x).
func isSelf(info *types.Info, e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && info.Uses[id] == v
}

// calleeOf is the function or method call calls, if static (not an
// interface method, not a function value).
func calleeOf(info *types.Info, call *ast.CallExpr) *types.Func {
	return typeutil.StaticCallee(info, call)
}

// DeadNilSide reports whether block b of fn can run only on the nil side
// of a test of the pointer result of a call of a NeverNil function, made
// where the call's error is nil: "if p == nil { return }" after "p, err
// := f(); if err != nil { return }", with f never giving nil without an
// error.
func DeadNilSide(pass *analysis.Pass, fn *ssa.Function, b *ssa.BasicBlock) bool {
	branches := ssaflow.NilBranches(fn)
	for _, nb := range branches {
		ex, ok := nb.X.(*ssa.Extract)
		if !ok || ex.Index != 0 || len(nb.Nil.Preds) != 1 || !nb.Nil.Dominates(b) {
			continue
		}
		call, ok := ex.Tuple.(*ssa.Call)
		if !ok || !Never(pass, crapi.Callee(call.Common())) {
			continue
		}
		// Reached only where the call's error is nil.
		for _, eb := range branches {
			if ex, ok := eb.X.(*ssa.Extract); ok && ex.Tuple == call && ex.Index == 1 && len(eb.Nil.Preds) == 1 && eb.Nil.Dominates(nb.Block) {
				return true
			}
		}
	}
	return false
}
