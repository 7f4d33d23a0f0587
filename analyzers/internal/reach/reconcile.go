package reach

import (
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Calls is the graph of synchronous runs among a package's source
// functions: a function runs the package's functions and methods it calls
// statically, those of the package's own types that implement the
// interface methods it calls, and the closures and functions it calls,
// defers or hands to a call (retry.RetryOnConflict, wait.Poll…), but not
// what it starts with a go statement.
type Calls struct {
	pkg   *ssa.Package
	src   map[*ssa.Function]bool
	types []types.Type // the package's named non-interface, non-generic types

	mu    sync.Mutex // guards impls, filled as interface calls are met: checks share the graph
	impls map[*types.Func][]*ssa.Function
}

// NewCalls returns the graph of pkg, whose source functions are funcs.
func NewCalls(pkg *ssa.Package, funcs []*ssa.Function) *Calls {
	g := &Calls{pkg: pkg, src: map[*ssa.Function]bool{}, impls: map[*types.Func][]*ssa.Function{}}
	for _, fn := range funcs {
		g.src[fn] = true
	}
	if pkg == nil {
		return g
	}
	scope := pkg.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		named, ok := tn.Type().(*types.Named)
		if !ok || named.TypeParams().Len() > 0 || types.IsInterface(named) {
			continue
		}
		g.types = append(g.types, named)
	}
	return g
}

// Later reports the calls known to run the functions they are given after
// they return, or not on every call: knowledge's RunsLater rows
// (time.AfterFunc, sync.OnceFunc, an event handler's map function). A
// check may pass its own to Successors.
func Later(cc *ssa.CallCommon) bool {
	return knowledge.SyncRoleOf(crapi.Callee(cc)) == knowledge.RunsLater
}

// Successors returns the source functions that fn runs synchronously, each
// once, in the order of its calls; a function handed to a call for which
// later returns true is not one of them (nil means Later).
func (g *Calls) Successors(fn *ssa.Function, later func(*ssa.CallCommon) bool) []*ssa.Function {
	if later == nil {
		later = Later
	}
	var out []*ssa.Function
	seen := map[*ssa.Function]bool{}
	add := func(f *ssa.Function) {
		if f = g.source(f); f != nil && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue // runs on its own: neither the callee nor its closures
			}
			cc := call.Common()
			if cc.IsInvoke() {
				for _, m := range g.implementations(cc) {
					add(m)
				}
			} else if callee := cc.StaticCallee(); callee != nil {
				add(callee)
			}
			if later(cc) {
				continue
			}
			for _, f := range g.Handed(cc) {
				add(f)
			}
		}
	}
	return out
}

// Handed returns the source functions of the package that the call is
// given as values — a function, a closure, a method value (the method its
// bound wrapper calls), also converted to a named func type
// (wait.ConditionWithContextFunc) or an interface — which Successors
// takes the call to run.
func (g *Calls) Handed(cc *ssa.CallCommon) []*ssa.Function {
	var out []*ssa.Function
	for _, arg := range cc.Args {
		switch v := arg.(type) {
		case *ssa.ChangeType:
			arg = v.X
		case *ssa.MakeInterface:
			arg = v.X
		}
		var f *ssa.Function
		switch v := arg.(type) {
		case *ssa.MakeClosure:
			f, _ = v.Fn.(*ssa.Function)
		case *ssa.Function:
			f = v
		}
		if f = g.source(f); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// From returns the source functions that roots run synchronously, roots
// included, with later as for Successors.
func (g *Calls) From(roots []*ssa.Function, later func(*ssa.CallCommon) bool) map[*ssa.Function]bool {
	seen := map[*ssa.Function]bool{}
	var queue []*ssa.Function
	for _, r := range roots {
		if r = g.source(r); r != nil && !seen[r] {
			seen[r] = true
			queue = append(queue, r)
		}
	}
	for len(queue) > 0 {
		fn := queue[0]
		queue = queue[1:]
		for _, next := range g.Successors(fn, later) {
			if !seen[next] {
				seen[next] = true
				queue = append(queue, next)
			}
		}
	}
	return seen
}

// source returns the source function of the package behind fn: itself,
// its generic origin, or the method a bound or thunk wrapper calls; nil
// for a function of another package.
func (g *Calls) source(fn *ssa.Function) *ssa.Function {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Synthetic != "" {
		obj, ok := fn.Object().(*types.Func)
		if !ok || g.pkg == nil {
			return nil
		}
		fn = g.pkg.Prog.FuncValue(obj)
	}
	if fn == nil || !g.src[fn] {
		return nil
	}
	return fn
}

// implementations returns the methods of the package's own types that an
// interface method call may invoke.
func (g *Calls) implementations(cc *ssa.CallCommon) []*ssa.Function {
	m := cc.Method
	if m == nil || g.pkg == nil {
		return nil
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	if impls, ok := g.impls[m]; ok {
		return impls
	}
	var out []*ssa.Function
	iface, _ := cc.Value.Type().Underlying().(*types.Interface)
	if iface != nil {
		for _, t := range g.types {
			recv := t
			if !types.Implements(recv, iface) {
				recv = types.NewPointer(t)
				if !types.Implements(recv, iface) {
					continue
				}
			}
			obj, _, _ := types.LookupFieldOrMethod(recv, false, m.Pkg(), m.Name())
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() != g.pkg.Pkg {
				continue
			}
			if f := g.pkg.Prog.FuncValue(fn); f != nil {
				out = append(out, f)
			}
		}
	}
	g.impls[m] = out
	return out
}

// Reconcile is the set of a package's source functions that run as part
// of a reconcile, synchronously: what the reconcile functions
// (crapi.Reconcilers) run in the Calls graph. A function started by a go
// statement, or handed to time.AfterFunc, is not in it: it may outlive the
// reconcile.
//
// The checks about what one reconcile does (its context, its clients, the
// state it leaves on the reconciler, its waits) share this set.
type Reconcile struct {
	// Roots are the reconcile functions of the package.
	Roots []crapi.Reconciler
	// Funcs are the functions of the set, in source order.
	Funcs []*ssa.Function
	// Calls is the graph the set was computed on.
	Calls *Calls

	seen map[*ssa.Function]bool
}

// ReconcileSet returns the reconcile set of pkg, whose source functions are
// funcs (ssapkg.Of(pass).SrcFuncs()). It is empty when the package
// declares no reconciler.
func ReconcileSet(pkg *ssa.Package, funcs []*ssa.Function) *Reconcile {
	return reconcileSet(NewCalls(pkg, funcs), funcs)
}

func reconcileSet(g *Calls, funcs []*ssa.Function) *Reconcile {
	r := &Reconcile{Calls: g, seen: map[*ssa.Function]bool{}}
	if len(funcs) == 0 || g.pkg == nil {
		return r
	}
	r.Roots = crapi.Reconcilers(funcs)
	var roots []*ssa.Function
	for _, rec := range r.Roots {
		roots = append(roots, rec.Fn)
	}
	r.seen = r.Calls.From(roots, nil)
	for _, fn := range funcs { // source order
		if r.seen[fn] {
			r.Funcs = append(r.Funcs, fn)
		}
	}
	return r
}

// Has reports whether fn runs as part of a reconcile.
func (r *Reconcile) Has(fn *ssa.Function) bool { return r != nil && r.seen[fn] }
