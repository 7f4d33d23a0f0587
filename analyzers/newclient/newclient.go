package newclient

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports API clients constructed on every reconcile.
var Analyzer = &analysis.Analyzer{
	Name:      "newclient",
	Doc:       checkdoc.MustExtract(doc, "newclient"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, reach.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(ConstructsClient)},
}

// ConstructsClient is the fact of an exported function or method of the
// module that builds an API client each time it is called, in its body or
// in the same-package functions and closures it runs synchronously (or
// through a function of another package with the fact), and does not keep
// it behind a cache. A reconciler of another package that calls it is
// reported at the call.
type ConstructsClient struct {
	Ctor string // the constructor, as in the table: "kubernetes.NewForConfig"
	Kind Kind
	At   string // file:line of the construction, for the message
}

// AFact implements analysis.Fact.
func (*ConstructsClient) AFact() {}

func (f *ConstructsClient) String() string { return "constructsClient(" + f.Ctor + ")" }

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	funcs := prog.SrcFuncs()
	pkg := prog.Package()
	if len(funcs) == 0 || pkg == nil {
		return nil, nil
	}
	set := reach.Of(pass).Reconcile()
	c := &checker{pass: pass, pkg: pkg, funcs: funcs, calls: set.Calls}
	live := c.perReconcile(set)
	for _, fn := range set.Funcs { // source order
		if live[fn] {
			c.check(fn)
		}
	}
	c.exportFacts(live)
	return nil, nil
}

type checker struct {
	pass  *analysis.Pass
	pkg   *ssa.Package
	funcs []*ssa.Function
	calls *reach.Calls                // the package's synchronous calls
	inits map[*ssa.Global][]ssa.Value // what the package initialisers store into its globals
	// callers are the static calls of each function of the package.
	callers map[*ssa.Function][]ssa.CallInstruction
}

// site is a construction of a client in a function: a constructor of the
// table, or a function of another package with the fact.
type site struct {
	call   ssa.CallInstruction
	ctor   string // the constructor of the table
	kind   Kind
	via    string // the name the code calls it by, when it is not ctor
	helper bool   // a function of another package with the fact
	at     string // where a helper constructs
}

// sites returns the constructions of fn (not of its closures, which are
// functions of their own) that are not kept for later. forFact is set when
// the sites make a fact, for callers in other packages.
func (c *checker) sites(fn *ssa.Function, forFact bool) []site {
	if len(fn.Blocks) == 0 || ssapkg.InTestCode(c.pass, fn.Pos()) {
		return nil
	}
	var out []site
	for call := range ssaflow.Calls(fn) {
		if _, ok := call.(*ssa.Go); ok {
			continue
		}
		s, ok := c.construction(call.Common())
		if !ok {
			continue
		}
		s.call = call
		if v, ok := call.(*ssa.Call); ok && (c.cached(fn, v, forFact) || fallback(v)) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// construction recognises cc as the call of a client constructor: a
// function or variable of the table, a variable of this package holding
// one (var newClientset = kubernetes.NewForConfig), or a function of
// another package with the ConstructsClient fact.
func (c *checker) construction(cc *ssa.CallCommon) (site, bool) {
	if cc.IsInvoke() {
		return site{}, false
	}
	if fn := crapi.Callee(cc); fn != nil {
		if name, kind, ok := lookupFunc(fn); ok {
			return site{ctor: name, kind: kind}, true
		}
		if fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
			return site{}, false
		}
		f := new(ConstructsClient)
		if c.pass.ImportObjectFact(fn, f) {
			return site{ctor: f.Ctor, kind: f.Kind, helper: true, at: f.At, via: funcName(fn, c.pass.Pkg)}, true
		}
		return site{}, false
	}
	// A call of a function-valued package variable.
	load, ok := cc.Value.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return site{}, false
	}
	g, ok := load.X.(*ssa.Global)
	if !ok {
		return site{}, false
	}
	v, ok := g.Object().(*types.Var)
	if !ok {
		return site{}, false
	}
	if name, kind, ok := lookupVar(v); ok {
		return site{ctor: name, kind: kind}, true
	}
	if v.Pkg() != c.pass.Pkg {
		return site{}, false
	}
	for _, val := range c.initial(g) {
		f, ok := ssaflow.StripConv(val).(*ssa.Function)
		if !ok {
			continue
		}
		if obj, ok := f.Object().(*types.Func); ok {
			if name, kind, ok := lookupFunc(obj); ok {
				return site{ctor: name, kind: kind, via: v.Name()}, true
			}
		}
	}
	return site{}, false
}

