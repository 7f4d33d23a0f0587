package reach_test

import (
	"fmt"
	"go/types"
	"slices"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// walker reports, at each exported function, what Walk and WalkCalls
// visit from it.
var walker = &analysis.Analyzer{
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
			pass.Reportf(fn.Pos(), "Walk: %s", list(walked, imp))
			pass.Reportf(fn.Pos(), "WalkCalls: %s", list(calls, impCalls))
		}
		return nil, nil
	},
}

func list(fns, imported []string) string {
	s := strings.Join(fns, " ")
	if len(imported) > 0 {
		s += fmt.Sprintf("; imported: %s", strings.Join(imported, " "))
	}
	return s
}

// Walk follows calls, closures, function values and the methods of the
// types a function makes or refers to; WalkCalls only the first three.
func TestWalk(t *testing.T) {
	analysistest.Run(t, fixturetest.Module(t, "testdata/src"), walker, "./walk")
}

// reconcileSet reports each function of the package's reconcile set.
var reconcileSet = &analysis.Analyzer{
	Name:     "reconcileset",
	Doc:      "report the functions of the reconcile set",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, reach.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
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

// ReconcileSet holds what a reconcile runs synchronously: callees,
// implementations of interface calls, closures handed to calls or
// deferred; not what a go statement or time.AfterFunc starts, nor set-up.
func TestReconcileSet(t *testing.T) {
	analysistest.Run(t, fixturetest.Module(t, "testdata/src"), reconcileSet, "./reconcileset")
}
