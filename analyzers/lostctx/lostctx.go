package lostctx

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports context.Background() and context.TODO() in reconcile
// code that has a context.Context parameter in scope.
var Analyzer = &analysis.Analyzer{
	Name:     "lostctx",
	Doc:      checkdoc.MustExtract(doc, "lostctx"),
	URL:      "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/lostctx.md",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	funcs := prog.SrcFuncs()
	if len(funcs) == 0 {
		return nil, nil
	}
	recs := crapi.Reconcilers(funcs)
	if len(recs) == 0 {
		return nil, nil
	}
	r := newReach(pass, prog.Package(), funcs)
	for _, rec := range recs {
		r.add(rec.Fn)
	}
	r.run()
	for _, fn := range funcs { // source order
		if r.seen[fn] {
			check(pass, fn)
		}
	}
	return nil, nil
}

// reach computes the functions of the package that run as part of a
// reconcile: the reconcile functions, the package's functions and methods
// they call statically or through an interface the package's own types
// implement, and closures they call, defer or hand to a call. A function or
// closure started by a go statement is not followed: it may outlive the
// reconcile and may detach from its context on purpose.
type reach struct {
	pass  *analysis.Pass
	pkg   *ssa.Package
	src   map[*ssa.Function]bool
	seen  map[*ssa.Function]bool
	queue []*ssa.Function
	impls map[*types.Func][]*ssa.Function
	types []types.Type // the package's named non-interface, non-generic types
}

func newReach(pass *analysis.Pass, pkg *ssa.Package, funcs []*ssa.Function) *reach {
	r := &reach{
		pass:  pass,
		pkg:   pkg,
		src:   map[*ssa.Function]bool{},
		seen:  map[*ssa.Function]bool{},
		impls: map[*types.Func][]*ssa.Function{},
	}
	for _, fn := range funcs {
		r.src[fn] = true
	}
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
			continue
		}
		r.types = append(r.types, named)
	}
	return r
}

// add queues fn, or the source function behind a wrapper or an
// instantiation, if it is one of the package's.
func (r *reach) add(fn *ssa.Function) {
	if fn == nil {
		return
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Synthetic != "" {
		// A bound method or thunk wrapper: the method it calls.
		obj, ok := fn.Object().(*types.Func)
		if !ok || r.pkg == nil {
			return
		}
		fn = r.pkg.Prog.FuncValue(obj)
		if fn == nil {
			return
		}
	}
	if !r.src[fn] || r.seen[fn] {
		return
	}
	r.seen[fn] = true
	r.queue = append(r.queue, fn)
}

func (r *reach) run() {
	for len(r.queue) > 0 {
		fn := r.queue[0]
		r.queue = r.queue[1:]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Go:
					// Runs on its own: neither the callee nor the
					// closures handed to it.
				case ssa.CallInstruction:
					r.call(instr.Common())
				}
			}
		}
	}
}

func (r *reach) call(cc *ssa.CallCommon) {
	if cc.IsInvoke() {
		for _, m := range r.implementations(cc) {
			r.add(m)
		}
	} else if callee := cc.StaticCallee(); callee != nil {
		r.add(callee)
	}
	if asyncCallee(crapi.Callee(cc)) {
		return
	}
	// Functions handed to a call (retry.RetryOnConflict(backoff, func()
	// error {...}), wait.PollUntilContextTimeout) run during the call.
	for _, arg := range cc.Args {
		switch v := arg.(type) {
		case *ssa.ChangeType: // to a named func type (wait.ConditionWithContextFunc)
			arg = v.X
		case *ssa.MakeInterface:
			arg = v.X
		}
		switch v := arg.(type) {
		case *ssa.MakeClosure:
			if f, ok := v.Fn.(*ssa.Function); ok {
				r.add(f)
			}
		case *ssa.Function:
			r.add(v)
		}
	}
}

// asyncCallee reports the standard functions known to run a function they
// are given after they return.
func asyncCallee(fn *types.Func) bool {
	return crapi.IsFunc(fn, "time", "AfterFunc")
}

