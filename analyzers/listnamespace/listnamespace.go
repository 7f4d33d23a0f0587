package listnamespace

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the listnamespace check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "listnamespace",
	Doc:      checkdoc.MustExtract(doc, "listnamespace"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, reach.Analyzer, ctrlmodel.Analyzer, objects.Analyzer, apimarkers.Analyzer},
	Run:      run,
}

// reconciled is a reconcile of a namespaced kind and what it runs.
type reconciled struct {
	rec  crapi.Reconciler
	kind *types.TypeName
}

// run looks, in the functions each reconcile of a namespaced kind runs,
// for a List by labels that names no namespace and whose items are then
// updated, patched or deleted there.
func run(pass *analysis.Pass) (any, error) {
	model, _ := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	funcs := ssapkg.Of(pass).SrcFuncs()
	if model == nil || len(model.Chains) == 0 || len(funcs) == 0 {
		return nil, nil
	}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if crapi.RestrictsNamespace(instr) {
					// A namespaced client, or a cache held to some
					// namespaces, made in this package: a List may see
					// one namespace only, whatever its options.
					return nil, nil
				}
			}
		}
	}
	markers := apimarkers.Of(pass)
	objs := objects.Of(pass)
	rs := reach.Of(pass).Reconcile()
	seen := map[ssa.CallInstruction]bool{}
	for _, rec := range rs.Roots {
		kind, ok := namespacedKind(model, markers, rec)
		if !ok || ssapkg.InTestCode(pass, rec.Fn.Pos()) {
			continue
		}
		r := reconciled{rec: rec, kind: kind}
		run := rs.Calls.From([]*ssa.Function{rec.Fn}, nil)
		for _, fn := range rs.Funcs { // in source order
			if !run[fn] {
				continue
			}
			if ssapkg.InTestCode(pass, fn.Pos()) {
				continue
			}
			for call := range ssaflow.Calls(fn) {
				if seen[call] {
					continue
				}
				l, ok := objects.ListOf(call)
				if !ok || !unscoped(l) {
					continue
				}
				item, ok := listedKind(markers, l.Obj)
				if !ok {
					continue
				}
				w, ok := itemWrite(objs, fn, l)
				if !ok || readsItemScope(fn, l.Obj, w.call) {
					continue
				}
				seen[call] = true
				report(pass, r, fn, l, item, w)
			}
		}
	}
	return nil, nil
}

// namespacedKind returns the kind a reconciler is set up For in this
// package, when it is known to be namespaced.
func namespacedKind(model *ctrlmodel.Model, markers *apimarkers.Result, rec crapi.Reconciler) (*types.TypeName, bool) {
	recv := rec.Fn.Signature.Recv()
	if recv == nil {
		return nil, false // a reconcile.Func: no builder chain names it
	}
	ctl := model.ControllerOf(recv.Type())
	if ctl == nil || len(ctl.For) != 1 {
		return nil, false
	}
	n := crapi.Named(ssaflow.Deref(ctl.For[0]))
	if n == nil {
		return nil, false
	}
	cluster, known := markers.Scope(n.Obj())
	return n.Obj(), known && !cluster
}