// initial returns the values the package's initialisers store into the
// global g (SSA keeps no referrers of a global).
func (c *checker) initial(g *ssa.Global) []ssa.Value {
	if c.inits == nil {
		c.inits = map[*ssa.Global][]ssa.Value{}
		if init := c.pkg.Func("init"); init != nil {
			for _, b := range init.Blocks {
				for _, instr := range b.Instrs {
					if st, ok := instr.(*ssa.Store); ok {
						if g, ok := st.Addr.(*ssa.Global); ok {
							c.inits[g] = append(c.inits[g], st.Val)
						}
					}
				}
			}
		}
	}
	return c.inits[g]
}

// check reports the constructions of fn, a function run by every
// reconcile.
func (c *checker) check(fn *ssa.Function) {
	for _, s := range c.sites(fn, false) {
		c.report(fn, s)
	}
}

func (c *checker) report(fn *ssa.Function, s site) {
	pos, end := s.call.Pos(), token.NoPos
	name := s.ctor
	if expr := ssaflow.CallExpr(fn, s.call); expr != nil {
		pos, end = expr.Pos(), expr.End()
		written := types.ExprString(expr.Fun)
		switch {
		case s.helper:
			name = written
		case s.via != "":
			name = written + " (" + s.ctor + ")"
		case lastName(written) == lastName(s.ctor):
			name = written
		}
	} else if s.via != "" {
		name = s.via
	}
	if !pos.IsValid() {
		return
	}
	if s.kind == Clientset && !s.helper {
		if read := uncachedOnly(s.call); read != nil {
			row, _ := knowledge.UncachedReadOf(crapi.Callee(read.Common()))
			diag.Report(c.pass, analysis.Diagnostic{
				Pos: pos, End: end,
				Message: fmt.Sprintf("%s builds a new clientset each time a reconcile runs it, only to read %s (%s at line %d), which no informer cache holds, over the TLS transport client-go shares between clients of one configuration (unless it sets a Proxy or Dial function): what each reconcile adds is a client-side rate limiter that starts full, from the QPS and Burst of the config it is given (client-go's 5 and 10 when they are 0, none when QPS is negative, as controller-runtime's GetConfig sets it), apart from the manager's client, so no limit bounds these requests across reconciles; %s",
					name, row.What, row.Name, c.pass.Fset.Position(read.Pos()).Line, fixUncached),
			})
			return
		}
	}
	what := costs[s.kind]
	if s.helper {
		what = s.ctor + " at " + s.at + ": " + what
	}
	diag.Report(c.pass, analysis.Diagnostic{
		Pos: pos, End: end,
		Message: fmt.Sprintf("%s builds a new API client each time a reconcile runs it (%s), adding load on the API server and memory with every request; %s", name, what, fix),
	})
}

// fix is the advice every diagnostic ends with.
const fix = "build it once, in main or SetupWithManager, and keep it on the reconciler, use the manager's client (mgr.GetClient(), mgr.GetAPIReader()), or cache it per target cluster"

// fixUncached is the advice for a clientset built for reads no cache
// serves: the manager's client does not make them.
const fixUncached = "build it once, in main or SetupWithManager, from mgr.GetConfig(), and keep it on the reconciler, or cache it per target cluster"

