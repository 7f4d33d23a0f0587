package wiring

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Analyzer provides a *Result and exports the Wiring facts.
var Analyzer = &analysis.Analyzer{
	Name:       "wiring",
	Doc:        "record the object types, field lists and field indexes of the code each function and type may run",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, apimarkers.Analyzer, reach.Analyzer, objects.Analyzer, ownership.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{new(Wiring)},
}

// Use is an object type the code uses with a client or watches.
type Use struct {
	Type crapi.TypeRef
	What string // "Get", "List", "Create", ..., "For", "Owns", "Watches"
	At   string // file:line
}

// FieldList is a List by a field selector.
type FieldList struct {
	Type crapi.TypeRef // the item type
	Key  string
	At   string
	// Reader: the List goes through a client.Reader that is not a full
	// client (mgr.GetAPIReader(), the cache): it may not be the cached
	// client.
	Reader bool
	// Via is the struct field the client is read from
	// ("pkgpath.Reconciler.Client"), "" when it is not one.
	Via string
	pos token.Pos // in the analysed package only
}

// Pos returns where the List is, when it is in the analysed package.
func (l FieldList) Pos() token.Pos { return l.pos }

// Index is an IndexField registration. An empty Key is one whose key is
// not a constant, an empty Type one whose object type is not known: they
// may register any key. A function of another module handed the manager,
// its cache or its field indexer is an Index with neither: it may
// register any index (cluster-api's index.AddDefaultIndexes).
type Index struct {
	Type crapi.TypeRef
	Key  string
	At   string
}

// Wiring is the fact of an exported function or type: what the code it
// may run uses, lists by and registers, and what it asks of the API
// server (Requests: the code outside test files only, its conditions on
// the package's own client fields settled; see Result.Requests). An
// exported function or method that calls the client also has its Use:
// what it does with the client when called, by object type (ClientUse).
type Wiring struct {
	Uses     []Use
	Lists    []FieldList
	Indexes  []Index
	Requests []Request
	Use      *ClientUseFact
	// Managers are the managers the code makes outside package main (a
	// pkg/cmd/server package that main calls), each with what the code
	// of the function that makes it asks of the API server.
	Managers []Site
}

// Site is a manager made outside package main: where, and the requests
// of the code the function that makes it may run, settled on the
// manager's client (see ViaManager).
type Site struct {
	At       string // file:line of the NewManager call
	Requests []Request
	// Uncached are the resources its client reads without the cache
	// (client.CacheOptions.DisableFor in the package).
	Uncached []apimarkers.Resource
	// Metrics is what its options configure its metrics server with
	// (managermetrics.go).
	Metrics ManagerMetrics
	// Cache is the label selectors of its cache (managercache.go); nil
	// when its options set none.
	Cache *CacheConfig
}

// AFact implements analysis.Fact.
func (*Wiring) AFact() {}

func (w *Wiring) String() string {
	var s []string
	for _, u := range w.Uses {
		s = append(s, u.What+"("+u.Type.Name+")")
	}
	for _, l := range w.Lists {
		s = append(s, fmt.Sprintf("list(%s,%q)", l.Type.Name, l.Key))
	}
	for _, ix := range w.Indexes {
		s = append(s, fmt.Sprintf("index(%s,%q)", ix.Type.Name, ix.Key))
	}
	for _, n := range w.Requests {
		r := n.Resource.String()
		if n.Sub != "" {
			r += "/" + n.Sub
		}
		s = append(s, fmt.Sprintf("request(%s:%s)", r, n.Access))
	}
	for _, m := range w.Managers {
		s = append(s, "manager("+m.At+m.Cache.String()+")")
	}
	if a := w.Use; a != nil {
		s = append(s, a.String())
	}
	return "wiring(" + strings.Join(s, " ") + ")"
}

func (w *Wiring) empty() bool {
	return len(w.Uses)+len(w.Lists)+len(w.Indexes)+len(w.Requests)+len(w.Managers) == 0 && w.Use == nil
}

// add merges o into w, each use (type and what), list and index once.
func (w *Wiring) add(o *Wiring) {
	for _, u := range o.Uses {
		if !slices.ContainsFunc(w.Uses, func(v Use) bool { return v.Type == u.Type && v.What == u.What }) {
			w.Uses = append(w.Uses, u)
		}
	}
	for _, l := range o.Lists {
		if !slices.ContainsFunc(w.Lists, func(m FieldList) bool { return m.Type == l.Type && m.Key == l.Key && m.At == l.At }) {
			w.Lists = append(w.Lists, l)
		}
	}
	for _, ix := range o.Indexes {
		if !slices.Contains(w.Indexes, ix) {
			w.Indexes = append(w.Indexes, ix)
		}
	}
}

