package mergebase

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports merge patches whose base is the patched object or a
// copy of it taken after it was changed.
var Analyzer = &analysis.Analyzer{
	Name:     "mergebase",
	Doc:      checkdoc.MustExtract(doc, "mergebase"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	prog := ssapkg.Of(pass)
	// Ginkgo specs are closures of package-level initializers.
	for _, fn := range slices.Concat(prog.SrcFuncs(), prog.InitFuncs()) {
		for _, site := range crapi.ClientCalls(fn) {
			if site.Method != crapi.Patch || len(site.Args) < 3 {
				continue
			}
			status := site.SubResource
			if status && !crapi.IsStatusWriter(crapi.Receiver(site.Call.Common())) {
				continue // scale or another subresource
			}
			mf, base, ok := objects.MergeBase(site.Args[2])
			if !ok {
				continue
			}
			obj := ssaflow.Strip(site.Args[1])
			switch orig, isCopy := objects.DeepCopyOf(base); {
			case objs.Alias(fn, base, obj):
				aliased(pass, objs, fn, mf, obj, status)
			case isCopy && objs.Same(fn, orig, obj):
				lateCopy(pass, objs, fn, ssaflow.Strip(base).(*ssa.Call), obj, status)
			}
		}
	}
	return nil, nil
}

// relevant are the parts of an object a write sends: a status write only
// the status, a write of the main resource the rest (the API server
// ignores the status there, for a type with a status subresource).
func relevant(status bool) objects.Class {
	if status {
		return objects.Status
	}
	return objects.Spec | objects.Meta
}

// aliased reports client.MergeFrom(obj) for a Patch of obj: the patch is
// the difference between the object and itself.
func aliased(pass *analysis.Pass, objs *objects.Result, fn *ssa.Function, mf *ssa.Call, obj ssa.Value, status bool) {
	expr := ssaflow.CallExpr(fn, mf)
	if expr == nil || len(expr.Args) == 0 {
		return
	}
	arg := ast.Unparen(expr.Args[0])
	ptr := pass.TypesInfo.TypeOf(arg)
	if ue, ok := arg.(*ast.UnaryExpr); ok && ue.Op == token.AND {
		arg = ast.Unparen(ue.X) // &dep: the copy is dep.DeepCopy()
	}
	name := types.ExprString(arg)
	var fixes []analysis.SuggestedFix
	// The copy can be taken where the base is now only if nothing has
	// changed the object before: otherwise it is too late there too.
	h := objs.Steps(fn, mf, obj)
	if !h.Entry && len(h.Unknown) == 0 && h.Strong&relevant(status) == 0 && crapi.HasObjectDeepCopy(pass.Pkg, ptr) {
		fixes = []analysis.SuggestedFix{{
			Message:   "Make the patch from a copy: " + name + ".DeepCopy()",
			TextEdits: []analysis.TextEdit{{Pos: expr.Args[0].Pos(), End: expr.Args[0].End(), NewText: []byte(name + ".DeepCopy()")}},
		}}
	}
	diag.Reportf(pass, expr, fixes,
		"%s is given %s itself, not a copy: the patch is the difference between the object and itself, so it carries no change: Patch changes nothing on the server, and no error says so; make it from %s.DeepCopy() taken before the first change",
		types.ExprString(expr.Fun), name, name)
}

// lateCopy reports the copy that a merge patch is made from when the
// object was changed, since it was read, before the copy was taken: those
// changes are in the base too and so are left out of the patch.
func lateCopy(pass *analysis.Pass, objs *objects.Result, fn *ssa.Function, dup *ssa.Call, obj ssa.Value, status bool) {
	h := objs.Steps(fn, dup, obj)
	if !h.Fetched() {
		return // made here, or handed in: the earlier changes may be its making
	}
	var changed objects.Effect
	var related []analysis.RelatedInformation
	for _, c := range h.Changes {
		eff, _ := objs.EffectOf(fn, c, obj)
		if eff.Strong&relevant(status) == 0 || !c.Pos().IsValid() || emptyInit(c) {
			continue
		}
		changed.Add(eff)
		related = append(related, analysis.RelatedInformation{Pos: c.Pos(), Message: "changed here, before the copy"})
	}
	slices.SortFunc(related, func(a, b analysis.RelatedInformation) int { return int(a.Pos - b.Pos) })
	expr := ssaflow.CallExpr(fn, dup)
	if expr == nil || len(related) == 0 {
		return
	}
	name := "the object"
	if sel, ok := expr.Fun.(*ast.SelectorExpr); ok {
		name = types.ExprString(sel.X)
	}
	msg := fmt.Sprintf("the merge patch's base %s is copied after %s was changed (%s): those changes are in the base as well, so the patch leaves them out and the server never gets them; take the copy before the first change",
		types.ExprString(expr), name, changed.FieldNames(relevant(status)))
	diag.Report(pass, analysis.Diagnostic{Pos: expr.Pos(), End: expr.End(), Message: msg, Related: related})
}

// emptyInit reports whether the change c only gives a nil map an empty
// one (if obj.Annotations == nil { obj.Annotations = map[string]string{} },
// or SetAnnotations(make(...))): the object's JSON does not change.
func emptyInit(c ssa.Instruction) bool {
	var v ssa.Value
	switch x := c.(type) {
	case *ssa.Store:
		v = x.Val
	case *ssa.Call:
		args := crapi.CallArgs(x.Common())
		if len(args) != 1 {
			return false
		}
		v = args[0]
	default:
		return false
	}
	mm, ok := ssaflow.StripConv(v).(*ssa.MakeMap)
	if !ok {
		return false
	}
	for _, r := range *mm.Referrers() {
		if _, ok := r.(*ssa.MapUpdate); ok {
			return false // a literal with entries
		}
	}
	return true
}