// unscoped reports whether a List selects by labels and names no
// namespace, every option being known. A DeleteAllOf with no namespace is
// not this bug: the API server serves no delete-collection across
// namespaces (its installer registers only LIST and WATCH there), so the
// request fails and deletes nothing.
func unscoped(l objects.Listing) bool {
	if l.Method != crapi.List || !l.Labels || l.Open {
		return false
	}
	if l.Namespace == nil {
		return !uniqueLabels(l.LabelOpts)
	}
	c, ok := ssaflow.StripConv(l.Namespace).(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.String && constant.StringVal(c.Value) == "" && !uniqueLabels(l.LabelOpts)
}

// uniqueLabels reports whether a label option of a client.MatchingLabels
// literal has a UID for a value (string(obj.UID), obj.GetUID()): UIDs are
// unique in the cluster, so only objects labelled for that one object
// match, whatever their namespace.
//
// So are a Job's own: a batch/v1 Job's spec.selector, which the API server
// generates with the Job's UID (controller-uid) unless manualSelector is
// set (k8s-nim-operator lists a Job's pods by it).
func uniqueLabels(opts []ssa.Value) bool {
	for _, o := range opts {
		if jobSelector(o) {
			return true
		}
		m, ok := ssaflow.Strip(o).(*ssa.MakeMap)
		if !ok {
			continue
		}
		for _, ref := range *m.Referrers() {
			if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == m && isUID(u.Value) {
				return true
			}
		}
	}
	return false
}

// jobSelector reports whether v is read from a Job's spec.selector
// (job.Spec.Selector.MatchLabels, converted to an option).
func jobSelector(v ssa.Value) bool {
	for depth := 0; depth < 8 && v != nil; depth++ {
		switch x := ssaflow.StripConv(v).(type) {
		case *ssa.UnOp:
			v = x.X
		case *ssa.FieldAddr, *ssa.Field:
			var base ssa.Value
			var i int
			if fa, ok := x.(*ssa.FieldAddr); ok {
				base, i = fa.X, fa.Field
			} else {
				f := x.(*ssa.Field)
				base, i = f.X, f.Field
			}
			if ssaflow.FieldName(base.Type(), i) == "Selector" && crapi.IsNamed(ssaflow.Deref(base.Type()), crapi.BatchV1Pkg, "JobSpec") {
				return true
			}
			v = base
		default:
			return false
		}
	}
	return false
}

// isUID reports whether v is an object's UID, as a string: the UID field
// of an ObjectMeta, or the result of a GetUID method.
func isUID(v ssa.Value) bool {
	switch x := ssaflow.StripConv(v).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok {
			return ssaflow.FieldName(fa.X.Type(), fa.Field) == "UID" && crapi.IsNamed(ssaflow.Deref(fa.X.Type()), crapi.MetaV1Pkg, "ObjectMeta")
		}
	case *ssa.Field:
		return ssaflow.FieldName(x.X.Type(), x.Field) == "UID" && crapi.IsNamed(x.X.Type(), crapi.MetaV1Pkg, "ObjectMeta")
	case *ssa.Call:
		if f := crapi.Callee(x.Common()); f != nil && f.Name() == "GetUID" && f.Signature().Recv() != nil {
			return true
		}
	}
	return false
}

// listedKind returns the item kind of a list, when it is known to be
// namespaced (a cluster-scoped kind has no other namespace to reach).
func listedKind(markers *apimarkers.Result, list ssa.Value) (*types.TypeName, bool) {
	n := crapi.Named(ssaflow.Deref(objects.ListItemType(list.Type())))
	if n == nil {
		return nil, false
	}
	cluster, known := markers.Scope(n.Obj())
	return n.Obj(), known && !cluster
}

// write is a call after the List that updates, patches or deletes an item.
type write struct {
	call   ssa.CallInstruction
	verb   string
	helper string // the module's function it goes through, "" for a client call
}

// itemWrite returns the first call of fn after the List that writes an
// item of its list on the server: a client Update, Patch or Delete of an
// item, or a helper given an item or the list that writes it
// (objects.ServerWrites).
func itemWrite(objs *objects.Result, fn *ssa.Function, l objects.Listing) (write, bool) {
	for call := range ssaflow.Calls(fn) {
		if call == l.Call || !ssaflow.MayPrecede(l.Call, call) {
			continue
		}
		for _, w := range objs.ServerWrites(call.Common()) {
			if w != l.Obj && !objects.ItemOf(w, l.Obj) {
				continue
			}
			if c, _, ok := crapi.ClientCallSSA(call.Common()); ok {
				verb := map[crapi.ClientMethod]string{crapi.Update: "updated", crapi.Patch: "patched", crapi.Delete: "deleted"}[c.Method]
				return write{call: call, verb: verb}, true
			}
			name := "a library call"
			if f := crapi.Callee(call.Common()); f != nil {
				name = f.Name()
			}
			return write{call: call, verb: "written", helper: name}, true
		}
	}
	return write{}, false
}

// readsItemScope reports whether fn reads the namespace or the owner
// references of an item of the list (item.Namespace, GetNamespace(),
// OwnerReferences, metav1.GetControllerOf(&item)): it may keep to the
// items of its own namespace or owner, which this check does not follow.
// metav1.IsControlledBy(&item, obj) keeps the write to its own items only
// where the write runs on its true side: tarantool-operator writes the
// items it does not control yet (it takes them over), the bug itself.
func readsItemScope(fn *ssa.Function, list ssa.Value, wr ssa.CallInstruction) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.FieldAddr:
				if name := ssaflow.FieldName(x.X.Type(), x.Field); (name == "Namespace" || name == "OwnerReferences") && objects.ItemOf(x.X, list) {
					return true
				}
			case *ssa.Field:
				if name := ssaflow.FieldName(x.X.Type(), x.Field); (name == "Namespace" || name == "OwnerReferences") && objects.ItemOf(x.X, list) {
					return true
				}
			case ssa.CallInstruction:
				cc := x.Common()
				f := crapi.Callee(cc)
				if f == nil {
					continue
				}
				if recv := crapi.Receiver(cc); recv != nil && (f.Name() == "GetNamespace" || f.Name() == "GetOwnerReferences") && objects.ItemOf(recv, list) {
					return true
				}
				if !crapi.IsFuncIn(f, crapi.MetaV1Pkg, "IsControlledBy", "GetControllerOf", "GetControllerOfNoCopy") || !slices.ContainsFunc(cc.Args, func(a ssa.Value) bool { return objects.ItemOf(a, list) }) {
					continue
				}
				if call, ok := x.(*ssa.Call); !ok || f.Name() != "IsControlledBy" || onTrueSide(call, wr) {
					return true
				}
			}
		}
	}
	return false
}

