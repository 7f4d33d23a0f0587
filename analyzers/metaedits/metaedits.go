package metaedits

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports generation predicates on For that drop the label or
// annotation edits the reconcile reads.
var Analyzer = &analysis.Analyzer{
	Name:     "metaedits",
	Doc:      checkdoc.MustExtract(doc, "metaedits"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, objects.Analyzer, reach.Analyzer},
	Run:      run,
}

// maxDepth bounds the helpers followed from a reconcile.
const maxDepth = 4

type checker struct {
	pass   *analysis.Pass
	objs   *objects.Result
	funcs  map[*ssa.Function]bool // the reconcile set
	writes map[writeKey]bool      // the keys the package writes, by kind
}

// writeKey is a label or annotation key written to objects of a type;
// typ nil: objects of any type (a metav1.Object), key "": any key.
type writeKey struct {
	typ types.Type
	m   knowledge.MetaMap
	key string
}

// read is a label or annotation read of the reconciled object that
// decides a branch.
type read struct {
	objects.MetaAccess
	// via is the function of another package that reads it (Instr is
	// then the call), known by its Summary fact.
	via *types.Func
}

func run(pass *analysis.Pass) (any, error) {
	set := reach.Of(pass).Reconcile()
	if len(set.Roots) == 0 {
		return nil, nil
	}
	model := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	c := &checker{pass: pass, objs: objects.Of(pass), funcs: map[*ssa.Function]bool{}, writes: map[writeKey]bool{}}
	for _, fn := range set.Funcs {
		c.funcs[fn] = true
	}
	c.collectWrites(ssapkg.Of(pass).SrcFuncs())
	reported := map[token.Pos]bool{}
	for _, root := range set.Roots {
		recv := root.Fn.Signature.Recv()
		if recv == nil || ssapkg.InTestCode(pass, root.Fn.Pos()) {
			continue
		}
		ctl := model.ControllerOf(recv.Type())
		if ctl == nil || len(ctl.For) != 1 || ctrlmodel.DynamicKind(ssaflow.Deref(ctl.For[0])) {
			continue
		}
		forType := ctl.For[0]
		drop := map[knowledge.MetaMap]dropper{}
		for _, m := range []knowledge.MetaMap{knowledge.Annotations, knowledge.Labels} {
			if d, ok := drops(ctl, m); ok {
				drop[m] = d
			}
		}
		if len(drop) == 0 {
			continue
		}
		var reads []read
		for _, site := range crapi.ClientCalls(root.Fn) {
			key, obj, ok := site.IsGetOf()
			if !ok || site.SubResource || !ssaflow.IsRequestKey(key, root.Req) || !ctrlmodel.SameKind(ssaflow.Deref(ssaflow.Strip(obj).Type()), ssaflow.Deref(forType)) {
				continue
			}
			same := func(fn *ssa.Function, v ssa.Value) bool { return c.objs.Same(fn, v, obj) }
			reads = append(reads, c.deciding(root.Fn, same, 0, nil)...)
		}
		// Or fetched by a function of the package given the request
		// (obj, err := r.getFoo(ctx, req.NamespacedName)).
		for _, obj := range fetchedByHelper(root, forType, c.pass.Pkg) {
			same := func(fn *ssa.Function, v ssa.Value) bool { return c.objs.Same(fn, v, obj) }
			reads = append(reads, c.deciding(root.Fn, same, 0, nil)...)
		}
		// One report per predicate and map, naming the first read.
		byDropper := map[*ctrlmodel.Call]map[knowledge.MetaMap][]read{}
		for _, r := range reads {
			d, ok := drop[r.Map]
			if !ok || c.writtenHere(forType, r.Map, r.Key) {
				continue
			}
			if byDropper[d.call] == nil {
				byDropper[d.call] = map[knowledge.MetaMap][]read{}
			}
			byDropper[d.call][r.Map] = append(byDropper[d.call][r.Map], r)
		}
		for call, byMap := range byDropper {
			if reported[call.Pos] {
				continue
			}
			reported[call.Pos] = true
			c.report(call, drop, byMap, forType)
		}
	}
	return nil, nil
}

