package finalizerlock

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

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

// Analyzer reports merge patches of finalizers without an optimistic lock.
var Analyzer = &analysis.Analyzer{
	Name:     "finalizerlock",
	Doc:      checkdoc.MustExtract(doc, "finalizerlock"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	prog := ssapkg.Of(pass)
	callers := callSites(prog.Callers(pass))
	for _, fn := range slices.Concat(prog.SrcFuncs(), prog.InitFuncs()) {
		// Tests write to fakes and envtest: not the objects of a cluster.
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for _, site := range crapi.ClientCalls(fn) {
			// The main resource only: a status patch carries no metadata.
			if site.Method != crapi.Patch || site.SubResource || len(site.Args) < 3 {
				continue
			}
			mf, base, ok := objects.MergeBase(site.Args[2])
			if !ok || !crapi.IsFuncIn(crapi.Callee(mf.Common()), crapi.ClientPkg, "MergeFrom", "MergeFromWithOptions") {
				continue // a strategic merge patch merges finalizers and owner references
			}
			obj := ssaflow.Strip(site.Args[1])
			orig, isCopy := objects.DeepCopyOf(base)
			if !isCopy || !objs.Same(fn, orig, obj) {
				continue // mergebase's case, or a base we cannot relate to obj
			}
			expr := ssaflow.CallExpr(fn, mf)
			if expr == nil || expr.Ellipsis.IsValid() || locks(pass, expr) {
				continue
			}
			steps := objs.StepsUntil(fn, site.Call, obj, map[ssa.Instruction]bool{ssaflow.Strip(base).(ssa.Instruction): true})
			list := objs.SharedList(fn, steps, obj)
			// The API server refuses new finalizers on a terminating object:
			// none can be added in between to be lost, and a concurrent
			// removal makes the patch fail. Owner references still can.
			skip := ""
			if callers.terminating(objs, fn, site.Call.Block(), obj, orig, 0) {
				skip = "Finalizers"
				if list == skip {
					list = ""
					if steps.Names["OwnerReferences"] {
						list = "OwnerReferences"
					}
				}
			}
			var related []analysis.RelatedInformation
			if list == "" {
				// patch(ctx, obj, func(o *T) { controllerutil.AddFinalizer(o, f) }):
				// the change comes from the callers, as a function value.
				list, related = callers.passedChange(objs, fn, steps, skip)
			}
			if list == "" {
				continue
			}
			for _, c := range steps.Changes {
				if eff, _ := objs.EffectOf(fn, c, obj); (eff.Names[list] || eff.Strong&objects.Meta != 0) && c.Pos().IsValid() {
					related = append(related, analysis.RelatedInformation{Pos: c.Pos(), Message: "changed here"})
				}
			}
			slices.SortFunc(related, func(a, b analysis.RelatedInformation) int { return int(a.Pos - b.Pos) })
			what := "finalizer list"
			owner := "a finalizer another controller added"
			consequence := "its cleanup does not run if the object is deleted before that controller adds it again"
			if list == "OwnerReferences" {
				what, owner, consequence = "owner reference list", "an owner reference another controller set", "the garbage collector no longer sees that owner"
			}
			d := analysis.Diagnostic{
				Pos: expr.Pos(), End: expr.End(), Related: related,
				Message: "this merge patch replaces the object's whole " + what + " (." + list + ") with the one this reconcile read: " + owner + " in between is dropped without an error, and " + consequence + "; add client.MergeFromWithOptimisticLock{} so that the patch fails with a conflict instead and the reconcile retries",
			}
			if fix, ok := lockFix(pass, expr); ok {
				d.SuggestedFixes = []analysis.SuggestedFix{fix}
			}
			diag.Report(pass, d)
		}
	}
	return nil, nil
}

// locks reports whether the MergeFromWithOptions call expr is given
// client.MergeFromWithOptimisticLock.
func locks(pass *analysis.Pass, expr *ast.CallExpr) bool {
	for _, a := range expr.Args[1:] {
		if t := pass.TypesInfo.TypeOf(a); t != nil && crapi.IsNamed(t, crapi.ClientPkg, crapi.MergeFromLock) {
			return true
		}
	}
	return false
}

// lockFix adds the option: client.MergeFrom(b) becomes
// client.MergeFromWithOptions(b, client.MergeFromWithOptimisticLock{});
// MergeFromWithOptions gets it as its last argument. The package is named
// as the call names it; no fix when the call is not pkg.Func(...).
func lockFix(pass *analysis.Pass, expr *ast.CallExpr) (analysis.SuggestedFix, bool) {
	sel, ok := ast.Unparen(expr.Fun).(*ast.SelectorExpr)
	if !ok || len(expr.Args) == 0 {
		return analysis.SuggestedFix{}, false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	if _, isPkg := pass.TypesInfo.Uses[id].(*types.PkgName); !isPkg {
		return analysis.SuggestedFix{}, false
	}
	last := expr.Args[len(expr.Args)-1]
	edits := []analysis.TextEdit{{Pos: last.End(), End: last.End(), NewText: []byte(", " + id.Name + "." + crapi.MergeFromLock + "{}")}}
	if sel.Sel.Name == "MergeFrom" {
		edits = append([]analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("MergeFromWithOptions")}}, edits...)
	}
	return analysis.SuggestedFix{Message: "Add client.MergeFromWithOptimisticLock{}", TextEdits: edits}, true
}