// uncachedOnly returns the first read of knowledge's UncachedReads (pod
// logs) made with the client that call constructs, when such reads are
// all it is used for: through the methods that return another client
// (CoreV1(), Pods(ns)) and conversions, never stored, passed on, returned
// or used for another request. Such a client costs no cache misses and no
// connection of its own: client-go's transport cache gives every client
// of one TLS configuration the same transport (k8s.io/client-go
// transport/cache.go, tlsTransportCache.get), while each clientset makes
// its own token bucket from the config's QPS and Burst
// (kubernetes/clientset.go NewForConfigAndClient, rest/config.go
// RESTClientForConfigAndClient).
func uncachedOnly(call ssa.CallInstruction) *ssa.Call {
	c, ok := call.(*ssa.Call)
	if !ok {
		return nil
	}
	v := ssa.Value(c)
	if _, tuple := c.Type().(*types.Tuple); tuple {
		if v = ssaflow.Extract(c, 0); v == nil {
			return nil
		}
	}
	var first *ssa.Call
	var walk func(v ssa.Value, depth int) bool
	walk = func(v ssa.Value, depth int) bool {
		refs := v.Referrers()
		if refs == nil || depth > 6 {
			return false
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.DebugRef:
				continue
			case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType:
				if !walk(r.(ssa.Value), depth+1) {
					return false
				}
				continue
			case *ssa.Call:
				cc := r.Common()
				fn := crapi.Callee(cc)
				recv := crapi.Receiver(cc)
				if fn == nil || fn.Signature().Recv() == nil || recv != v {
					return false // v handed to a function, not a method called on it
				}
				if _, ok := knowledge.UncachedReadOf(fn); ok {
					if first == nil || r.Pos() < first.Pos() {
						first = r
					}
					continue
				}
				// A method that returns another client: followed.
				if !types.IsInterface(r.Type()) || !walk(r, depth+1) {
					return false
				}
				continue
			}
			return false
		}
		return true
	}
	if !walk(v, 0) {
		return nil
	}
	return first
}

// lastName returns what follows the last dot of a qualified name.
func lastName(s string) string {
	return s[strings.LastIndexByte(s, '.')+1:]
}

// funcName names fn as the package from would: pkg.F or (*pkg.T).M.
func funcName(fn *types.Func, from *types.Package) string {
	qual := func(p *types.Package) string {
		if p == from {
			return ""
		}
		return p.Name()
	}
	if recv := fn.Signature().Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), qual) + ")." + fn.Name()
	}
	if p := qual(fn.Pkg()); p != "" {
		return p + "." + fn.Name()
	}
	return fn.Name()
}

// exported reports whether fn is a declared function or method with an
// exported name.
func exported(fn *ssa.Function) bool {
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Exported()
}