// dropper is the builder call whose predicate drops an edit.
type dropper struct {
	call *ctrlmodel.Call
	pred *ctrlmodel.Predicate
}

// drops reports whether every chain of the controller drops the updates
// of its For object that change only its labels or annotations (m): a
// predicate of For's WithPredicates, or an event filter, drops them, and
// no other source enqueues the For object for them.
func drops(ctl *ctrlmodel.Controller, m knowledge.MetaMap) (dropper, bool) {
	var first dropper
	for _, ch := range ctl.Chains {
		var d dropper
		for _, call := range ch.Calls {
			switch call.Method {
			case ctrlmodel.For, ctrlmodel.WithEventFilter:
				for _, p := range call.Predicates {
					if d.call == nil && p.DropsEdits(m) {
						d = dropper{call, p}
					}
				}
			case ctrlmodel.Watches, ctrlmodel.WatchesMetadata:
				// The For kind watched again with a handler that may
				// enqueue the object itself: another way in, unless the
				// model knows its predicates drop the edit too. (Owns
				// and an owner handler enqueue the owner, not the
				// object edited.)
				if call.Object != nil && ctrlmodel.SameKind(ssaflow.Deref(call.Object), ssaflow.Deref(ctl.For[0])) &&
					(call.Handler == nil || call.Handler.Kind != ctrlmodel.HandlerForOwner) && !anyDrops(call.Predicates, m) {
					return dropper{}, false
				}
			}
		}
		if d.call == nil {
			return dropper{}, false
		}
		if first.call == nil {
			first = d
		}
	}
	return first, first.call != nil
}

func anyDrops(ps []*ctrlmodel.Predicate, m knowledge.MetaMap) bool {
	for _, p := range ps {
		if p.DropsEdits(m) {
			return true
		}
	}
	return false
}

// deciding returns the label and annotation reads of the object same
// accepts, in fn and in the reconcile set's helpers fn hands it to, whose
// value decides a branch: an If of fn, or of a caller when the helper
// returns a value computed from the read (results, then, are the reads
// that reach fn's results, for the caller to judge). Reads on the
// terminating side of a deletion test of the object are left out: the
// deletion that starts that reconcile raises the generation. Its steps:
// fn's own reads (decidingFn.ownReads), then, up to maxDepth helpers
// deep, for each call of fn not run in a goroutine nor on the
// terminating side, the reads of a function of another package given the
// object, known by its fact (importedReads), or those of a helper of the
// reconcile set given it, found by deciding on the helper
// (helperReads).
func (c *checker) deciding(fn *ssa.Function, same func(*ssa.Function, ssa.Value) bool, depth int, results *[]read) []read {
	d := &decidingFn{c: c, fn: fn, same: same, results: results}
	d.ownReads()
	if depth >= maxDepth {
		return d.out
	}
	for call := range ssaflow.Calls(fn) {
		if _, isGo := call.(*ssa.Go); isGo || d.terminating(call.Block()) {
			continue
		}
		callee := ssaflow.LocalCallee(call.Common(), c.pass.Pkg)
		if callee == nil {
			d.importedReads(call)
		} else if callee != fn && c.funcs[callee] {
			d.helperReads(call, callee, depth)
		}
	}
	return d.out
}

// decidingFn is the function deciding looks at: fn, the object it
// follows there (same), the reads found to decide a branch of fn (out),
// and where the reads that reach fn's results go (results; nil when no
// caller judges them).
type decidingFn struct {
	c       *checker
	fn      *ssa.Function
	same    func(*ssa.Function, ssa.Value) bool
	results *[]read
	out     []read
}

// match reports whether v is the followed object in fn.
func (d *decidingFn) match(v ssa.Value) bool { return d.same(d.fn, v) }