// Result answers for the analysed package.
type Result struct {
	pass   *analysis.Pass
	graph  *reach.Graph
	direct map[*ssa.Function]*Wiring
	// col holds the requests of the package's functions (test files
	// left out) and what the package fills client fields with.
	col *collector
	// Funcs are the package's source functions, test files left out.
	Funcs []*ssa.Function
	// sites are the managers the package's functions make, outside
	// package main.
	sites map[*ssa.Function][]Site
	// acc answers ClientUse; nil for a dependency package.
	acc *clientUses
}

// Of returns the package's Result; an empty one (which knows no client
// use) when the analyzer did not run.
func Of(pass *analysis.Pass) *Result {
	if r, ok := pass.ResultOf[Analyzer].(*Result); ok && r != nil {
		return r
	}
	return &Result{pass: pass, direct: map[*ssa.Function]*Wiring{}}
}

// Of returns what the code that fns and the methods of tns may run uses,
// lists by and registers.
func (r *Result) Of(fns []*ssa.Function, tns []*types.TypeName) *Wiring {
	w := &Wiring{}
	if r.graph == nil {
		return w
	}
	r.graph.Walk(fns, tns, func(fn *ssa.Function) {
		if d := r.direct[fn]; d != nil {
			w.add(d)
		}
	}, func(obj types.Object) {
		var fact Wiring
		if r.pass.ImportObjectFact(obj, &fact) {
			w.add(&fact)
		}
	})
	return w
}

// Requests returns what the code that fns and the methods of tns may run
// asks of the API server, each resource, access and condition once: the
// package's own requests (test files left out) and the Requests of the
// imported functions and types it refers to, over reach's SourceGraph.
// Attributing requests by function and type, not by package, keeps a
// manager from being charged for a controller of an imported package it
// does not start (a cert-controller subcommand's manager and the main one
// share their controller package).
//
// Outside package main, the conditions on the parameters of fns and of
// the methods of tns stay for the callers in other packages to settle;
// the other conditions the package's own client fields settle.
func (r *Result) Requests(fns []*ssa.Function, tns []*types.TypeName) []Request {
	if r.col == nil {
		return nil
	}
	g := reach.Of(r.pass).SourceGraph()
	var out []Request
	g.Walk(fns, tns, func(fn *ssa.Function) {
		out = MergeRequests(out, r.col.direct[fn])
	}, func(obj types.Object) {
		var fact Wiring
		if r.pass.ImportObjectFact(obj, &fact) {
			out = MergeRequests(out, fact.Requests)
		}
	})
	var prefixes []string
	if r.pass.Pkg.Name() != "main" {
		for _, fn := range fns {
			if obj, ok := fn.Object().(*types.Func); ok {
				prefixes = append(prefixes, obj.FullName()+"#")
			}
		}
		for _, tn := range tns {
			for _, m := range g.Methods(tn) {
				if obj, ok := m.Object().(*types.Func); ok {
					prefixes = append(prefixes, obj.FullName()+"#")
				}
			}
		}
	}
	return r.col.resolve(out, func(via string) bool {
		return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(via, p) })
	})
}

// ViaManager drops the requests that still wait for a call of a helper
// with the manager's client: no code the binary runs makes that call, so
// the helper is reached only because its type is (a method cluster-api's
// topology code calls with a workload cluster's client), or through an
// interface or a function value, whose arguments are not followed. A
// request still waiting for a struct field to be filled stays: a field no
// code fills is the manager's client injected by hand.
func ViaManager(list []Request) []Request {
	return slices.DeleteFunc(list, func(n Request) bool {
		// A typed clientset or config field no code seen fills is not
		// taken as the manager's: it is as often made for another
		// cluster.
		return strings.Contains(n.Via, "#") || strings.HasPrefix(n.Via, clientsetVia) || strings.HasPrefix(n.Via, configVia)
	})
}

