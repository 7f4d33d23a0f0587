package cachelabel

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer is the cachelabel check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:      "cachelabel",
	Doc:       checkdoc.MustExtract(doc, "cachelabel"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, apimarkers.Analyzer, objects.Analyzer, wiring.Analyzer},
	FactTypes: []analysis.Fact{new(Creates)},
	Run:       run,
}

// Creates is the fact of a package of the module: the objects its code,
// and the code of the module's packages it imports, creates after
// reading them through a full client, with the label keys each carries.
// Package main judges them against its manager's cache selectors.
type Creates struct {
	Entries []Entry
}

// Entry is a Create of an object of a typed kind, after a Get of that
// kind through a full client in the same function, whose labels are all
// known.
type Entry struct {
	Type     crapi.TypeRef // the object's type, not a pointer
	Resource apimarkers.Resource
	// GetAt and CreateAt are the places of the Get and the Create
	// ("file.go:12"), Func the function that holds them.
	GetAt, CreateAt, Func string
	// Labels are the label keys the created object is given.
	Labels []string
}

// AFact marks Creates as a fact.
func (*Creates) AFact() {}

func (f *Creates) String() string {
	var parts []string
	for _, e := range f.Entries {
		parts = append(parts, fmt.Sprintf("%s at %s [%s]", e.Type.Name, e.CreateAt, strings.Join(e.Labels, " ")))
	}
	return "creates(" + strings.Join(parts, ", ") + ")"
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, objs: objects.Of(pass), markers: apimarkers.Of(pass), w: wiring.Of(pass)}
	var all []Entry
	add := func(e Entry) {
		if !slices.ContainsFunc(all, func(o Entry) bool { return o.Type == e.Type && o.CreateAt == e.CreateAt }) {
			all = append(all, e)
		}
	}
	for _, imp := range pass.Pkg.Imports() {
		var f Creates
		if ssapkg.InModule(pass, imp.Path()) && pass.ImportPackageFact(imp, &f) {
			for _, e := range f.Entries {
				add(e)
			}
		}
	}
	for _, fn := range c.w.Funcs {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for _, e := range c.creates(fn) {
			add(e)
		}
	}
	slices.SortFunc(all, func(a, b Entry) int { return strings.Compare(a.Type.Name+" "+a.CreateAt, b.Type.Name+" "+b.CreateAt) })
	if len(all) > 0 && pass.Pkg.Name() != "main" {
		pass.ExportPackageFact(&Creates{Entries: all})
	}
	c.judge(all)
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	objs    *objects.Result
	markers *apimarkers.Result
	w       *wiring.Result
}

// clientCall is a client Get or Create of a typed object in fn.
type clientCall struct {
	call ssa.CallInstruction
	obj  ssa.Value
	ref  crapi.TypeRef
}

// creates returns fn's Creates of an object whose labels are all known,
// each after a Get of its type through a full client (not a bare reader:
// mgr.GetAPIReader() reads the API server) that comes first on the path:
// its block dominates the Create's. A Create or Get under a
// //reconcilecheck:ignore directive is left out here, where the
// directive is seen.
func (c *checker) creates(fn *ssa.Function) []Entry {
	var gets, creates []clientCall
	for call := range ssaflow.Calls(fn) {
		cc, args, ok := crapi.ClientCallSSA(call.Common())
		if !ok || cc.SubResource {
			continue
		}
		var obj ssa.Value
		switch {
		case cc.Method == crapi.Get && len(args) >= 3 && wiring.FullClient(crapi.Receiver(call.Common())):
			obj = args[2]
		case cc.Method == crapi.Create && len(args) >= 2:
			obj = args[1]
		default:
			continue
		}
		t := objects.ObjectType(obj)
		if t == nil {
			continue
		}
		ref, ok := crapi.RefOf(ssaflow.Deref(t))
		if !ok || types.IsInterface(ssaflow.Deref(t)) {
			continue
		}
		ref.Ptr = false
		cl := clientCall{call: call, obj: obj, ref: ref}
		if cc.Method == crapi.Get {
			gets = append(gets, cl)
		} else {
			creates = append(creates, cl)
		}
	}
	var out []Entry
	for _, cr := range creates {
		i := slices.IndexFunc(gets, func(g clientCall) bool { return g.ref == cr.ref && ssaflow.Dominates(g.call, cr.call) })
		if i < 0 || diag.Silenced(c.pass, cr.call.Pos()) || diag.Silenced(c.pass, gets[i].call.Pos()) {
			continue
		}
		keys, known := c.createdLabels(fn, cr.obj)
		if !known {
			continue // labels from a variable map, the spec, a helper not followed: silent
		}
		res, _ := c.markers.ResourceOf(ssaflow.Deref(objects.ObjectType(cr.obj)))
		out = append(out, Entry{Type: cr.ref, Resource: res, GetAt: diag.At(c.pass, gets[i].call.Pos()), CreateAt: diag.At(c.pass, cr.call.Pos()), Func: fn.Name(), Labels: keys})
	}
	return out
}

