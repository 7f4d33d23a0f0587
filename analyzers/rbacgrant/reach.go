package rbacgrant

import (
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
)

// reacher answers what the code a function may run needs, over the
// package's reach graph (see package reach): its own calls, and the Reach
// facts of the imported functions and types it refers to. Attributing
// needs by function and type, not by package, keeps a manager from being
// charged for a controller of an imported package it does not start (a
// cert-controller subcommand's manager and the main one share their
// controller package).
type reacher struct {
	pass   *analysis.Pass
	col    *collector
	direct map[*ssa.Function][]Need
	graph  *reach.Graph
}

func newReacher(pass *analysis.Pass, col *collector) *reacher {
	return &reacher{pass: pass, col: col, direct: col.direct, graph: reach.Of(pass).SourceGraph()}
}

// of returns the needs of the code that fns and the methods of tns may
// run, each resource and access once.
func (r *reacher) of(fns []*ssa.Function, tns []*types.TypeName) []Need {
	var out []Need
	r.graph.Walk(fns, tns, func(fn *ssa.Function) {
		out = merge(out, r.direct[fn])
	}, func(obj types.Object) {
		var fact Reach
		if r.pass.ImportObjectFact(obj, &fact) {
			out = merge(out, fact.List)
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
			for _, m := range r.graph.Methods(tn) {
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
// types that need something.
func (r *reacher) export(funcs []*ssa.Function) {
	fns, tns := r.graph.Roots(funcs)
	for _, fn := range fns {
		if list := r.of([]*ssa.Function{fn}, nil); len(list) > 0 {
			r.pass.ExportObjectFact(fn.Object(), &Reach{List: list})
		}
	}
	for _, tn := range tns {
		if list := r.of(nil, []*types.TypeName{tn}); len(list) > 0 {
			r.pass.ExportObjectFact(tn, &Reach{List: list})
		}
	}
}
