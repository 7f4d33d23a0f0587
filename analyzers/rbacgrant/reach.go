package rbacgrant

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// reacher answers what the code a function may run needs: its own calls,
// the functions of its package it calls or takes as values, the Reach
// facts of the imported ones, and the methods of the named types it makes
// or refers to — a reconciler's Reconcile runs through an interface once
// its value is handed to the builder, so making the value is what starts
// it. Attributing needs by function and type, not by package, keeps a
// manager from being charged for a controller of an imported package it
// does not start (a cert-controller subcommand's manager and the main one
// share their controller package).
type reacher struct {
	pass    *analysis.Pass
	col     *collector
	direct  map[*ssa.Function][]Need
	methods map[*types.TypeName][]*ssa.Function
	edges   map[*ssa.Function]*edges
}

// edges are what one function refers to.
type edges struct {
	funcs    []*ssa.Function   // of the package: callees, closures, function values
	types    []*types.TypeName // of the package, with methods
	imported []types.Object    // functions and types of other packages
}

func newReacher(pass *analysis.Pass, funcs []*ssa.Function, col *collector) *reacher {
	r := &reacher{pass: pass, col: col, direct: col.direct, methods: map[*types.TypeName][]*ssa.Function{}, edges: map[*ssa.Function]*edges{}}
	for _, fn := range funcs {
		if recv := fn.Signature.Recv(); recv != nil && fn.Parent() == nil {
			if n := crapi.Named(recv.Type()); n != nil && n.Obj().Pkg() == pass.Pkg {
				r.methods[n.Obj()] = append(r.methods[n.Obj()], fn)
			}
		}
	}
	return r
}

func (r *reacher) edgesOf(fn *ssa.Function) *edges {
	if e := r.edges[fn]; e != nil {
		return e
	}
	e := &edges{}
	r.edges[fn] = e
	seenT := map[types.Object]bool{}
	addType := func(t types.Type) {
		n := crapi.Named(t)
		if n == nil || n.Obj().Pkg() == nil || seenT[n.Obj()] {
			return
		}
		seenT[n.Obj()] = true
		if n.Obj().Pkg() == r.pass.Pkg {
			if len(r.methods[n.Obj()]) > 0 {
				e.types = append(e.types, n.Obj())
			}
		} else {
			e.imported = append(e.imported, n.Obj())
		}
	}
	addFunc := func(f *ssa.Function) {
		if o := f.Origin(); o != nil {
			f = o
		}
		if f.Pkg != nil && f.Pkg.Pkg == r.pass.Pkg {
			e.funcs = append(e.funcs, f)
		} else if obj, ok := f.Object().(*types.Func); ok && obj.Pkg() != nil && !seenT[obj] {
			seenT[obj] = true
			e.imported = append(e.imported, obj)
		}
	}
	e.funcs = append(e.funcs, fn.AnonFuncs...)
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if callee := ssaflow.LocalCallee(call.Common(), r.pass.Pkg); callee != nil {
					e.funcs = append(e.funcs, callee)
				} else if obj := crapi.Callee(call.Common()); obj != nil && obj.Pkg() != nil && obj.Pkg() != r.pass.Pkg && !seenT[obj] {
					seenT[obj] = true
					e.imported = append(e.imported, obj)
				}
			}
			if v, ok := instr.(ssa.Value); ok {
				addType(v.Type())
			}
			for _, op := range instr.Operands(ops[:0]) {
				if f, ok := (*op).(*ssa.Function); ok && f.Synthetic == "" {
					addFunc(f)
				}
			}
		}
	}
	return e
}

// of returns the needs of the code that fns and the methods of tns may
// run, each resource and access once.
func (r *reacher) of(fns []*ssa.Function, tns []*types.TypeName) []Need {
	var out []Need
	seenF := map[*ssa.Function]bool{}
	seenO := map[types.Object]bool{}
	var visitF func(*ssa.Function)
	var visitT func(*types.TypeName)
	visitF = func(fn *ssa.Function) {
		if seenF[fn] {
			return
		}
		seenF[fn] = true
		out = merge(out, r.direct[fn])
		e := r.edgesOf(fn)
		for _, f := range e.funcs {
			visitF(f)
		}
		for _, tn := range e.types {
			visitT(tn)
		}
		for _, obj := range e.imported {
			if seenO[obj] {
				continue
			}
			seenO[obj] = true
			var fact Reach
			if r.pass.ImportObjectFact(obj, &fact) {
				out = merge(out, fact.List)
			}
		}
	}
	visitT = func(tn *types.TypeName) {
		if seenO[tn] {
			return
		}
		seenO[tn] = true
		for _, m := range r.methods[tn] {
			visitF(m)
		}
	}
	for _, fn := range fns {
		visitF(fn)
	}
	for _, tn := range tns {
		visitT(tn)
	}
	var prefixes []string
	if r.pass.Pkg.Name() != "main" {
		for _, fn := range fns {
			if obj, ok := fn.Object().(*types.Func); ok {
				prefixes = append(prefixes, obj.FullName()+"#")
			}
		}
		for _, tn := range tns {
			for _, m := range r.methods[tn] {
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

// export records the Reach fact of the package's exported functions and
// types that need something. A call of a method has a receiver of the
// type, whose fact covers every method.
func (r *reacher) export(funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		if obj.Signature().Recv() != nil {
			continue // a method is reached through its type's fact
		}
		if list := r.of([]*ssa.Function{fn}, nil); len(list) > 0 {
			r.pass.ExportObjectFact(obj, &Reach{List: list})
		}
	}
	for tn := range r.methods {
		if !tn.Exported() || tn.Parent() != r.pass.Pkg.Scope() {
			continue
		}
		if list := r.of(nil, []*types.TypeName{tn}); len(list) > 0 {
			r.pass.ExportObjectFact(tn, &Reach{List: list})
		}
	}
}
