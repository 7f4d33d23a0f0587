package lostctx

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
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports context.Background() and context.TODO() in reconcile
// code that has a context.Context parameter in scope.
var Analyzer = &analysis.Analyzer{
	Name:      "lostctx",
	Doc:       checkdoc.MustExtract(doc, "lostctx"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, reach.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(OwnContext), new(DropsContext), new(Implementations)},
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil
	}
	ig := newIgnorer(pass)
	ig.exportImplementations()
	prog := ssapkg.Of(pass)
	funcs := prog.SrcFuncs()
	own := ownContexts(pass, funcs, ig)
	set := reach.Of(pass).Reconcile()
	for _, fn := range set.Funcs {
		check(pass, fn, ig)
	}
	reported := checkHelpers(pass, set, own)
	exportDropped(pass, funcs, set, own, reported, ig)
	for _, fn := range funcs {
		checkDiscarded(pass, fn)
	}
	return nil, nil
}

// check reports the context.Background() and context.TODO() calls in the
// body of fn itself (not in its closures, which are functions of their
// own) when a context.Context parameter is in scope, unless the context
// made is detached: only goroutines or callees that ignore it use it.
func check(pass *analysis.Pass, fn *ssa.Function, ig *ignorer) {
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
	if pass.Fset.File(body.Pos()) == nil || ssapkg.InTestCode(pass, body.Pos()) {
		return
	}
	params := contextParams(fn)
	if len(params) == 0 {
		return
	}
	made := map[token.Pos]*ssa.Call{}
	for call := range ssaflow.PlainCalls(fn) {
		if knowledge.FreshContext(crapi.Callee(call.Common())) {
			made[call.Pos()] = call
		}
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			callee, _ := typeutil.Callee(pass.TypesInfo, n).(*types.Func)
			if len(n.Args) == 0 && knowledge.FreshContext(callee) && !ig.detached(made[n.Lparen], 0) {
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
					"%s drops the context of the reconcile (its cancellation, any deadline and its logger); name the context.Context parameter of the enclosing function literal and pass it instead", what)
				return
			}
		}
		diag.Reportf(pass, call, nil,
			"%s drops the context of the reconcile (its cancellation, any deadline and its logger); name the enclosing function's context.Context parameter and pass it instead", what)
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
		"%s drops %s, the context of the reconcile (its cancellation, any deadline and its logger); pass %s instead, or context.WithoutCancel(%s) to detach from its cancellation on purpose", what, inner.Name(), inner.Name(), inner.Name())
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