// MergeRequests appends to list the requests of more it does not hold
// yet.
func MergeRequests(list, more []Request) []Request {
	seen := map[string]bool{}
	for _, n := range list {
		seen[n.key()] = true
	}
	for _, n := range more {
		if !seen[n.key()] {
			seen[n.key()] = true
			list = append(list, n)
		}
	}
	return list
}

// OfCalls returns what calling fns, functions of the package, runs along
// calls and function values (see reach.Graph.WalkCalls).
func (r *Result) OfCalls(fns []*ssa.Function) *Wiring {
	w := &Wiring{}
	if r.graph == nil {
		return w
	}
	r.graph.WalkCalls(fns, func(fn *ssa.Function) {
		if d := r.direct[fn]; d != nil {
			w.add(d)
		}
	}, func(obj *types.Func) {
		var fact Wiring
		if r.pass.ImportObjectFact(obj, &fact) {
			w.add(&fact)
		}
	})
	return w
}

// Graph returns the package's reach graph.
func (r *Result) Graph() *reach.Graph { return r.graph }

// run builds the package's Result and exports its Wiring facts. Its
// steps: the graphs and requests of the package's functions; the direct
// uses of each function (directs.calls) and of the watches of the
// package's controllers (watchUses), where a dependency package's stops.
// Then the client uses; the managers the package's functions make,
// outside package main (Result.findManagerSites); and the facts of what
// the package's roots may run (Result.exportFacts), with the client use
// of each exported function that calls the client
// (Result.exportedClientUses).
func run(pass *analysis.Pass) (any, error) {
	r := &Result{pass: pass, direct: map[*ssa.Function]*Wiring{}}
	prog := ssapkg.Of(pass)
	all := slices.Concat(prog.SrcFuncs(), prog.InitFuncs())
	if len(all) == 0 {
		return r, nil
	}
	src := reach.Of(pass).Source()
	r.Funcs = src
	// The test files' functions are in the graph too (a test's fake
	// client lists by what its reconciler lists by), but not in facts.
	r.graph = reach.Of(pass).Graph()
	model, _ := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	r.col = collect(pass, apimarkers.Of(pass), objects.Of(pass), ownership.Of(pass), src, model)
	d := &directs{pass: pass, out: r.direct, all: all}
	for _, fn := range all {
		d.calls(fn)
	}
	watchUses(d, model)
	if ssapkg.IsDependency(pass) {
		return r, nil
	}
	r.acc = newClientUses(pass)
	if pass.Pkg.Name() != "main" {
		r.findManagerSites(d, src)
	}
	r.exportFacts(src, r.exportedClientUses(prog.SrcFuncs()))
	return r, nil
}

// watchUses adds to the direct uses of the functions that set up the
// watches of model's controllers each watched type of a static kind,
// with the watch method as what uses it. A nil model has none.
func watchUses(d *directs, model *ctrlmodel.Model) {
	if model == nil {
		return
	}
	for _, ch := range model.Chains {
		for _, c := range ch.Sources() {
			if c.Object == nil || c.Fn == nil {
				continue
			}
			if ref, ok := crapi.RefOf(ssaflow.Deref(c.Object)); ok && !ctrlmodel.DynamicKind(ssaflow.Deref(c.Object)) {
				d.of(c.Fn).add(&Wiring{Uses: []Use{{Type: ref, What: string(c.Method), At: d.at(c.Pos)}}})
			}
		}
	}
}

// findManagerSites records in r.sites, for each function of src, the
// managers it makes (its calls of ctrl.NewManager or manager.New), each
// with what the function requests through it and the resources the
// package's managers read without the cache.
func (r *Result) findManagerSites(d *directs, src []*ssa.Function) {
	r.sites = map[*ssa.Function][]Site{}
	for _, fn := range src {
		for call := range ssaflow.Calls(fn) {
			if crapi.IsNewManager(call.Common()) {
				r.sites[fn] = append(r.sites[fn], Site{At: d.at(call.Pos()), Requests: ViaManager(r.Requests([]*ssa.Function{fn}, nil)), Uncached: r.Uncached(),
					Metrics: r.MetricsOf(fn, call), Cache: r.cacheOf(fn, call)})
			}
		}
	}
}

// exportedClientUses returns the client use of each exported function
// and method of funcs (not a closure) that calls the client, by its
// object. Test files are included: a test helper of another package may
// be called from a test.
func (r *Result) exportedClientUses(funcs []*ssa.Function) map[types.Object]*ClientUseFact {
	uses := map[types.Object]*ClientUseFact{}
	for _, fn := range funcs {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() && fn.Parent() == nil {
			if u := r.ClientUse(fn); u.ClientCalls {
				uses[obj] = u.fact()
			}
		}
	}
	return uses
}

