package lostctx

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// OwnContext is the fact of a function of the user's module that has no
// context.Context parameter and makes its own context (context.TODO() or
// context.Background()) for the calls it makes: its callers cannot give
// it theirs.
type OwnContext struct {
	// Made is the call that makes the context: "context.TODO()".
	Made string
}

// AFact marks OwnContext as a fact.
func (*OwnContext) AFact() {}

func (f *OwnContext) String() string { return "ownContext(" + f.Made + ")" }

// ownContexts returns, for each function of the package without a
// context.Context parameter, the context.TODO()/Background() calls of its
// body (its closures included, unless they have a context parameter of
// their own) whose context is handed to a call; and exports the fact of
// those functions that other packages can call.
func ownContexts(pass *analysis.Pass, funcs []*ssa.Function, ig *ignorer) map[*ssa.Function][]*ssa.Call {
	out := map[*ssa.Function][]*ssa.Call{}
	for _, fn := range funcs {
		if fn.Parent() != nil || fn.Synthetic != "" || len(contextParams(fn)) > 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		var made []*ssa.Call
		var visit func(f *ssa.Function)
		visit = func(f *ssa.Function) {
			for c := range ssaflow.Calls(f) {
				call, ok := c.(*ssa.Call)
				if !ok {
					continue
				}
				if callee := crapi.Callee(call.Common()); knowledge.FreshContext(callee) && ig.handedToCall(call) {
					made = append(made, call)
				}
			}
			for _, anon := range f.AnonFuncs {
				// fn has no context parameter: one in scope is the closure's own.
				if len(contextParams(anon)) == 0 {
					visit(anon)
				}
			}
		}
		visit(fn)
		if len(made) == 0 {
			continue
		}
		out[fn] = made
	}
	// The fact goes on the exported functions without a context that make
	// one themselves or call a function of the package that does.
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || fn.Parent() != nil || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for _, h := range withoutContext(fn, out) {
			if made := out[h.fn]; len(made) > 0 {
				pass.ExportObjectFact(obj, &OwnContext{Made: "context." + crapi.Callee(made[0].Common()).Name() + "()"})
				break
			}
		}
	}
	return out
}

// checkHelpers reports the helpers that make their own context while a
// function of the reconcile set calls them with a context in scope: at
// the context.TODO() of a helper of this package, at the call of a
// helper of another package of the module (or of one that takes a
// context and drops it, known by its DropsContext fact). It returns the
// contexts made by the package's helpers that it reported.
func checkHelpers(pass *analysis.Pass, set *reach.Reconcile, own map[*ssa.Function][]*ssa.Call) map[*ssa.Call]bool {
	reported := map[*ssa.Call]bool{}
	calls := reach.Of(pass).Calls()
	var dropped []droppedCall
	for _, fn := range set.Funcs {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		params := contextParams(fn)
		if len(params) == 0 {
			continue
		}
		for c := range ssaflow.Calls(fn) {
			if _, isGo := c.(*ssa.Go); isGo {
				continue
			}
			cc := c.Common()
			if callee := ssaflow.LocalCallee(cc, pass.Pkg); callee != nil {
				for _, h := range withoutContext(callee, own) {
					for _, made := range own[h.fn] {
						if reported[made] {
							continue
						}
						reported[made] = true
						reportHelper(pass, made, h, fn, params[0])
					}
				}
				// A function of the package handed to it, which it runs
				// (remediate(ctx, r.deleteResources), then rm() inside;
				// medik8s/self-node-remediation): the context in scope
				// here does not reach it either.
				for _, handed := range calls.Handed(cc) {
					for _, h := range withoutContext(handed, own) {
						h.handedTo = callee
						for _, made := range own[h.fn] {
							if reported[made] {
								continue
							}
							reported[made] = true
							reportHelper(pass, made, h, fn, params[0])
						}
					}
				}
				continue
			}
			obj := crapi.Callee(cc)
			if obj == nil || obj.Pkg() == nil || obj.Pkg() == pass.Pkg {
				continue
			}
			if d, ok := asDropped(pass, fn, c, obj, params[0]); ok {
				dropped = append(dropped, d)
				continue
			}
			var fact OwnContext
			if !pass.ImportObjectFact(obj, &fact) {
				continue
			}
			expr := ssaflow.CallExpr(fn, c)
			if expr == nil {
				continue
			}
			diag.Reportf(pass, expr, nil,
				"%s.%s makes its own %s for its API calls, so this reconcile's context (%s: its cancellation, any deadline and its logger) does not reach them; add a context.Context parameter to %s and pass %s",
				obj.Pkg().Name(), obj.Name(), fact.Made, ctxName(params[0]), obj.Name(), ctxName(params[0]))
		}
	}
	reportDropped(pass, dropped)
	return reported
}

