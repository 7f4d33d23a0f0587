package enqueueobject

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports Watches of another kind than For that enqueue the
// watched object's own key.
var Analyzer = &analysis.Analyzer{
	Name:     "enqueueobject",
	Doc:      checkdoc.MustExtract(doc, "enqueueobject"),
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer, ssapkg.Analyzer, ownership.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	model, _ := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if model == nil {
		return nil, nil
	}
	reported := map[*ctrlmodel.Call]bool{}
	for _, ch := range model.Chains {
		forType := forOf(ch)
		if forType == nil || ignoresRequest(pass, ch) {
			continue
		}
		for _, c := range append(ch.Find(ctrlmodel.Watches), ch.Find(ctrlmodel.WatchesMetadata)...) {
			if reported[c] || c.Handler == nil || c.Handler.Kind != ctrlmodel.HandlerForObject ||
				c.Object == nil || ctrlmodel.DynamicKind(c.Object) || types.Identical(c.Object, forType) ||
				ssapkg.InTestCode(pass, c.Pos) {
				continue
			}
			reported[c] = true
			target := kindName(forType)
			msg := fmt.Sprintf("%s on a controller For %s enqueues each %s's own name: the reconcile looks up a %s of that name, which exists only where the two share names, so the %s the event concerns is not reconciled; map the event with handler.EnqueueRequestForOwner (Owns) or handler.EnqueueRequestsFromMapFunc",
				c, crapi.ObjectTypeString(forType), kindName(c.Object), target, target)
			// A fix only where the module makes For objects the controllers
			// of T objects: otherwise which mapping is right depends on how
			// T refers to the For object (a label, a field).
			d := analysis.Diagnostic{Pos: c.Pos, End: c.End, Message: msg}
			if fix, ok := ownsFix(pass, c, forType); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			diag.Report(pass, d)
		}
	}
	return nil, nil
}

// ownsFix turns Watches(&T{}, &handler.EnqueueRequestForObject{}, opts...)
// into Owns(&T{}, opts...) — EnqueueRequestForOwner of the For type, only
// controller owners — when the code of the module gives T objects
// controller references to For objects (the ownership layer's edges).
func ownsFix(pass *analysis.Pass, c *ctrlmodel.Call, forType types.Type) (analysis.SuggestedFix, bool) {
	if c.Method != ctrlmodel.Watches || c.Expr == nil || c.Expr.Ellipsis.IsValid() || len(c.Expr.Args) < 2 {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := c.Expr.Fun.(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	owned := false
	for _, k := range ownership.TypeKeys(forType) {
		owned = owned || slices.Contains(ownership.Of(pass).OwnerKeys(c.Object, true), k)
	}
	if !owned {
		return analysis.SuggestedFix{}, false
	}
	// Remove the handler with the comma before it.
	end := c.Expr.Args[1].End()
	return analysis.SuggestedFix{
		Message: "watch with Owns",
		TextEdits: []analysis.TextEdit{
			{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("Owns")},
			{Pos: c.Expr.Args[0].End(), End: end},
		},
	}, true
}

// forOf returns the chain's For type when it is one known kind.
func forOf(ch *ctrlmodel.Chain) types.Type {
	var t types.Type
	for _, f := range ch.Find(ctrlmodel.For) {
		if f.Object == nil || ctrlmodel.DynamicKind(f.Object) || t != nil && !types.Identical(t, f.Object) {
			return nil
		}
		t = f.Object
	}
	return t
}

// ignoresRequest reports whether the chain's reconciler, declared in this
// package, never reads the request it is given but to log it (a Reconcile
// that syncs everything whatever the event, as fluent-operator's config
// controllers do): then any key will do.
func ignoresRequest(pass *analysis.Pass, ch *ctrlmodel.Chain) bool {
	recs := ch.Reconcilers()
	if len(recs) == 0 {
		return false
	}
	for _, t := range recs {
		obj, _, _ := types.LookupFieldOrMethod(t, true, pass.Pkg, "Reconcile")
		m, ok := obj.(*types.Func)
		if !ok || m.Pkg() != pass.Pkg || !crapi.IsReconcileMethod(m) {
			return false
		}
		pkg := ssapkg.Of(pass).Package()
		if pkg == nil {
			return false
		}
		fn := pkg.Prog.FuncValue(m)
		if fn == nil {
			return false
		}
		rec, ok := crapi.ReconcilerOf(fn, nil)
		if !ok || !onlyLogged(rec.Req, map[ssa.Value]bool{}, 0) {
			return false
		}
	}
	return true
}

// onlyLogged reports whether every use of v, a value derived from the
// request, only logs it or formats it for a log (logr's WithValues, a
// message built with fmt.Sprintf that is only logged): no key is built from
// it, no helper is given it.
func onlyLogged(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if seen[v] {
		return true
	}
	if depth > 12 {
		return false
	}
	seen[v] = true
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Field, *ssa.FieldAddr, *ssa.UnOp, *ssa.MakeInterface, *ssa.ChangeType, *ssa.Convert,
			*ssa.Extract, *ssa.Phi, *ssa.Slice, *ssa.IndexAddr:
			if !onlyLogged(x.(ssa.Value), seen, depth+1) {
				return false
			}
		case *ssa.Store:
			if x.Val != v {
				continue // a store into memory v denotes (a variadic's array)
			}
			// Into a local: a variable, or the array of a variadic call's
			// arguments, whose uses are its own.
			a := ssaflow.RootAlloc(x.Addr)
			if a == nil || !onlyLogged(a, seen, depth+1) {
				return false
			}
		case ssa.CallInstruction:
			switch crapi.ClassifyLogCall(x.Common()) {
			case crapi.LogWrite, crapi.LogCarry:
			case crapi.LogPure:
				// A formatted value may yet become a key: follow it.
				if call, ok := x.(*ssa.Call); ok && !onlyLogged(call, seen, depth+1) {
					return false
				}
			default:
				return false
			}
		default:
			return false
		}
	}
	return true
}

// kindName is the name of the object type t: "Secret" for *corev1.Secret.
func kindName(t types.Type) string {
	if n := crapi.Named(t); n != nil {
		return n.Obj().Name()
	}
	return crapi.ObjectTypeString(t)
}