// exportFacts exports a Wiring fact, when not empty, for each root of
// src's graph: what a root function, then the methods of a root type,
// may run, request and make managers for, with a function's client use
// from uses. The client uses of exported functions that are no roots
// get a fact of their own. Last, an exported variable holding functions
// (urfave/cli's var Command = &cli.Command{Action: run}, which main
// lists) has what they may run.
func (r *Result) exportFacts(src []*ssa.Function, uses map[types.Object]*ClientUseFact) {
	pass := r.pass
	fns, tns := r.graph.Roots(src)
	for _, fn := range fns {
		w := r.Of([]*ssa.Function{fn}, nil)
		w.Requests = r.Requests([]*ssa.Function{fn}, nil)
		w.Managers = r.managerSites([]*ssa.Function{fn}, nil)
		w.Use = uses[fn.Object()]
		delete(uses, fn.Object())
		if !w.empty() {
			pass.ExportObjectFact(fn.Object(), w)
		}
	}
	for obj, u := range uses {
		pass.ExportObjectFact(obj, &Wiring{Use: u})
	}
	for _, tn := range tns {
		w := r.Of(nil, []*types.TypeName{tn})
		w.Requests = r.Requests(nil, []*types.TypeName{tn})
		w.Managers = r.managerSites(nil, []*types.TypeName{tn})
		if !w.empty() {
			pass.ExportObjectFact(tn, w)
		}
	}
	for _, gl := range reach.Of(pass).SourceGraph().RootVars() {
		stored := reach.Of(pass).SourceGraph().Stored(gl)
		w := r.Of(stored, nil)
		w.Requests = r.Requests(stored, nil)
		w.Managers = r.managerSites(stored, nil)
		if !w.empty() {
			pass.ExportObjectFact(gl.Object(), w)
		}
	}
}

// managerSites returns the managers the code that fns and the methods of
// tns may run makes outside package main, over reach's SourceGraph (a
// test environment's manager is not one).
func (r *Result) managerSites(fns []*ssa.Function, tns []*types.TypeName) []Site {
	var out []Site
	add := func(list []Site) {
		for _, s := range list {
			if !slices.ContainsFunc(out, func(o Site) bool { return o.At == s.At }) {
				out = append(out, s)
			}
		}
	}
	reach.Of(r.pass).SourceGraph().Walk(fns, tns, func(fn *ssa.Function) {
		add(r.sites[fn])
	}, func(obj types.Object) {
		var fact Wiring
		if r.pass.ImportObjectFact(obj, &fact) {
			add(fact.Managers)
		}
	})
	return out
}

// directs collects each function's own uses, lists and indexes.
type directs struct {
	pass *analysis.Pass
	out  map[*ssa.Function]*Wiring
	all  []*ssa.Function
	// strings holds the package's string variables set once, to a
	// constant (var jobOwnerKey = ".metadata.controller" in kubebuilder's
	// CronJob tutorial); nil until first asked.
	strings map[*ssa.Global]string
}

// str returns the constant string v holds: a constant, or a load of a
// package variable of this package that only its initializer sets.
func (d *directs) str(v ssa.Value) (string, bool) {
	if s, ok := crapi.ConstString(v); ok {
		return s, true
	}
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return "", false
	}
	g, ok := u.X.(*ssa.Global)
	if !ok || g.Pkg == nil || g.Pkg.Pkg != d.pass.Pkg {
		return "", false
	}
	if d.strings == nil {
		d.strings = map[*ssa.Global]string{}
		stores := map[*ssa.Global]int{}
		for _, fn := range d.all {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					st, ok := instr.(*ssa.Store)
					if !ok {
						continue
					}
					if g, ok := st.Addr.(*ssa.Global); ok {
						stores[g]++
						if s, ok := crapi.ConstString(st.Val); ok && fn.Name() == "init" && fn.Parent() == nil {
							d.strings[g] = s
						}
					}
				}
			}
		}
		for g, n := range stores {
			if n != 1 {
				delete(d.strings, g)
			}
		}
	}
	s, ok := d.strings[g]
	return s, ok
}

