package reach

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
)

// Reconcile is the set of a package's source functions that run as part
// of a reconcile, synchronously: the reconcile functions (crapi.Reconcilers),
// the package's functions and methods they call statically or through an
// interface the package's own types implement, and the closures they call,
// defer or hand to a call (retry.RetryOnConflict, wait.Poll…). A function
// or closure started by a go statement, or handed to time.AfterFunc, is
// not followed: it may outlive the reconcile.
//
// The checks about what one reconcile does (its context, its clients, the
// state it leaves on the reconciler, its waits) share this set.
type Reconcile struct {
	// Roots are the reconcile functions of the package.
	Roots []crapi.Reconciler
	// Funcs are the functions of the set, in source order.
	Funcs []*ssa.Function

	pkg   *ssa.Package
	src   map[*ssa.Function]bool
	seen  map[*ssa.Function]bool
	queue []*ssa.Function
	impls map[*types.Func][]*ssa.Function
	types []types.Type // the package's named non-interface, non-generic types
}

// ReconcileSet returns the reconcile set of pkg, whose source functions are
// funcs (ssapkg.Of(pass).SrcFuncs()). It is empty when the package
// declares no reconciler.
func ReconcileSet(pkg *ssa.Package, funcs []*ssa.Function) *Reconcile {
	r := &Reconcile{
		pkg:   pkg,
		src:   map[*ssa.Function]bool{},
		seen:  map[*ssa.Function]bool{},
		impls: map[*types.Func][]*ssa.Function{},
	}
	if len(funcs) == 0 || pkg == nil {
		return r
	}
	r.Roots = crapi.Reconcilers(funcs)
	if len(r.Roots) == 0 {
		return r
	}
	for _, fn := range funcs {
		r.src[fn] = true
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
		r.types = append(r.types, named)
	}
	for _, rec := range r.Roots {
		r.add(rec.Fn)
	}
	r.run()
	for _, fn := range funcs { // source order
		if r.seen[fn] {
			r.Funcs = append(r.Funcs, fn)
		}
	}
	return r
}

// Has reports whether fn runs as part of a reconcile.
func (r *Reconcile) Has(fn *ssa.Function) bool { return r != nil && r.seen[fn] }

// add queues fn, or the source function behind a wrapper or an
// instantiation, if it is one of the package's.
func (r *Reconcile) add(fn *ssa.Function) {
	if fn == nil {
		return
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Synthetic != "" {
		// A bound method or thunk wrapper: the method it calls.
		obj, ok := fn.Object().(*types.Func)
		if !ok {
			return
		}
		fn = r.pkg.Prog.FuncValue(obj)
		if fn == nil {
			return
		}
	}
	if !r.src[fn] || r.seen[fn] {
		return
	}
	r.seen[fn] = true
	r.queue = append(r.queue, fn)
}

func (r *Reconcile) run() {
	for len(r.queue) > 0 {
		fn := r.queue[0]
		r.queue = r.queue[1:]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Go:
					// Runs on its own: neither the callee nor the
					// closures handed to it.
				case ssa.CallInstruction:
					r.call(instr.Common())
				}
			}
		}
	}
}

func (r *Reconcile) call(cc *ssa.CallCommon) {
	if cc.IsInvoke() {
		for _, m := range r.implementations(cc) {
			r.add(m)
		}
	} else if callee := cc.StaticCallee(); callee != nil {
		r.add(callee)
	}
	if asyncCallee(crapi.Callee(cc)) {
		return
	}
	// Functions handed to a call (retry.RetryOnConflict(backoff, func()
	// error {...}), wait.PollUntilContextTimeout) run during the call.
	for _, arg := range cc.Args {
		switch v := arg.(type) {
		case *ssa.ChangeType: // to a named func type (wait.ConditionWithContextFunc)
			arg = v.X
		case *ssa.MakeInterface:
			arg = v.X
		}
		switch v := arg.(type) {
		case *ssa.MakeClosure:
			if f, ok := v.Fn.(*ssa.Function); ok {
				r.add(f)
			}
		case *ssa.Function:
			r.add(v)
		}
	}
}

// asyncCallee reports the standard functions known to run a function they
// are given after they return.
func asyncCallee(fn *types.Func) bool {
	return crapi.IsFunc(fn, "time", "AfterFunc")
}

// implementations returns the methods of the package's own types that an
// interface method call may invoke.
func (r *Reconcile) implementations(cc *ssa.CallCommon) []*ssa.Function {
	m := cc.Method
	if m == nil {
		return nil
	}
	if impls, ok := r.impls[m]; ok {
		return impls
	}
	var out []*ssa.Function
	iface, _ := cc.Value.Type().Underlying().(*types.Interface)
	if iface != nil {
		for _, t := range r.types {
			recv := t
			if !types.Implements(recv, iface) {
				recv = types.NewPointer(t)
				if !types.Implements(recv, iface) {
					continue
				}
			}
			obj, _, _ := types.LookupFieldOrMethod(recv, false, m.Pkg(), m.Name())
			fn, ok := obj.(*types.Func)
			if !ok || fn.Pkg() != r.pkg.Pkg {
				continue
			}
			if f := r.pkg.Prog.FuncValue(fn); f != nil {
				out = append(out, f)
			}
		}
	}
	r.impls[m] = out
	return out
}