// position renders pos as file:line.
func position(fset *token.FileSet, pos token.Pos) string {
	p := fset.Position(pos)
	if !p.IsValid() {
		return "?"
	}
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// perReconcile returns the functions of the reconcile set that run on
// every reconcile: reached from a reconcile function without passing
// through sync.Once.Do or a sync.OnceFunc/OnceValue/OnceValues function
// (which run once however many reconciles call them).
func (c *checker) perReconcile(set *reach.Reconcile) map[*ssa.Function]bool {
	var roots []*ssa.Function
	for _, root := range set.Roots {
		roots = append(roots, root.Fn)
	}
	return set.Calls.From(roots, runsLater)
}

// runsLater reports the calls whose function arguments do not run on every
// call: sync.Once.Do on a Once that outlives the call, the sync.Once*
// wrappers, and time.AfterFunc.
func runsLater(cc *ssa.CallCommon) bool {
	fn := crapi.Callee(cc)
	switch knowledge.SyncRoleOf(fn) {
	case knowledge.RunsLater:
		return true
	case knowledge.OnceDo:
	default:
		return false
	}
	// A sync.Once local to the call runs its function every time.
	if recv := crapi.Receiver(cc); recv != nil {
		if _, local := recv.(*ssa.Alloc); local {
			return false
		}
	}
	return true
}

// maxDepth bounds the walks over values and calls.
const maxDepth = 6

// exportFacts exports the ConstructsClient fact of the exported functions
// and methods of the package that build a client on every call, not kept
// for later: in their bodies, or in the functions they run synchronously.
// A construction in a function that runs on every reconcile of this
// package is reported here, and reaches no fact: each construction is
// reported once.
func (c *checker) exportFacts(live map[*ssa.Function]bool) {
	type summary struct {
		s  site
		ok bool
	}
	memo := map[*ssa.Function]*summary{}
	var visit func(fn *ssa.Function, depth int) *summary
	visit = func(fn *ssa.Function, depth int) *summary {
		if s, ok := memo[fn]; ok {
			return s
		}
		out := &summary{}
		memo[fn] = out // a recursive call adds nothing
		if live[fn] || depth > 4*maxDepth {
			return out
		}
		for _, s := range c.sites(fn, true) {
			if diag.Silenced(c.pass, s.call.Pos()) {
				continue
			}
			at := s.at
			if !s.helper {
				at = position(c.pass.Fset, s.call.Pos())
			}
			out.s, out.ok = site{ctor: s.ctor, kind: s.kind, at: at}, true
			return out
		}
		for _, next := range c.calls.Successors(fn, runsLater) {
			if s := visit(next, depth+1); s.ok {
				*out = *s
				return out
			}
		}
		return out
	}
	for _, fn := range c.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() || len(fn.Blocks) == 0 || ssapkg.InTestCode(c.pass, fn.Pos()) {
			continue
		}
		if s := visit(fn, 0); s.ok {
			c.pass.ExportObjectFact(obj, &ConstructsClient{Ctor: s.s.ctor, Kind: s.s.kind, At: s.s.at})
		}
	}
}

// cached reports whether the client call returns (its first result) is
// kept for later: stored (itself, or in a struct) into a field, a global
// or a map entry, and built only on paths where a nil or presence test of
// that same place found it empty. The test may be in fn, or, for a helper
// of the package, at each of its calls: the helper stores the client
// (if r.cs == nil { r.connect() }), or returns it to callers that keep it
// (if r.cs == nil { r.cs, err = r.newClientset() }). With forFact, the
// package's own callers of an exported function do not count: callers in
// other packages need not test anything.
func (c *checker) cached(fn *ssa.Function, call *ssa.Call, forFact bool) bool {
	return c.kept(fn, call, 0, forFact, 0)
}

// kept is cached for result index of call.
func (c *checker) kept(fn *ssa.Function, call *ssa.Call, index int, forFact bool, depth int) bool {
	if depth > 3 || fn == nil {
		return false
	}
	var v ssa.Value = call
	if t, ok := call.Type().(*types.Tuple); ok {
		if index >= t.Len() {
			return false
		}
		if v = ssaflow.Extract(call, index); v == nil {
			return false
		}
	} else if index != 0 {
		return false
	}
	fl := &flow{pkg: c.pass.Pkg, places: map[string]bool{}, returned: -1}
	fl.walk(v, 0)
	if len(fl.places) > 0 && (guarded(fn, call.Block(), fl.places) || skippable(fn, call.Block())) {
		return true
	}
	if fn.Parent() != nil || (forFact && exported(fn)) || (len(fl.places) == 0 && fl.returned < 0) {
		return false
	}
	if c.callers == nil {
		c.callers = ssaflow.StaticCallers(c.funcs)
	}
	calls := c.callers[fn]
	if len(calls) == 0 {
		return false
	}
	for _, site := range calls {
		if len(fl.places) > 0 && guarded(site.Parent(), site.Block(), fl.places) {
			continue
		}
		if sc, ok := site.(*ssa.Call); ok && fl.returned >= 0 && c.kept(site.Parent(), sc, fl.returned, forFact, depth+1) {
			continue
		}
		return false
	}
	return true
}

