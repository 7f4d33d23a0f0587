package probes

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Walk reports, at each exported function, what the reach graph's Walk
// and WalkCalls visit from it.
var Walk = &analysis.Analyzer{
	Name:     "walker",
	Doc:      "report what the reach graph visits from each exported function",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		funcs := ssapkg.Of(pass).SrcFuncs()
		g := reach.New(pass.Pkg, funcs)
		roots, _ := g.Roots(funcs)
		// Checks sharing a graph walk it at once (wiring's, under
		// golangci-lint): walk it from every root concurrently first; the
		// answers below must not change.
		var wg sync.WaitGroup
		for range 8 {
			for _, fn := range roots {
				wg.Go(func() {
					g.Walk([]*ssa.Function{fn}, nil, func(*ssa.Function) {}, func(types.Object) {})
				})
			}
		}
		wg.Wait()
		for _, fn := range roots {
			var walked, calls, imp, impCalls []string
			g.Walk([]*ssa.Function{fn}, nil, func(f *ssa.Function) { walked = append(walked, f.Name()) },
				func(o types.Object) { imp = append(imp, o.Pkg().Name()+"."+o.Name()) })
			g.WalkCalls([]*ssa.Function{fn}, func(f *ssa.Function) { calls = append(calls, f.Name()) },
				func(o *types.Func) { impCalls = append(impCalls, o.Pkg().Name()+"."+o.Name()) })
			pass.Reportf(fn.Pos(), "Walk: %s", walkList(walked, imp))
			pass.Reportf(fn.Pos(), "WalkCalls: %s", walkList(calls, impCalls))
		}
		return nil, nil
	},
}

func walkList(fns, imported []string) string {
	s := strings.Join(fns, " ")
	if len(imported) > 0 {
		s += fmt.Sprintf("; imported: %s", strings.Join(imported, " "))
	}
	return s
}

// ReconcileSet reports each function of the package's reconcile set.
var ReconcileSet = &analysis.Analyzer{
	Name:     "reconcileset",
	Doc:      "report the functions of the reconcile set",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, reach.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		if len(pass.Files) == 0 {
			return nil, nil
		}
		// The analyzer's set, built once for every check of the package,
		// is the one ReconcileSet computes.
		r := reach.Of(pass)
		set := r.Reconcile()
		g, sg := r.Graph(), r.SourceGraph()
		if r.Reconcile() != set || set.Calls != r.Calls() || r.Graph() != g || r.SourceGraph() != sg {
			pass.Reportf(pass.Files[0].Package, "the graphs are built more than once")
		}
		prog := ssapkg.Of(pass)
		if !slices.Equal(set.Funcs, reach.ReconcileSet(prog.Package(), prog.SrcFuncs()).Funcs) {
			pass.Reportf(pass.Files[0].Package, "the analyzer's set differs from ReconcileSet")
		}
		for _, fn := range set.Funcs {
			pass.Reportf(fn.Pos(), "in the reconcile")
		}
		return nil, nil
	},
}