// terminating reports whether b is on the terminating side of a deletion
// test of the object.
func (d *decidingFn) terminating(b *ssa.BasicBlock) bool {
	_, ok := lifecycle.TerminatingSide(d.fn, b, d.c.objs, d.match)
	return ok
}

// decides reports whether the condition of an If of fn, not on the
// terminating side, depends on one of roots.
func (d *decidingFn) decides(roots map[ssa.Value]bool) bool {
	for _, b := range d.fn.Blocks {
		if iff, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok && !d.terminating(b) && ssaflow.DependsOnValue(iff.Cond, roots) {
			return true
		}
	}
	return false
}

// returns reports whether a result of fn depends on one of roots.
func (d *decidingFn) returns(roots map[ssa.Value]bool) bool {
	for _, b := range d.fn.Blocks {
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			for _, v := range ret.Results {
				if ssaflow.DependsOnValue(v, roots) {
					return true
				}
			}
		}
	}
	return false
}

// file sorts the reads rs by what the value v computed from them does:
// when it decides a branch of fn they go to out; otherwise, when it
// reaches fn's results and a caller judges them, to results; otherwise
// nowhere.
func (d *decidingFn) file(v ssa.Value, rs ...read) {
	roots := map[ssa.Value]bool{v: true}
	switch {
	case d.decides(roots):
		d.out = append(d.out, rs...)
	case d.results != nil && d.returns(roots):
		*d.results = append(*d.results, rs...)
	}
}

// ownReads files fn's own reads of the object's labels and annotations,
// leaving out those on the terminating side.
func (d *decidingFn) ownReads() {
	for _, a := range objects.MetaAccesses(d.fn) {
		if a.Write || a.Value == nil || !d.match(a.Obj) || d.terminating(a.Instr.Block()) {
			continue
		}
		d.file(a.Value, read{MetaAccess: a})
	}
}

// importedReads files the reads of call, a call of another package's
// function given the object (an API type's IsPaused()): what it reads,
// from its fact, its result standing for the value read.
func (d *decidingFn) importedReads(call ssa.CallInstruction) {
	f := crapi.Callee(call.Common())
	v, ok := call.(*ssa.Call)
	if f == nil || !ok || call.Common().IsInvoke() {
		return
	}
	args := call.Common().Args
	reads, _ := d.c.objs.ImportedMeta(f)
	for _, k := range reads {
		if k.Param >= len(args) || !d.match(ssaflow.Strip(args[k.Param])) {
			continue
		}
		d.file(v, read{objects.MetaAccess{Instr: call, Obj: args[k.Param], Map: k.Map, Key: k.Key, Value: v}, f})
	}
}

// helperReads follows call, a call of callee, a helper of the reconcile
// set, for each argument that is the object: the reads that decide a
// branch of callee are fn's too, and those that reach callee's results
// are filed by what fn does with the call's result.
func (d *decidingFn) helperReads(call ssa.CallInstruction, callee *ssa.Function, depth int) {
	for i, arg := range call.Common().Args {
		if i >= len(callee.Params) || !d.match(ssaflow.Strip(arg)) {
			continue
		}
		param := callee.Params[i]
		inner := func(g *ssa.Function, v ssa.Value) bool { return d.c.objs.Same(g, v, param) }
		var viaResult []read
		d.out = append(d.out, d.c.deciding(callee, inner, depth+1, &viaResult)...)
		if len(viaResult) == 0 {
			continue
		}
		v, ok := call.(*ssa.Call)
		if !ok {
			continue
		}
		d.file(v, viaResult...)
	}
}

