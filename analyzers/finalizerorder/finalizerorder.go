package finalizerorder

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports finalizers added before deletion is handled.
var Analyzer = &analysis.Analyzer{
	Name:     "finalizerorder",
	Doc:      checkdoc.MustExtract(doc, "finalizerorder"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	funcs := ssapkg.Of(pass).SrcFuncs()
	callers := ssapkg.Of(pass).Callers(pass)
	for _, fn := range funcs {
		// Tests write to fakes and envtest: not the objects of a cluster.
		if len(fn.Blocks) == 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		check(pass, objs, callers, fn)
	}
	return nil, nil
}

func check(pass *analysis.Pass, objs *objects.Result, callers map[*ssa.Function][]ssa.CallInstruction, fn *ssa.Function) {
	ev := objs.Lifecycle(fn)
	adds, reads := ev.Additions, ev.Reads
	if len(adds) == 0 {
		return
	}
	done := map[ssa.Value]bool{}
next:
	for _, add := range adds {
		x := objs.Key(fn, add.Obj)
		if x == nil || done[x] {
			continue
		}
		// Read from the server here: an object made by this reconcile,
		// or handed in by a caller that may have handled deletion, is
		// not known to be possibly terminating.
		st := objs.Steps(fn, add.Instr, add.Obj)
		if !st.Fetched() {
			continue
		}
		if refetchedLive(callers, objs, fn, st) {
			continue // the callers handled its deletion
		}
		for _, r := range reads {
			// A helper that adds the finalizer and reads the deletion
			// state (cluster-api's finalizers.EnsureFinalizer) guards
			// the addition itself.
			if objs.Same(fn, r.Obj, add.Obj) && (r.Instr == add.Instr || ssaflow.MayPrecede(r.Instr, add.Instr)) {
				continue next // its deletion state is looked at first
			}
		}
		write := writeAfter(objs, fn, add)
		if write == nil {
			continue // not sent here: whoever writes it decides
		}
		done[x] = true
		report(pass, fn, add, write)
	}
}

// refetchedLive reports whether every fetch of the object (st's starts)
// reads it by a key fn is handed (a parameter the fetch depends on) that
// every call of fn builds from an object its caller has seen live, up to
// three levels of callers: the callers handled its deletion, and this is
// a re-read of the same object (external-secrets' addNamespaceFinalizer,
// given namespace.Name by a loop that skips terminating namespaces).
func refetchedLive(callers map[*ssa.Function][]ssa.CallInstruction, objs *objects.Result, fn *ssa.Function, st objects.Steps) bool {
	n := 0
	for instr, ev := range st.Starts {
		if ev != objects.Fetched {
			continue
		}
		var call ssa.CallInstruction
		switch instr := instr.(type) {
		case ssa.CallInstruction:
			call = instr
		case *ssa.Extract: // obj, err := r.getNamespace(ctx, name)
			c, ok := instr.Tuple.(*ssa.Call)
			if !ok {
				return false
			}
			call = c
		default:
			return false
		}
		handed := false
		for i, p := range fn.Params {
			roots := map[ssa.Value]bool{p: true}
			dep := false
			for _, a := range call.Common().Args {
				if ssaflow.DependsOn(a, roots) {
					dep = true
				}
			}
			if dep && keyFromLive(callers, objs, fn, i) {
				handed = true
				break
			}
		}
		if !handed {
			return false
		}
		n++
	}
	return n > 0
}

// keyFromLive reports whether every call of fn passes as parameter i the
// name or key of an object (o.Name, o.GetName(),
// client.ObjectKeyFromObject(o)) that its caller has seen live.
func keyFromLive(callers map[*ssa.Function][]ssa.CallInstruction, objs *objects.Result, fn *ssa.Function, i int) bool {
	sites := callers[fn]
	for _, site := range sites {
		cc := site.Common()
		if cc.IsInvoke() || i >= len(cc.Args) {
			return false
		}
		o := objects.KeyedObject(cc.Args[i])
		if o == nil || !lifecycle.ObjectLiveAt(callers, site.Parent(), site.Block(), o, objs, objs.Same) {
			return false
		}
	}
	return len(sites) > 0
}

// writeAfter returns a write of add's object that may follow the
// addition: a client Update or Patch of the main resource, a call of a
// helper that writes it (the addition itself, for a helper that adds and
// writes), or a deferred write, which runs when the function returns.
func writeAfter(objs *objects.Result, fn *ssa.Function, add lifecycle.FinalizerOp) ssa.Instruction {
	if _, ev := objs.EffectOf(fn, add.Instr, add.Obj); ev == objects.Written {
		return add.Instr
	}
	for call := range ssaflow.Calls(fn) {
		if !ssaflow.MayPrecede(add.Instr, call) {
			continue
		}
		if c, args, ok := crapi.ClientCallSSA(call.Common()); ok {
			if (c.Method == crapi.Update || c.Method == crapi.Patch) && !crapi.IsStatusWrite(call.Common(), c) &&
				len(args) >= 2 && objs.Same(fn, args[1], add.Obj) {
				return call
			}
			continue
		}
		if _, ev := objs.EffectOf(fn, call, add.Obj); ev == objects.Written {
			return call
		}
	}
	// A deferred patch (a library's patch helper) sends it on return.
	return objs.DeferredWrite(fn, add.Instr, add.Obj)
}

func report(pass *analysis.Pass, fn *ssa.Function, add lifecycle.FinalizerOp, write ssa.Instruction) {
	call, ok := add.Instr.(ssa.CallInstruction)
	if !ok {
		return
	}
	expr := ssaflow.CallExpr(fn, call)
	if expr == nil {
		return
	}
	obj := "the object"
	for i, a := range crapi.CallArgs(call.Common()) {
		if ssaflow.Strip(a) == add.Obj && i < len(expr.Args) {
			obj = types.ExprString(unaddr(expr.Args[i]))
		}
	}
	what := "its finalizer is added"
	if name := add.FinalizerName(); name != "" {
		what = fmt.Sprintf("finalizer %q is added", name)
	} else if add.Finalizer == nil {
		what = "a finalizer is added (by " + types.ExprString(expr.Fun) + ")"
	}
	var related []analysis.RelatedInformation
	if write != add.Instr && write.Pos().IsValid() {
		related = append(related, analysis.RelatedInformation{Pos: write.Pos(), Message: "written here"})
	}
	diag.Report(pass, analysis.Diagnostic{
		Pos: expr.Pos(), End: expr.End(), Related: related,
		Message: fmt.Sprintf("%s to %s, and written, before its deletion state is looked at: once %s is terminating without it, the API server refuses the write (no new finalizers can be added if the object is being deleted), so every reconcile fails there and never reaches the cleanup; handle deletion first, and add the finalizer only when the deletion timestamp is not set",
			what, obj, obj),
	})
}

func unaddr(e ast.Expr) ast.Expr {
	if u, ok := ast.Unparen(e).(*ast.UnaryExpr); ok && u.Op.String() == "&" {
		return u.X
	}
	return e
}