// onTrueSide reports whether wr runs only where the bool cond is true: an
// if on cond (or on its negation) whose true side dominates wr's block.
func onTrueSide(cond *ssa.Call, wr ssa.CallInstruction) bool {
	for _, ref := range *cond.Referrers() {
		v, negated := ssa.Value(cond), false
		if u, ok := ref.(*ssa.UnOp); ok && u.Op == token.NOT {
			if refs := u.Referrers(); refs != nil && len(*refs) == 1 {
				ref, v, negated = (*refs)[0], u, true
			}
		}
		iff, ok := ref.(*ssa.If)
		if !ok || iff.Cond != v {
			continue
		}
		side := iff.Block().Succs[0]
		if negated {
			side = iff.Block().Succs[1]
		}
		if len(side.Preds) == 1 && side.Dominates(wr.Block()) {
			return true
		}
	}
	return false
}

func report(pass *analysis.Pass, r reconciled, fn *ssa.Function, l objects.Listing, item *types.TypeName, w write) {
	what := w.verb
	if w.helper != "" {
		what = "written by " + w.helper
	}
	line := pass.Fset.Position(w.call.Pos()).Line
	ns := namespaceExpr(r, fn)
	hint := "client.InNamespace(<the reconciled object>.Namespace)"
	if ns != "" {
		hint = "client.InNamespace(" + ns + ")"
	}
	msg := fmt.Sprintf("List of %s by labels with no namespace, in the reconcile of namespaced %s, whose items are %s (line %d): the List reads every namespace the client sees, so the %s objects of another %s in another namespace that carry the same labels are %s too; add %s",
		item.Name(), r.kind.Name(), what, line, item.Name(), r.kind.Name(), what, hint)
	d := analysis.Diagnostic{Pos: l.Call.Pos(), Message: msg}
	if ce := ssaflow.CallExpr(fn, l.Call); ce != nil {
		d.Pos, d.End = ce.Pos(), ce.End()
		if ns != "" {
			d.SuggestedFixes = fix(pass, ce, ns)
		}
	}
	diag.Report(pass, d)
}

// namespaceExpr returns the text of the reconciled object's namespace in
// fn: req.Namespace where fn has the request as a parameter (Reconcile
// itself, a step helper given it), obj.Namespace where it has a parameter
// of the reconciled kind; "" when neither is in scope.
func namespaceExpr(r reconciled, fn *ssa.Function) string {
	for _, p := range fn.Params {
		if p.Name() == "_" || p.Name() == "" {
			continue
		}
		if crapi.IsNamed(p.Type(), crapi.ReconcilePkg, "Request") {
			return p.Name() + ".Namespace"
		}
	}
	for _, p := range fn.Params {
		if p.Name() == "_" || p.Name() == "" {
			continue
		}
		if n := crapi.Named(ssaflow.Deref(p.Type())); n != nil && n.Obj() == r.kind {
			return p.Name() + ".Namespace"
		}
	}
	return ""
}

// fix appends client.InNamespace(ns) to the List's arguments, importing
// the client package where needed.
func fix(pass *analysis.Pass, ce *ast.CallExpr, ns string) []analysis.SuggestedFix {
	if ce.Ellipsis.IsValid() || len(ce.Args) == 0 {
		return nil
	}
	names, edits, ok := diag.PackageNames(pass, ce.Pos(), diag.Import{Path: crapi.ClientPkg, Name: "client"})
	if !ok {
		return nil
	}
	last := ce.Args[len(ce.Args)-1]
	edits = append(edits, analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: fmt.Appendf(nil, ", %s.InNamespace(%s)", names[0], ns)})
	return []analysis.SuggestedFix{{Message: "List in the reconciled object's namespace", TextEdits: edits}}
}
