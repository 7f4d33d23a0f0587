package lostctx

import (
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// DropsContext is the fact of an exported function of the user's module
// that has a context.Context parameter, yet the code it runs synchronously
// makes its own context (context.TODO() or context.Background()) for a
// call where that parameter is in scope, or calls a function without a
// context parameter that does. A reconcile of another package that calls
// it with its ctx loses that ctx there, as it would in its own package's
// code; the helper's package cannot tell, having no reconcile to reach it.
type DropsContext struct {
	// Made is the call that makes the context: "context.TODO()".
	Made string
	// Where says where: "at kube.go:14", or "through kube.Get" for a
	// function of another package of the module seen through its fact.
	Where string
}

// AFact marks DropsContext as a fact.
func (*DropsContext) AFact() {}

func (f *DropsContext) String() string { return "dropsContext(" + f.Made + " " + f.Where + ")" }

// exportDropped exports the DropsContext fact of the package's exported
// functions with a context parameter. What the package's own reconcile set
// runs was reported in this package already (reported: the contexts made
// by helpers without a context and reported at their context.TODO()); it
// does not make the fact, so that a caller elsewhere does not report it
// again.
func exportDropped(pass *analysis.Pass, funcs []*ssa.Function, set *reach.Reconcile, own map[*ssa.Function][]*ssa.Call, reported map[*ssa.Call]bool, ig *ignorer) {
	succ := map[*ssa.Function][]*ssa.Function{}
	successors := func(f *ssa.Function) []*ssa.Function {
		s, ok := succ[f]
		if !ok {
			s = set.Calls.Successors(f, nil)
			succ[f] = s
		}
		return s
	}
	// drop memoises what one function of the package drops by itself.
	drop := map[*ssa.Function]*DropsContext{}
	dropOf := func(f *ssa.Function) *DropsContext {
		d, ok := drop[f]
		if !ok {
			d = dropsIn(pass, f, set, own, reported, ig)
			drop[f] = d
		}
		return d
	}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || fn.Parent() != nil || fn.Synthetic != "" || len(contextParams(fn)) == 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		seen := map[*ssa.Function]bool{fn: true}
		queue := []*ssa.Function{fn}
		for len(queue) > 0 {
			f := queue[0]
			queue = queue[1:]
			if d := dropOf(f); d != nil {
				pass.ExportObjectFact(obj, d)
				break
			}
			for _, g := range successors(f) {
				if !seen[g] {
					seen[g] = true
					queue = append(queue, g)
				}
			}
		}
	}
}

// dropsIn returns what f itself drops while a context parameter is in
// scope, if nothing reported it in this package: a context.TODO() or
// context.Background() handed to a call, a function of the package without
// a context that makes one (up to three calls down, as for a reconcile),
// or a function of another package of the module known to by its fact.
func dropsIn(pass *analysis.Pass, f *ssa.Function, set *reach.Reconcile, own map[*ssa.Function][]*ssa.Call, reported map[*ssa.Call]bool, ig *ignorer) *DropsContext {
	if len(contextParams(f)) == 0 || ssapkg.InTestCode(pass, f.Pos()) || diag.IsGenerated(pass, f.Pos()) {
		return nil
	}
	inSet := set.Has(f) // its own calls were reported by check and checkHelpers
	for c := range ssaflow.Calls(f) {
		if _, isGo := c.(*ssa.Go); isGo {
			continue
		}
		cc := c.Common()
		callee := crapi.Callee(cc)
		if call, ok := c.(*ssa.Call); ok && !inSet && knowledge.FreshContext(callee) && ig.handedToCall(call) {
			return &DropsContext{Made: made(call), Where: "at " + position(pass, call.Pos())}
		}
		if local := ssaflow.LocalCallee(cc, pass.Pkg); local != nil {
			for _, h := range withoutContext(local, own) {
				for _, m := range own[h.fn] {
					if !reported[m] && !ssapkg.InTestCode(pass, m.Pos()) && !diag.IsGenerated(pass, m.Pos()) {
						return &DropsContext{Made: made(m), Where: "at " + position(pass, m.Pos())}
					}
				}
			}
			continue
		}
		if inSet || callee == nil || callee.Pkg() == nil || callee.Pkg() == pass.Pkg {
			continue
		}
		var ownFact OwnContext
		if pass.ImportObjectFact(callee, &ownFact) {
			return &DropsContext{Made: ownFact.Made, Where: "through " + callee.Pkg().Name() + "." + callee.Name()}
		}
		var dropFact DropsContext
		if pass.ImportObjectFact(callee, &dropFact) {
			return &DropsContext{Made: dropFact.Made, Where: "through " + callee.Pkg().Name() + "." + callee.Name()}
		}
	}
	return nil
}

func made(call *ssa.Call) string {
	return "context." + crapi.Callee(call.Common()).Name() + "()"
}

func position(pass *analysis.Pass, pos token.Pos) string {
	p := pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// droppedCall is a call, in fn of the reconcile set with ctx in scope, of
// a function of another package of the module that drops its own context
// parameter (obj, with its fact).
type droppedCall struct {
	fn   *ssa.Function
	call ssa.CallInstruction
	obj  *types.Func
	ctx  *types.Var
	fact DropsContext
}

// asDropped returns the call c as a droppedCall if obj has the
// DropsContext fact.
func asDropped(pass *analysis.Pass, fn *ssa.Function, c ssa.CallInstruction, obj *types.Func, ctx *types.Var) (droppedCall, bool) {
	var fact DropsContext
	if !pass.ImportObjectFact(obj, &fact) {
		return droppedCall{}, false
	}
	return droppedCall{fn: fn, call: c, obj: obj, ctx: ctx, fact: fact}, true
}

// reportDropped reports the calls of helpers that drop their context
// parameter, once per context made (the same context.TODO() reached
// through several helpers, or the same helper called many times, is one
// fix): at the first call in the file order, counting the others.
func reportDropped(pass *analysis.Pass, calls []droppedCall) {
	type root struct{ pkg, made, where string }
	byRoot := map[root][]droppedCall{}
	var order []root
	for _, d := range calls {
		k := root{d.obj.Pkg().Path(), d.fact.Made, d.fact.Where}
		if _, ok := byRoot[k]; !ok {
			order = append(order, k)
		}
		byRoot[k] = append(byRoot[k], d)
	}
	for _, k := range order {
		ds := byRoot[k]
		sort.Slice(ds, func(i, j int) bool { return ds[i].call.Pos() < ds[j].call.Pos() })
		d := ds[0]
		expr := ssaflow.CallExpr(d.fn, d.call)
		if expr == nil {
			continue
		}
		name := d.obj.Name()
		if recv := d.obj.Signature().Recv(); recv != nil {
			if n := crapi.Named(recv.Type()); n != nil {
				name = n.Obj().Name() + "." + name
			}
		}
		more := ""
		if n := len(ds) - 1; n == 1 {
			more = " (1 other call of this package reaches it too)"
		} else if n > 1 {
			more = fmt.Sprintf(" (%d other calls of this package reach it too)", n)
		}
		diag.Reportf(pass, expr, nil,
			"%s.%s takes a context.Context but makes its own %s for its calls (%s)%s, so this reconcile's context (%s: its cancellation, any deadline and its logger) does not reach them; pass its context parameter there instead",
			d.obj.Pkg().Name(), name, d.fact.Made, d.fact.Where, more, ctxName(d.ctx))
	}
}