// guarded reports whether every path from the entry of fn to block takes
// a branch on which a test of one of the places found it empty.
func guarded(fn *ssa.Function, block *ssa.BasicBlock, places map[string]bool) bool {
	if fn == nil || block == nil || len(fn.Blocks) == 0 {
		return false
	}
	empty := map[[2]*ssa.BasicBlock]bool{}
	for _, b := range fn.Blocks {
		iff, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		keys, emptyOnTrue, ok := emptinessTest(iff.Cond)
		if !ok {
			continue
		}
		for _, k := range keys {
			if places[k] {
				succ := b.Succs[1]
				if emptyOnTrue {
					succ = b.Succs[0]
				}
				empty[[2]*ssa.BasicBlock{b, succ}] = true
				break
			}
		}
	}
	if len(empty) == 0 {
		return false
	}
	reached := ssaflow.Reachable(fn.Blocks[0], func(from, to *ssa.BasicBlock) bool {
		return empty[[2]*ssa.BasicBlock{from, to}]
	})
	return !reached[block]
}

// skippable reports whether fn may return without reaching block other
// than through an error: a client that fn itself keeps in a long-lived
// place on such a path is built when the holder finds it missing, a cache
// whose test the check does not see (cluster-api's ClusterCache connects a cluster's accessor
// only "if !ca.Connected(ctx)").
func skippable(fn *ssa.Function, block *ssa.BasicBlock) bool {
	if fn == nil || block == nil {
		return false
	}
	return ssaflow.ReturnAvoiding(fn, block, func(from, to *ssa.BasicBlock) bool {
		side := ssaflow.ErrorSide(from)
		return side >= 0 && from.Succs[side] == to
	}, nil)
}

// flow is where a client goes in its function: the long-lived places it
// is stored into — a field ("field pkg.T.f"), a global ("global pkg.v"),
// or an entry of a map held in one ("map field pkg.T.m") — and the result
// index it is returned as (-1 if none). A struct built here that holds
// it is followed to where it goes.
type flow struct {
	pkg      *types.Package
	places   map[string]bool
	returned int
}

func (fl *flow) walk(v ssa.Value, depth int) {
	if depth > maxDepth || v == nil || v.Referrers() == nil {
		return
	}
	for _, ref := range *v.Referrers() {
		switch r := ref.(type) {
		case *ssa.MakeInterface, *ssa.ChangeInterface, *ssa.ChangeType, *ssa.Phi:
			// Phi: a variable assigned again on one path (a second
			// client built with another config) holds either.
			fl.walk(r.(ssa.Value), depth+1)
		case *ssa.FieldAddr:
			// A struct returned by a helper that holds the client
			// (connection.UncachedClient): its fields go where the
			// client goes.
			if _, isAlloc := v.(*ssa.Alloc); !isAlloc {
				if refs := r.Referrers(); refs != nil {
					for _, u := range *refs {
						if load, ok := u.(*ssa.UnOp); ok && load.Op == token.MUL {
							fl.walk(load, depth+1)
						}
					}
				}
			}
		case *ssa.Call:
			// A map that outlives the call keeps it:
			// cache.Store(key, entry{client: c}) on a sync.Map.
			if args := r.Common().Args; knowledge.SyncRoleOf(crapi.Callee(r.Common())) == knowledge.MapStores && len(args) > 0 && args[len(args)-1] == v {
				if k := addrKey(crapi.Receiver(r.Common())); k != "" {
					fl.places["map "+k] = true
				}
				continue
			}
			// A wrapper of the package (newClientWithTimeout(c, d)):
			// what it returns holds the client.
			if callee := ssaflow.LocalCallee(r.Common(), fl.pkg); callee != nil && callee.Signature.Results().Len() > 0 &&
				types.AssignableTo(v.Type(), callee.Signature.Results().At(0).Type()) {
				res := ssa.Value(r)
				if callee.Signature.Results().Len() > 1 {
					res = ssaflow.Extract(r, 0)
				}
				fl.walk(res, depth+1)
			}
		case *ssa.Return:
			for i, res := range r.Results {
				if res == v && fl.returned < 0 {
					fl.returned = i
				}
			}
		case *ssa.Store:
			if r.Val != v {
				continue
			}
			if fa, ok := r.Addr.(*ssa.FieldAddr); ok {
				if alloc, ok := fa.X.(*ssa.Alloc); ok {
					// A field of a struct built here: where it goes.
					fl.walk(alloc, depth+1)
					if load := loadsOf(alloc); load != nil {
						fl.walk(load, depth+1)
					}
					continue
				}
			}
			if cell, ok := r.Addr.(*ssa.Alloc); ok {
				// A local cell (a result slot of a function with
				// defers, a captured variable): where its loads go.
				if refs := cell.Referrers(); refs != nil {
					for _, u := range *refs {
						if load, ok := u.(*ssa.UnOp); ok && load.Op == token.MUL {
							fl.walk(load, depth+1)
						}
					}
				}
				continue
			}
			if k := addrKey(r.Addr); k != "" {
				fl.places[k] = true
			}
		case *ssa.MapUpdate:
			if r.Value != v {
				continue
			}
			if k := valueKey(r.Map); k != "" {
				fl.places["map "+k] = true
			}
		}
	}
}