// createdLabels returns the label keys the object obj, created in fn, is
// given, and whether they are all known: obj must be made in fn (a
// literal), and each change fn makes to its metadata must be a write of
// constant label keys (the literal's Labels, obj.Labels[k] = v,
// SetLabels of a literal, metav1.SetMetaDataLabel), a call of a function
// of the module whose label writes on it are known (this package's, by
// its body; another's, by its objects.Summary fact), or a change that
// leaves the labels alone (an owner reference, a finalizer, an
// annotation).
func (c *checker) createdLabels(fn *ssa.Function, obj ssa.Value) ([]string, bool) {
	if _, ok := ssaflow.Strip(obj).(*ssa.Alloc); !ok {
		return nil, false
	}
	keys := map[string]bool{}
	if !c.labelsOn(fn, ssaflow.Strip(obj), keys, 0) {
		return nil, false
	}
	return slices.Sorted(maps.Keys(keys)), true
}

// labelsOn adds to keys the label keys fn writes on obj (a value of fn),
// false when a write's key is not known or a change of obj's labels is
// not followed.
func (c *checker) labelsOn(fn *ssa.Function, obj ssa.Value, keys map[string]bool, depth int) bool {
	if depth > 3 {
		return false
	}
	counted := map[ssa.Instruction]bool{}
	accesses := objects.MetaAccesses(fn)
	for _, a := range accesses {
		if !a.Write || !c.objs.Same(fn, a.Obj, obj) {
			continue
		}
		counted[a.Instr] = true
		if a.Map != knowledge.Labels {
			continue
		}
		if a.Key == "" {
			return false
		}
		keys[a.Key] = true
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if counted[instr] {
				continue
			}
			if u, ok := instr.(*ssa.MapUpdate); ok {
				if _, made := u.Map.(*ssa.MakeMap); made {
					// A map made here: stored whole in the labels,
					// MetaAccesses counted its constant keys (any key
					// when one is not constant).
					continue
				}
			}
			eff, _ := c.objs.EffectOf(fn, instr, obj)
			all := eff.Strong | eff.Weak
			if all&(objects.Meta|objects.Unknown) == 0 {
				continue
			}
			if st, ok := instr.(*ssa.Store); ok {
				if known, meta := metaLiteral(st, accesses, keys); meta {
					if !known {
						return false
					}
					continue
				}
			}
			call, isCall := instr.(ssa.CallInstruction)
			if isCall {
				if _, _, ok := crapi.ClientCallSSA(call.Common()); ok {
					continue // the Get or the Create: the server's copy, not ours
				}
				if ok, followed := c.callLabels(fn, call, obj, keys, depth); followed {
					if !ok {
						return false
					}
					continue
				}
			}
			if all&objects.Unknown != 0 || eff.Names["Labels"] || eff.Names["metadata"] {
				return false
			}
		}
	}
	return true
}

// metaLiteral reads the store of a whole ObjectMeta built aside in the
// function (SSA builds a nested literal so when it holds a map: the
// object's ObjectMeta is copied from a local one): the label keys
// written on that local. meta is false for any other store; known false
// when the local escapes or a key is not known.
func metaLiteral(st *ssa.Store, accesses []objects.MetaAccess, keys map[string]bool) (known, meta bool) {
	if !crapi.IsNamed(st.Val.Type(), crapi.MetaV1Pkg, "ObjectMeta") {
		return false, false
	}
	load, ok := st.Val.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return false, true
	}
	local, ok := load.X.(*ssa.Alloc)
	if !ok {
		return false, true
	}
	for _, ref := range *local.Referrers() {
		switch x := ref.(type) {
		case *ssa.FieldAddr:
			if !isLabelsField(x) {
				continue
			}
			// Labels: a map made here (its keys are in accesses) or
			// nil; another object's labels copied in are not known.
			for _, r2 := range *x.Referrers() {
				st, ok := r2.(*ssa.Store)
				if !ok {
					continue
				}
				switch v := ssaflow.StripConv(st.Val).(type) {
				case *ssa.MakeMap:
				case *ssa.Const:
					if !v.IsNil() {
						return false, true
					}
				default:
					return false, true
				}
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return false, true
		}
	}
	for _, a := range accesses {
		if !a.Write || a.Map != knowledge.Labels || ssaflow.Strip(a.Obj) != local {
			continue
		}
		if a.Key == "" {
			return false, true
		}
		keys[a.Key] = true
	}
	return true, true
}

// isLabelsField reports whether fa is the address of ObjectMeta's Labels.
func isLabelsField(fa *ssa.FieldAddr) bool {
	return knowledge.MetaField(ssaflow.Deref(fa.X.Type()), fa.Field) == knowledge.Labels
}