func (d *directs) of(fn *ssa.Function) *Wiring {
	w := d.out[fn]
	if w == nil {
		w = &Wiring{}
		d.out[fn] = w
	}
	return w
}

func (d *directs) at(pos token.Pos) string {
	p := d.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", shortFile(p.Filename), p.Line)
}

func shortFile(name string) string {
	if i := strings.LastIndex(name, "/"); i >= 0 {
		return name[i+1:]
	}
	return name
}

func (d *directs) calls(fn *ssa.Function) {
	for call := range ssaflow.Calls(fn) {
		cc := call.Common()
		if c, args, ok := crapi.ClientCallSSA(cc); ok {
			d.clientCall(fn, call, c, args)
			continue
		}
		callee := crapi.Callee(cc)
		indexField := callee != nil && callee.Name() == "IndexField" && callee.Pkg() != nil &&
			strings.HasPrefix(callee.Pkg().Path(), "sigs.k8s.io/controller-runtime/")
		// A call through a function value of IndexField's type (a
		// parameter given indexer.IndexField) registers what its
		// arguments say, as the method would: followed, not opened.
		viaValue := callee == nil && !cc.IsInvoke() && crapi.IsIndexFieldFunc(cc.Value.Type())
		if indexField || viaValue {
			args := crapi.CallArgs(cc)
			ix := Index{At: d.at(call.Pos())}
			if len(args) >= 3 {
				if t := objects.ObjectType(args[1]); t != nil {
					ix.Type, _ = crapi.RefOf(ssaflow.Deref(t))
				}
				ix.Key, _ = d.str(args[2])
			}
			d.of(fn).add(&Wiring{Indexes: []Index{ix}})
			continue
		}
		if d.outside(cc) && d.handsIndexer(cc) {
			d.of(fn).add(&Wiring{Indexes: []Index{{At: d.at(call.Pos())}}})
		}
	}
}

// outside reports whether cc calls code of another module than the
// analysed package's, other than controller-runtime and Kubernetes' own
// libraries, which register no index: its IndexField calls are not seen.
// A function value may be anything; an interface method counts as
// outside when its interface is declared outside the module (an
// interface of the module is implemented by the module's types, whose
// methods the reach graph already holds).
func (d *directs) outside(cc *ssa.CallCommon) bool {
	fn := crapi.Callee(cc)
	if fn == nil && !cc.IsInvoke() && crapi.CtrlVar(cc.Value) == "" {
		return true // a function value: it may be anything
	}
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == d.pass.Pkg {
		return false
	}
	path := fn.Pkg().Path()
	if knowledge.KubernetesLibrary(path) || knowledge.StandardLibrary(path) {
		return false
	}
	if ssapkg.InModule(d.pass, path) {
		return false // the module's own: its fact says what it registers
	}
	return true
}

// handsIndexer reports whether cc is given a manager, a cache or a field
// indexer of controller-runtime.
func (d *directs) handsIndexer(cc *ssa.CallCommon) bool {
	vals := cc.Args
	if cc.IsInvoke() {
		vals = append([]ssa.Value{cc.Value}, vals...)
	}
	for _, v := range vals {
		t := v.Type()
		if crapi.IsIndexFieldFunc(t) {
			return true // indexer.IndexField handed on as a value
		}
		if n := crapi.Named(t); n != nil && n.Obj().Pkg() != nil {
			switch n.Obj().Pkg().Path() + "." + n.Obj().Name() {
			case "sigs.k8s.io/controller-runtime/pkg/manager.Manager", "sigs.k8s.io/controller-runtime/pkg/cache.Cache",
				"sigs.k8s.io/controller-runtime/pkg/client.FieldIndexer", "sigs.k8s.io/controller-runtime/pkg/cluster.Cluster":
				return true
			}
		}
	}
	return false
}