// loadsOf returns a load of the struct alloc holds, when it is stored by
// value ( m[k] = entry{c: c} ); nil otherwise.
func loadsOf(alloc *ssa.Alloc) ssa.Value {
	if alloc.Referrers() == nil {
		return nil
	}
	for _, ref := range *alloc.Referrers() {
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL && load.X == alloc {
			return load
		}
	}
	return nil
}

// addrKey names the long-lived place addr is the address of; "" for a
// local variable or anything else.
func addrKey(addr ssa.Value) string {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		if k := ssaflow.FieldKey(a); k != "" {
			return "field " + k
		}
	case *ssa.Global:
		if a.Pkg != nil && a.Pkg.Pkg != nil {
			return "global " + a.Pkg.Pkg.Path() + "." + a.Name()
		}
	}
	return ""
}

// valueKey names the place the value v was loaded from.
func valueKey(v ssa.Value) string {
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		return addrKey(load.X)
	}
	return ""
}

// emptinessTest recognises cond as a test of whether a place is empty: a
// nil test of a value loaded from a field or global, or of an entry of a
// map (or a field of one), or the comma-ok of a map lookup. It returns the
// keys of the places and whether the place is empty when cond is true.
func emptinessTest(cond ssa.Value) (keys []string, emptyOnTrue bool, ok bool) {
	if x, nilOnTrue, isNil := ssaflow.NilTest(cond); isNil {
		keys = testedKeys(x, 0)
		return keys, nilOnTrue, len(keys) > 0
	}
	negated := false
	for i := 0; i < maxDepth; i++ {
		not, ok := cond.(*ssa.UnOp)
		if !ok || not.Op != token.NOT {
			break
		}
		cond, negated = not.X, !negated
	}
	ex, isEx := cond.(*ssa.Extract)
	if !isEx || ex.Index != 1 {
		return nil, false, false
	}
	if call, isCall := ex.Tuple.(*ssa.Call); isCall && knowledge.SyncRoleOf(crapi.Callee(call.Common())) == knowledge.MapLoads {
		// _, ok := cache.Load(key) on a sync.Map.
		if k := addrKey(crapi.Receiver(call.Common())); k != "" {
			return []string{"map " + k}, negated, true
		}
		return nil, false, false
	}
	lookup, isLookup := ex.Tuple.(*ssa.Lookup)
	if !isLookup || !lookup.CommaOk {
		return nil, false, false
	}
	k := valueKey(lookup.X)
	if k == "" {
		return nil, false, false
	}
	// ok is true when the entry is there.
	return []string{"map " + k}, negated, true
}