// callSites are the static calls of each function of the package.
type callSites map[*ssa.Function][]ssa.CallInstruction

// passedChange looks at the calls, in the steps between the copy and the
// Patch, of a function-valued parameter of fn: if a caller in the package
// passes there a function literal (or a function) that adds or removes a
// finalizer, or sets an owner reference, the patch carries that list. It
// returns the list and where the caller's function changes it; a change
// of the list skip does not count.
func (cs callSites) passedChange(objs *objects.Result, fn *ssa.Function, steps objects.Steps, skip string) (string, []analysis.RelatedInformation) {
	for _, u := range steps.Unknown {
		call, ok := u.(ssa.CallInstruction)
		if !ok || call.Common().IsInvoke() {
			continue
		}
		p, ok := call.Common().Value.(*ssa.Parameter)
		if !ok {
			continue
		}
		k := slices.Index(fn.Params, p)
		if k < 0 {
			continue
		}
		for _, site := range cs[fn] {
			args := site.Common().Args
			if k >= len(args) {
				continue
			}
			var mutate *ssa.Function
			switch f := ssaflow.Strip(args[k]).(type) {
			case *ssa.MakeClosure:
				mutate, _ = f.Fn.(*ssa.Function)
			case *ssa.Function:
				mutate = f
			}
			if mutate == nil {
				continue
			}
			if list, at := changesSharedList(objs, mutate, skip); list != "" {
				return list, []analysis.RelatedInformation{{Pos: at, Message: "changed here, by the function passed to " + fn.Name()}}
			}
		}
	}
	return "", nil
}

// changesSharedList reports whether fn adds or removes a finalizer, or
// sets an owner reference, of any object, and where; finalizers do not
// count when skip is "Finalizers".
func changesSharedList(objs *objects.Result, fn *ssa.Function, skip string) (string, token.Pos) {
	ev := objs.Lifecycle(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ok := ev.AdditionAt(instr); ok && skip != "Finalizers" {
				return "Finalizers", instr.Pos()
			}
			if _, ok := ev.RemovalAt(instr); ok && skip != "Finalizers" {
				return "Finalizers", instr.Pos()
			}
			if call, ok := instr.(ssa.CallInstruction); ok && crapi.IsFuncIn(crapi.Callee(call.Common()), crapi.ControllerutilPkg, "SetControllerReference", "SetOwnerReference") {
				return "OwnerReferences", instr.Pos()
			}
		}
	}
	return "", token.NoPos
}

// terminating reports whether the object obj (or orig, the object the
// patch's base was copied from) is known terminating at block b of fn: b
// lies on the terminating side of a deletion test of it, obj is a
// parameter terminating in every call of fn in the package, or fn is a
// closure made where the object it captures is (up to three levels of
// closures). A deletion timestamp once set is never cleared: the object
// stays terminating wherever the closure runs.
func (cs callSites) terminating(objs *objects.Result, fn *ssa.Function, b *ssa.BasicBlock, obj, orig ssa.Value, depth int) bool {
	if fn == nil || b == nil || obj == nil {
		return false
	}
	match := func(o ssa.Value) bool { return objs.Same(fn, o, obj) || orig != nil && objs.Same(fn, o, orig) }
	if _, ok := lifecycle.TerminatingSide(fn, b, objs, match); ok {
		return true
	}
	for i, p := range fn.Params {
		if match(p) && lifecycle.ParamTerminating(cs, fn, i, objs, objs.Same) {
			return true
		}
	}
	parent := fn.Parent()
	if parent == nil || depth >= 3 {
		return false
	}
	outer := ssaflow.Outer(obj)
	if outer == nil || ssaflow.ParentOf(outer) != parent {
		return false
	}
	for _, pb := range parent.Blocks {
		for _, instr := range pb.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return cs.terminating(objs, parent, pb, outer, nil, depth+1)
			}
		}
	}
	return false
}
