package reach

import (
	"go/types"
	"reflect"
	"slices"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Analyzer provides a *Result: the package's graphs, each built at most
// once and only when a check asks, for all the checks of the package.
var Analyzer = &analysis.Analyzer{
	Name:       "reach",
	Doc:        "build the package's reach and call graphs once for all checks",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	Run:        func(pass *analysis.Pass) (any, error) { return &Result{pass: pass}, nil },
	ResultType: reflect.TypeOf((*Result)(nil)),
}

// Result holds the graphs of one package. Safe for concurrent use.
type Result struct {
	pass *analysis.Pass

	graphOnce, srcOnce, sourceOnce, callsOnce, setOnce sync.Once
	graph, srcGraph                                    *Graph
	source                                             []*ssa.Function
	calls                                              *Calls
	set                                                *Reconcile
}

// Of returns the Result of pass, whose analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	if r == nil {
		return &Result{pass: pass}
	}
	return r
}

func (r *Result) prog() *ssapkg.Program {
	if r.pass == nil || r.pass.ResultOf[ssapkg.Analyzer] == nil {
		return nil
	}
	return ssapkg.Of(r.pass)
}

// Graph is the reach graph of all the package's functions: its source
// functions and the closures of its initializers, test files included (a
// test's fake client lists by what its reconciler lists by).
func (r *Result) Graph() *Graph {
	r.graphOnce.Do(func() {
		var funcs []*ssa.Function
		if p := r.prog(); p != nil {
			funcs = slices.Concat(p.SrcFuncs(), p.InitFuncs())
		}
		r.graph = New(r.pkg(), funcs)
	})
	return r.graph
}

// SourceGraph is Graph without the functions of test files: what the
// package's code runs in production (the permissions a binary needs).
func (r *Result) SourceGraph() *Graph {
	r.srcOnce.Do(func() {
		r.srcGraph = New(r.pkg(), r.Source())
	})
	return r.srcGraph
}

// Source returns the package's source functions and the closures of its
// initializers, test files left out.
func (r *Result) Source() []*ssa.Function {
	r.sourceOnce.Do(func() {
		p := r.prog()
		if p == nil {
			return
		}
		for _, fn := range slices.Concat(p.SrcFuncs(), p.InitFuncs()) {
			if !ssapkg.InTestCode(r.pass, fn.Pos()) {
				r.source = append(r.source, fn)
			}
		}
	})
	return slices.Clip(r.source) // shared: an append must not write into it
}

// Calls is the synchronous call graph of the package's source functions
// (ssapkg's SrcFuncs).
func (r *Result) Calls() *Calls {
	r.callsOnce.Do(func() {
		var pkg *ssa.Package
		var funcs []*ssa.Function
		if p := r.prog(); p != nil {
			pkg, funcs = p.Package(), p.SrcFuncs()
		}
		r.calls = NewCalls(pkg, funcs)
	})
	return r.calls
}

// Reconcile is the package's reconcile set, on Calls.
func (r *Result) Reconcile() *Reconcile {
	r.setOnce.Do(func() {
		var funcs []*ssa.Function
		if p := r.prog(); p != nil {
			funcs = p.SrcFuncs()
		}
		r.set = reconcileSet(r.Calls(), funcs)
	})
	return r.set
}

func (r *Result) pkg() *types.Package {
	if r.pass == nil {
		return nil
	}
	return r.pass.Pkg
}