// collectWrites records the label and annotation keys the package's code
// writes, by object type.
func (c *checker) collectWrites(funcs []*ssa.Function) {
	for _, fn := range funcs {
		if ssapkg.InTestCode(c.pass, fn.Pos()) {
			continue
		}
		accesses := objects.MetaAccesses(fn)
		// Keys written by the module's functions of other packages
		// (a util helper that stores a hash), from their facts.
		for call := range ssaflow.Calls(fn) {
			f := crapi.Callee(call.Common())
			if f == nil || call.Common().IsInvoke() || f.Pkg() == c.pass.Pkg {
				continue
			}
			_, writes := c.objs.ImportedMeta(f)
			for _, k := range writes {
				if args := call.Common().Args; k.Param < len(args) {
					accesses = append(accesses, objects.MetaAccess{Instr: call, Obj: ssaflow.Strip(args[k.Param]), Map: k.Map, Write: true, Key: k.Key})
				}
			}
		}
		for _, a := range accesses {
			if !a.Write {
				continue
			}
			t := objects.ObjectType(a.Obj)
			if st, ok := typeStruct(t); !ok || !objects.ObjectStruct(st) {
				// A metav1.Object, an ObjectMeta: any object. A key
				// computed there (a helper's parameter) is left out, or
				// every helper that annotates children would silence
				// the check.
				if a.Key == "" {
					continue
				}
				t = nil
			}
			c.writes[writeKey{t, a.Map, a.Key}] = true
		}
	}
}

// writtenHere reports whether the package writes key of map m on
// objects of type t (a key "" is any key written).
func (c *checker) writtenHere(t types.Type, m knowledge.MetaMap, key string) bool {
	for w := range c.writes {
		if w.m != m || (w.typ != nil && !ctrlmodel.SameKind(ssaflow.Deref(w.typ), ssaflow.Deref(t))) {
			continue
		}
		if w.key == "" || key == "" || w.key == key {
			return true
		}
	}
	return false
}

func (c *checker) report(call *ctrlmodel.Call, drop map[knowledge.MetaMap]dropper, byMap map[knowledge.MetaMap][]read, forType types.Type) {
	var maps []knowledge.MetaMap
	for m := range byMap {
		maps = append(maps, m)
	}
	sort.Slice(maps, func(i, j int) bool { return maps[i] > maps[j] }) // annotations first
	var what []string
	var related []analysis.RelatedInformation
	for _, m := range maps {
		rs := byMap[m]
		sort.Slice(rs, func(i, j int) bool { return rs[i].Pos() < rs[j].Pos() })
		r := rs[0]
		desc := "the " + m.String()
		if r.Key != "" {
			desc += fmt.Sprintf(" %q", r.Key)
		}
		pos := c.pass.Fset.Position(r.Pos())
		where := fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)
		if r.via != nil {
			where = "through " + r.via.Name() + ", " + where
		}
		what = append(what, fmt.Sprintf("%s (%s)", desc, where))
		related = append(related, analysis.RelatedInformation{Pos: r.Pos(), Message: "the reconcile reads " + desc + " here"})
	}
	edits := "annotations"
	adds := []string{"AnnotationChangedPredicate"}
	if len(maps) == 2 {
		edits = "labels or annotations"
		adds = append(adds, "LabelChangedPredicate")
	} else if maps[0] == knowledge.Labels {
		edits = "labels"
		adds = []string{"LabelChangedPredicate"}
	}
	which := "the generation predicate on " + call.String()
	if call.Method == ctrlmodel.WithEventFilter {
		which = call.String() + ", which applies to For,"
	}
	msg := fmt.Sprintf("%s drops every update that changes only the %s of a %s, but the reconcile reads %s to decide what to do: setting it never starts a reconcile; Or the predicate with predicate.%s{}",
		which, edits, crapi.ObjectTypeString(forType), strings.Join(what, " and "), strings.Join(adds, "{} and predicate."))
	diag.Report(c.pass, analysis.Diagnostic{
		Pos: call.Pos, End: call.End, Message: msg, Related: related,
		SuggestedFixes: c.fix(call, drop[maps[0]].pred, adds),
	})
}