// implementations returns the methods of the package's own types that an
// interface method call may invoke.
func (r *reach) implementations(cc *ssa.CallCommon) []*ssa.Function {
	m := cc.Method
	if m == nil || r.pkg == nil {
		return nil
	}
	if impls, ok := r.impls[m]; ok {
		return impls
	}
	var out []*ssa.Function
	iface, _ := cc.Value.Type().Underlying().(*types.Interface)
	if iface != nil {
		for _, t := range r.types {
			recv := t
			if !types.Implements(recv, iface) {
				recv = types.NewPointer(t)
				if !types.Implements(recv, iface) {
					continue
				}
			}
			obj, _, _ := types.LookupFieldOrMethod(recv, false, m.Pkg(), m.Name())
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() != r.pass.Pkg {
				continue
			}
			if f := r.pkg.Prog.FuncValue(fn); f != nil {
				out = append(out, f)
			}
		}
	}
	r.impls[m] = out
	return out
}

// check reports the context.Background() and context.TODO() calls in the
// body of fn itself (not in its closures, which are functions of their
// own) when a context.Context parameter is in scope.
func check(pass *analysis.Pass, fn *ssa.Function) {
	var body *ast.BlockStmt
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		body = syn.Body
	case *ast.FuncLit:
		body = syn.Body
	}
	if body == nil {
		return
	}
	if pass.Fset.File(body.Pos()) == nil || ssapkg.InTestFile(pass, body.Pos()) {
		return
	}
	params := contextParams(fn)
	if len(params) == 0 {
		return
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			callee, _ := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
			if len(n.Args) == 0 && crapi.IsFuncIn(callee, "context", "Background", "TODO") {
				report(pass, n, callee, params)
			}
		}
		return true
	})
}

// contextParams returns the named and unnamed context.Context parameters
// of fn and of the functions enclosing it, innermost first.
func contextParams(fn *ssa.Function) []*types.Var {
	var out []*types.Var
	for f := fn; f != nil; f = f.Parent() {
		params := f.Signature.Params()
		for i := 0; i < params.Len(); i++ {
			if p := params.At(i); crapi.IsContext(p.Type()) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

func named(v *types.Var) bool {
	return v.Name() != "" && v.Name() != "_"
}

func report(pass *analysis.Pass, call *ast.CallExpr, callee *types.Func, params []*types.Var) {
	what := "context." + callee.Name() + "()"
	inner := params[0]
	if !named(inner) {
		// An unnamed or blank parameter: name one to use.
		for _, p := range params[1:] {
			if named(p) {
				diag.Reportf(pass, call, nil,
					"%s drops the context of the reconcile (its cancellation, deadline and logger); name the context.Context parameter of the enclosing function literal and pass it instead", what)
				return
			}
		}
		diag.Reportf(pass, call, nil,
			"%s drops the context of the reconcile (its cancellation, deadline and logger); name the enclosing function's context.Context parameter and pass it instead", what)
		return
	}
	var fixes []analysis.SuggestedFix
	if edits, ok := fixEdits(pass, call, inner); ok {
		fixes = []analysis.SuggestedFix{{
			Message:   "Pass " + inner.Name(),
			TextEdits: edits,
		}}
	}
	diag.Reportf(pass, call, fixes,
		"%s drops %s, the context of the reconcile (its cancellation, deadline and logger); pass %s instead, or context.WithoutCancel(%s) to detach from its cancellation on purpose", what, inner.Name(), inner.Name(), inner.Name())
}

// fixEdits replaces call with the name of p, if that name means p at the
// call. diag.Report removes the import of package context when the call
// was its last use in the file.
func fixEdits(pass *analysis.Pass, call *ast.CallExpr, p *types.Var) ([]analysis.TextEdit, bool) {
	file := diag.File(pass, call.Pos())
	if file == nil {
		return nil, false
	}
	scope := pass.TypesInfo.Scopes[file]
	if scope == nil {
		return nil, false
	}
	if s := scope.Innermost(call.Pos()); s != nil {
		scope = s
	}
	if _, obj := scope.LookupParent(p.Name(), call.Pos()); obj != p {
		return nil, false // shadowed
	}
	if _, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok {
		// context is dot-imported: removing its last use would leave
		// an unused import that nothing prunes.
		return nil, false
	}
	return []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(p.Name())}}, true
}