// chained is a function without a context parameter, reached from a
// function with one through via (nil when called directly).
type chained struct {
	fn, via *ssa.Function
	// handedTo is the function of the package the chain's first function
	// is handed to as a value, which runs it; nil when it is called.
	handedTo *ssa.Function
}

// withoutContext returns callee, if it has no context parameter, and the
// functions of the package without one that it calls, up to three calls
// deep (IsObjectFound → FetchObject), each with the function the chain
// starts with.
func withoutContext(callee *ssa.Function, own map[*ssa.Function][]*ssa.Call) []chained {
	if len(contextParams(callee)) > 0 {
		return nil
	}
	out := []chained{{fn: callee}}
	seen := map[*ssa.Function]bool{callee: true}
	level := []*ssa.Function{callee}
	for depth := 0; depth < 3 && len(level) > 0; depth++ {
		var next []*ssa.Function
		for _, f := range level {
			for c := range ssaflow.Calls(f) {
				if _, isGo := c.(*ssa.Go); isGo {
					continue
				}
				g := ssaflow.LocalCallee(c.Common(), f.Pkg.Pkg)
				if g == nil || seen[g] || len(contextParams(g)) > 0 {
					continue
				}
				seen[g] = true
				next = append(next, g)
				out = append(out, chained{fn: g, via: callee})
			}
		}
		level = next
	}
	return out
}

func reportHelper(pass *analysis.Pass, made *ssa.Call, h chained, caller *ssa.Function, ctx *types.Var) {
	helper := h.fn
	expr := ssaflow.CallExpr(helper, made)
	if expr == nil {
		expr = ssaflow.CallExpr(made.Parent(), made)
	}
	if expr == nil || ssapkg.InTestCode(pass, expr.Pos()) {
		return
	}
	what := "context." + crapi.Callee(made.Common()).Name() + "()"
	if h.handedTo != nil {
		chain := funcName(helper)
		if h.via != nil {
			chain = funcName(helper) + ", which " + funcName(h.via) + " calls,"
		}
		diag.Reportf(pass, expr, nil,
			"%s drops the context of the reconcile: %s has no context.Context parameter, and %s hands %s to %s, which runs it, with %s in scope; add a ctx parameter to %s (and to the function type that carries it) and pass %s",
			what, chain, funcName(caller), funcName(ssaflow.Declared(firstOf(h))), funcName(h.handedTo), ctxName(ctx), funcName(firstOf(h)), ctxName(ctx))
		return
	}
	if h.via != nil {
		diag.Reportf(pass, expr, nil,
			"%s drops the context of the reconcile: %s has no context.Context parameter, nor has %s, which %s calls with %s in scope; add a ctx parameter to both and pass %s",
			what, funcName(helper), funcName(h.via), funcName(caller), ctxName(ctx), ctxName(ctx))
		return
	}
	diag.Reportf(pass, expr, nil,
		"%s drops the context of the reconcile: %s has no context.Context parameter, but %s calls it with %s in scope; add a ctx parameter to %s and pass %s",
		what, funcName(helper), funcName(caller), ctxName(ctx), funcName(helper), ctxName(ctx))
}

func funcName(fn *ssa.Function) string {
	fn = ssaflow.Declared(fn)
	if obj, ok := fn.Object().(*types.Func); ok {
		if recv := obj.Signature().Recv(); recv != nil {
			if n := crapi.Named(recv.Type()); n != nil {
				return n.Obj().Name() + "." + obj.Name()
			}
		}
		return obj.Name()
	}
	return fn.Name()
}

func ctxName(v *types.Var) string {
	if named(v) {
		return v.Name()
	}
	return "the context"
}

// firstOf returns the function a chain starts with: the one called or
// handed on.
func firstOf(h chained) *ssa.Function {
	if h.via != nil {
		return h.via
	}
	return h.fn
}