// callLabels follows a call of a function of the module given obj: the
// label keys it writes on that parameter. followed is false for any
// other call (a library's, whose effect says whether it touches labels).
func (c *checker) callLabels(fn *ssa.Function, call ssa.CallInstruction, obj ssa.Value, keys map[string]bool, depth int) (ok, followed bool) {
	cc := call.Common()
	if cc.IsInvoke() {
		return false, false
	}
	f := crapi.Callee(cc)
	if f == nil || f.Pkg() == nil || !ssapkg.InModule(c.pass, f.Pkg().Path()) {
		return false, false
	}
	var params []int
	for i, a := range cc.Args {
		if c.objs.Same(fn, a, obj) {
			params = append(params, i)
		}
	}
	if len(params) == 0 {
		return false, false
	}
	if f.Pkg() != c.pass.Pkg {
		_, writes := c.objs.ImportedMeta(f)
		for _, w := range writes {
			if w.Map != knowledge.Labels || !slices.Contains(params, w.Param) {
				continue
			}
			if w.Key == "" {
				return false, true
			}
			keys[w.Key] = true
		}
		return true, true
	}
	callee := cc.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 {
		return false, true
	}
	for _, i := range params {
		if i >= len(callee.Params) || !c.labelsOn(callee, callee.Params[i], keys, depth+1) {
			return false, true
		}
	}
	return true, true
}

// manager is the one manager of a binary, with its cache and what it
// reads uncached.
type manager struct {
	node     ast.Node // where main makes it, or calls the package that does
	cache    *wiring.CacheConfig
	uncached []apimarkers.Resource
	requests []wiring.Request
}

// judge reports, in package main, each entry whose type the binary's
// manager caches under a selector the created object's labels cannot
// satisfy: a key the selector requires (=, in, exists) that the object
// is not given. Only there is the answer complete: main imports every
// package of its binary, and the manager's options are read where it is
// made. A binary with several managers is left alone (which controllers
// each runs is not followed), and so is an entry whose type the manager's
// client reads uncached (DisableFor), or whose reads no cached Get of the
// manager's requests makes (the Get goes through another client).
//
// The finding is at the selector when the options are in this package:
// the created object and the cache option are both to blame, but the
// option is where the binary decides what its cache holds, a creation
// is in another package (its message names it), and one option may hide
// the objects of several creations.
func (c *checker) judge(all []Entry) {
	if c.pass.Pkg.Name() != "main" || len(all) == 0 {
		return
	}
	m, ok := c.manager()
	if !ok || m.cache == nil {
		return
	}
	for _, e := range all {
		sel := m.cache.SelectorOf(e.Type)
		if sel.Open != "" || sel.Selector == "" || slices.Contains(m.uncached, e.Resource) || !c.readCached(m, e) {
			continue
		}
		req, err := wiring.SelectorRequires(sel.Selector)
		if err != nil {
			continue
		}
		var missing []string
		for k := range req {
			if !slices.Contains(e.Labels, k) {
				missing = append(missing, k)
			}
		}
		if len(missing) == 0 {
			continue
		}
		slices.Sort(missing)
		where := "DefaultLabelSelector"
		if sel.ByObject {
			where = "ByObject"
		}
		msg := fmt.Sprintf("the manager's cache holds only %s objects whose labels match %q (%s at %s), but the %s that %s creates at %s is not given the label %s: the cached Get at %s never finds it and says NotFound on every reconcile, and every Create after the first fails with AlreadyExists; give the created object the label, or cache %s objects without that selector (or read them with mgr.GetAPIReader())",
			e.Type.Name, sel.Selector, where, sel.At, e.Type.Name, e.Func, e.CreateAt, strings.Join(missing, ", "), e.GetAt, e.Type.Name)
		if sel.Pos.IsValid() {
			diag.Report(c.pass, analysis.Diagnostic{Pos: sel.Pos, Message: msg})
			continue
		}
		diag.Reportf(c.pass, m.node, nil, "%s", msg)
	}
}

// readCached reports whether the manager's requests hold a Get of the
// entry's resource through its cached client.
func (c *checker) readCached(m manager, e Entry) bool {
	return slices.ContainsFunc(m.requests, func(n wiring.Request) bool {
		return n.Resource == e.Resource && n.Access == wiring.Read && !n.Reader && !n.Direct && n.Sub == ""
	})
}

// manager returns the binary's one manager: made in main, or in a
// package main calls.
func (c *checker) manager() (manager, bool) {
	mains, calls := c.w.Managers(), c.w.ManagerCalls()
	if len(mains)+len(calls) != 1 {
		return manager{}, false
	}
	if len(mains) == 1 {
		mm := mains[0]
		e := ssaflow.CallExpr(mm.Fn, mm.Call)
		if e == nil {
			return manager{}, false
		}
		return manager{node: e, cache: c.w.ManagerCache(mm), uncached: c.w.Uncached(), requests: wiring.ViaManager(c.w.Requests(mm.Funcs, nil))}, true
	}
	s := calls[0].Site
	return manager{node: calls[0].Node, cache: s.Cache, uncached: s.Uncached, requests: s.Requests}, true
}