// testedKeys returns the keys of the places the value x was read from.
func testedKeys(x ssa.Value, depth int) []string {
	if depth > maxDepth {
		return nil
	}
	switch v := x.(type) {
	case *ssa.UnOp:
		if v.Op != token.MUL {
			return nil
		}
		var out []string
		if k := addrKey(v.X); k != "" {
			out = append(out, k)
		}
		if fa, ok := v.X.(*ssa.FieldAddr); ok {
			// e.client, e an entry of a map.
			out = append(out, testedKeys(fa.X, depth+1)...)
		}
		return out
	case *ssa.Field:
		return testedKeys(v.X, depth+1)
	case *ssa.Lookup:
		if k := valueKey(v.X); k != "" {
			return []string{"map " + k}
		}
	case *ssa.Extract:
		if v.Index == 0 {
			return testedKeys(v.Tuple, depth+1)
		}
	case *ssa.ChangeInterface, *ssa.ChangeType, *ssa.MakeInterface:
		if instr, ok := v.(ssa.Instruction); ok {
			if ops := instr.Operands(nil); len(ops) > 0 && ops[0] != nil {
				return testedKeys(*ops[0], depth+1)
			}
		}
	}
	return nil
}

// fallback reports whether the client call builds stands in for a field
// found unset: x := r.Dynamic; if x == nil { x = dynamic.NewForConfigOrDie(cfg) }.
// The field is what the reconciler is configured with (main sets it);
// the construction runs only where it was not, as in tests.
func fallback(call *ssa.Call) bool {
	var v ssa.Value = call
	if t, ok := call.Type().(*types.Tuple); ok && t.Len() > 0 {
		if v = ssaflow.Extract(call, 0); v == nil {
			return false
		}
	}
	var phis []*ssa.Phi
	cell := false
	var collect func(v ssa.Value, depth int)
	collect = func(v ssa.Value, depth int) {
		refs := v.Referrers()
		if refs == nil || depth > 2 {
			return
		}
		for _, ref := range *refs {
			switch r := ref.(type) {
			case *ssa.Phi:
				phis = append(phis, r)
			case *ssa.MakeInterface:
				collect(r, depth+1) // *DynamicClient into dynamic.Interface
			case *ssa.ChangeType:
				collect(r, depth+1)
			case *ssa.Store:
				// A local a closure captures lives in a cell: the
				// field's value and the fallback are stored there.
				if a, ok := r.Addr.(*ssa.Alloc); ok && r.Val == v && fieldStored(a) {
					if onlyWhenNil(call.Block(), func(y ssa.Value) bool {
						ld, ok := y.(*ssa.UnOp)
						return ok && ld.Op == token.MUL && ld.X == a
					}) {
						cell = true
					}
				}
			}
		}
	}
	collect(v, 0)
	if cell {
		return true
	}
	for _, phi := range phis {
		for _, e := range phi.Edges {
			ld, ok := ssaflow.Strip(e).(*ssa.UnOp)
			if !ok || ld.Op != token.MUL {
				continue
			}
			if _, isField := ld.X.(*ssa.FieldAddr); !isField {
				continue
			}
			if onlyWhenNil(call.Block(), func(y ssa.Value) bool { return y == ld }) {
				return true
			}
		}
	}
	return false
}

// fieldStored reports whether a load of a struct field is stored into
// the cell a.
func fieldStored(a *ssa.Alloc) bool {
	refs := a.Referrers()
	if refs == nil {
		return false
	}
	for _, ref := range *refs {
		st, ok := ref.(*ssa.Store)
		if !ok || st.Addr != a {
			continue
		}
		if ld, ok := ssaflow.Strip(st.Val).(*ssa.UnOp); ok && ld.Op == token.MUL {
			if _, isField := ld.X.(*ssa.FieldAddr); isField {
				return true
			}
		}
	}
	return false
}

// onlyWhenNil reports whether block is entered only after a test found a
// value that is (is tells) nil: the edge of the If on x == nil (or x !=
// nil) into its nil side dominates block.
func onlyWhenNil(block *ssa.BasicBlock, is func(ssa.Value) bool) bool {
	return ssaflow.HoldsAt(block, func(cond ssa.Value, onTrue bool) bool {
		y, nilOnTrue, ok := ssaflow.NilTest(cond)
		return ok && is(y) && onTrue == nilOnTrue
	})
}