func (d *directs) clientCall(fn *ssa.Function, call ssa.CallInstruction, c crapi.ClientCall, args []ssa.Value) {
	var t types.Type
	switch {
	case c.Method == crapi.Get && len(args) >= 3:
		t = objects.ObjectType(args[2])
	case c.Method == crapi.List && len(args) >= 2:
		t = objects.ListItemType(ssaflow.Strip(args[1]).Type())
	case c.Method != crapi.Apply && len(args) >= 2:
		t = objects.ObjectType(args[1])
	}
	if t == nil {
		return
	}
	ref, ok := crapi.RefOf(ssaflow.Deref(t))
	if !ok {
		return
	}
	w := d.of(fn)
	w.add(&Wiring{Uses: []Use{{Type: ref, What: string(c.Method), At: d.at(call.Pos())}}})
	if c.Method != crapi.List || c.SubResource {
		return
	}
	recv := crapi.Receiver(call.Common())
	reader := !FullClient(recv)
	via := ""
	if u, ok := recv.(*ssa.UnOp); ok && u.Op == token.MUL {
		via = ssaflow.FieldKey(u.X)
	}
	for _, key := range d.fieldKeys(args[2:]) {
		w.Lists = append(w.Lists, FieldList{Type: ref, Key: key, At: d.at(call.Pos()), Reader: reader, Via: via, pos: call.Pos()})
	}
}

// FullClient reports whether the client value v is a client.Client (or
// client.WithWatch), the manager's cached client when it is the
// manager's, rather than only a reader (mgr.GetAPIReader(), the cache): a
// read through a full client is served by the cache. Conversions are seen
// through (a client.Reader variable holding a client.Client is a full
// client); a struct of the module that implements the interface (a
// wrapper) or the concrete client has Create, so it is no bare reader.
// The one answer for wiring's Lists and rbacgrant's reads.
func FullClient(v ssa.Value) bool {
	if v == nil {
		return false
	}
	t := ssaflow.Strip(v).Type()
	if n := crapi.Named(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == crapi.ClientPkg {
		return n.Obj().Name() == "Client" || n.Obj().Name() == "WithWatch"
	}
	return types.NewMethodSet(t).Lookup(nil, "Create") != nil || types.NewMethodSet(types.NewPointer(t)).Lookup(nil, "Create") != nil
}

// fieldKeys returns the constant field keys of the List options opts
// (the variadic argument): client.MatchingFields{key: v},
// client.MatchingFieldsSelector{Selector: fields.OneTermEqualSelector(key,
// v)}, &client.ListOptions{FieldSelector: ...}.
func (d *directs) fieldKeys(opts []ssa.Value) []string {
	var keys []string
	for _, o := range opts {
		elems, ok := ssaflow.VariadicElems(o)
		if !ok {
			elems = []ssa.Value{o}
		}
		for _, e := range elems {
			keys = append(keys, d.optionKeys(ssaflow.StripConv(e), 0)...)
		}
	}
	return keys
}

func (d *directs) optionKeys(v ssa.Value, depth int) []string {
	if depth > 4 {
		return nil
	}
	switch v := v.(type) {
	case *ssa.MakeInterface:
		return d.optionKeys(v.X, depth+1)
	case *ssa.ChangeType:
		return d.optionKeys(v.X, depth+1)
	case *ssa.MakeMap:
		// client.MatchingFields{key: v}: the map's updates (not those of
		// MatchingLabels, a map too).
		if !crapi.IsNamed(v.Type(), crapi.ClientPkg, "MatchingFields") {
			return nil
		}
		var keys []string
		for _, ref := range *v.Referrers() {
			if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == v {
				if k, ok := d.str(u.Key); ok {
					keys = append(keys, k)
				}
			}
		}
		return keys
	case *ssa.Call:
		if crapi.IsFuncIn(crapi.Callee(v.Common()), "k8s.io/apimachinery/pkg/fields", "OneTermEqualSelector") && len(v.Call.Args) >= 1 {
			if k, ok := d.str(v.Call.Args[0]); ok {
				return []string{k}
			}
		}
	case *ssa.UnOp:
		// *&T{...}: a struct literal's fields.
		if a, ok := v.X.(*ssa.Alloc); ok {
			return d.structKeys(a, depth)
		}
	case *ssa.Alloc:
		return d.structKeys(v, depth)
	}
	return nil
}

// structKeys returns the keys of the selectors stored in the fields of a
// struct literal (client.ListOptions.FieldSelector,
// client.MatchingFieldsSelector.Selector).
func (d *directs) structKeys(a *ssa.Alloc, depth int) []string {
	var keys []string
	for _, ref := range *a.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		for _, r2 := range *fa.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == fa {
				keys = append(keys, d.optionKeys(ssaflow.StripConv(st.Val), depth+1)...)
			}
		}
	}
	return keys
}

// Manager is a call of package main that creates a manager.
type Manager struct {
	Fn   *ssa.Function
	Call *ssa.Call
	// Funcs are the code the manager runs: all of package main, or, when
	// it creates several (cobra subcommands of one binary), the function
	// that creates this one.
	Funcs []*ssa.Function
}