// fix wraps the generation predicate, when it is written as a literal
// directly among the call's predicates, in an Or with the predicates
// that let the edits through.
func (c *checker) fix(call *ctrlmodel.Call, pred *ctrlmodel.Predicate, adds []string) []analysis.SuggestedFix {
	if call.Expr == nil || pred == nil || pred.Kind != ctrlmodel.PredicateGenerationChanged {
		return nil
	}
	var args []ast.Expr
	switch call.Method {
	case ctrlmodel.WithEventFilter:
		args = call.Expr.Args
	case ctrlmodel.For:
		for _, a := range call.Expr.Args[1:] {
			opt, ok := ast.Unparen(a).(*ast.CallExpr)
			if !ok {
				continue
			}
			if fn, ok := typeutil.Callee(c.pass.TypesInfo, opt).(*types.Func); ok && fn.Pkg() != nil && fn.Pkg().Path() == crapi.BuilderPkg && fn.Name() == "WithPredicates" {
				args = append(args, opt.Args...)
			}
		}
	}
	for _, a := range args {
		lit := ast.Unparen(a)
		if u, ok := lit.(*ast.UnaryExpr); ok && u.Op == token.AND {
			lit = u.X
		}
		cl, ok := lit.(*ast.CompositeLit)
		if !ok || len(cl.Elts) > 0 {
			continue
		}
		typ := cl.Type
		if ix, ok := typ.(*ast.IndexExpr); ok {
			typ = ix.X
		}
		sel, ok := typ.(*ast.SelectorExpr)
		if !ok || !strings.HasSuffix(sel.Sel.Name, "GenerationChangedPredicate") {
			continue
		}
		pkgIdent, ok := sel.X.(*ast.Ident)
		if !ok {
			continue
		}
		if pn, ok := c.pass.TypesInfo.Uses[pkgIdent].(*types.PkgName); !ok || pn.Imported().Path() != crapi.PredicatePkg {
			continue
		}
		text, ok := diag.Text(c.pass, a)
		if !ok {
			continue
		}
		orig := string(text)
		parts := []string{orig}
		for _, add := range adds {
			parts = append(parts, strings.Replace(orig, "GenerationChangedPredicate", add, 1))
		}
		return []analysis.SuggestedFix{{
			Message: "Or the generation predicate with predicate." + strings.Join(adds, " and predicate."),
			TextEdits: []analysis.TextEdit{{
				Pos: a.Pos(), End: a.End(),
				NewText: []byte(pkgIdent.Name + ".Or(" + strings.Join(parts, ", ") + ")"),
			}},
		}}
	}
	return nil
}

// typeStruct returns the struct type t is or points to.
func typeStruct(t types.Type) (*types.Struct, bool) {
	if t == nil {
		return nil, false
	}
	st, ok := ssaflow.Deref(t).Underlying().(*types.Struct)
	return st, ok
}

// fetchedByHelper returns the objects of type forType that reconcile
// root gets as the result of a function of the package it gives the
// request (or its name) to: the reconciled object, fetched there.
func fetchedByHelper(root crapi.Reconciler, forType types.Type, pkg *types.Package) []ssa.Value {
	var out []ssa.Value
	for call := range ssaflow.PlainCalls(root.Fn) {
		if ssaflow.LocalCallee(call.Common(), pkg) == nil {
			continue
		}
		given := false
		for _, a := range call.Common().Args {
			if ssaflow.DependsOn(a, map[ssa.Value]bool{root.Req: true}) {
				given = true
			}
		}
		if !given {
			continue
		}
		for _, r := range *call.Referrers() {
			if e, ok := r.(*ssa.Extract); ok && ctrlmodel.SameKind(ssaflow.Deref(e.Type()), ssaflow.Deref(forType)) {
				out = append(out, e)
			}
		}
		if ctrlmodel.SameKind(ssaflow.Deref(call.Type()), ssaflow.Deref(forType)) {
			out = append(out, call)
		}
	}
	return out
}