// Managers returns the managers package main creates; none in another
// package (a manager made elsewhere is a test environment's, or a
// library's whose controllers are not known). See ManagerCalls for those
// made in other packages of the module that main calls.
func (r *Result) Managers() []Manager {
	if r.pass.Pkg.Name() != "main" {
		return nil
	}
	var out []Manager
	for _, fn := range r.Funcs {
		for call := range ssaflow.Calls(fn) {
			if call, ok := call.(*ssa.Call); ok && crapi.IsNewManager(call.Common()) {
				out = append(out, Manager{Fn: fn, Call: call, Funcs: r.Funcs})
			}
		}
	}
	if len(out) > 1 {
		for i := range out {
			out[i].Funcs = []*ssa.Function{out[i].Fn}
		}
	}
	return out
}

// ManagerCall is a call of package main into another package of the
// module that makes a manager there (server.Run() of a pkg/cmd/server
// package, cobra's cmd.Execute()).
type ManagerCall struct {
	Fn   *ssa.Function
	Node ast.Node // the call, or the reference to the variable
	Site Site
}

// ManagerCalls returns, in package main, the calls of main's code into
// other packages that make managers, each manager once, at the first
// call that reaches it. A manager reached only from tests (an envtest
// environment's) is not among them: the facts follow code outside test
// files.
func (r *Result) ManagerCalls() []ManagerCall {
	if r.pass.Pkg.Name() != "main" {
		return nil
	}
	var out []ManagerCall
	add := func(fn *ssa.Function, node ast.Node, obj types.Object) {
		var fact Wiring
		if node == nil || !r.pass.ImportObjectFact(obj, &fact) {
			return
		}
		for _, s := range fact.Managers {
			if !slices.ContainsFunc(out, func(o ManagerCall) bool { return o.Site.At == s.At }) {
				out = append(out, ManagerCall{Fn: fn, Node: node, Site: s})
			}
		}
	}
	var ops []*ssa.Value
	for _, fn := range r.Funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				for _, op := range instr.Operands(ops[:0]) {
					if gl, ok := (*op).(*ssa.Global); ok && gl.Pkg != nil && gl.Pkg.Pkg != r.pass.Pkg && gl.Object() != nil {
						add(fn, r.use(gl.Object()), gl.Object())
					}
				}
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := crapi.Callee(call.Common())
				if callee == nil || callee.Pkg() == nil || callee.Pkg() == r.pass.Pkg {
					continue
				}
				var obj types.Object = callee
				if recv := callee.Signature().Recv(); recv != nil {
					named := crapi.Named(ssaflow.Deref(recv.Type()))
					if named == nil {
						continue
					}
					obj = named.Obj()
				}
				if expr := ssaflow.CallExpr(fn, call); expr != nil {
					add(fn, expr, obj)
				}
			}
		}
	}
	return out
}

// use returns the first reference to obj in the package's files.
func (r *Result) use(obj types.Object) ast.Node {
	var found ast.Node
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && found == nil && r.pass.TypesInfo.Uses[id] == obj {
				found = id
			}
			return found == nil
		})
		if found != nil {
			break
		}
	}
	return found
}

// Uncached returns the resources a manager made in the package reads
// without its cache: the types of client.CacheOptions{DisableFor: ...}
// in the package's files.
func (r *Result) Uncached() []apimarkers.Resource {
	var out []apimarkers.Resource
	markers := apimarkers.Of(r.pass)
	for _, f := range r.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.CompositeLit)
			if !ok {
				return true
			}
			named := crapi.Named(r.pass.TypesInfo.TypeOf(lit))
			if named == nil || named.Obj().Pkg() == nil || named.Obj().Pkg().Path() != crapi.ClientPkg || named.Obj().Name() != "CacheOptions" {
				return true
			}
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if id, isID := kv.Key.(*ast.Ident); !ok || !isID || id.Name != "DisableFor" {
					continue
				}
				list, ok := kv.Value.(*ast.CompositeLit)
				if !ok {
					continue
				}
				for _, el := range list.Elts {
					if res, ok := markers.ResourceOf(r.pass.TypesInfo.TypeOf(el)); ok {
						if !slices.Contains(out, res) {
							out = append(out, res)
						}
					}
				}
			}
			return true
		})
	}
	return out
}
