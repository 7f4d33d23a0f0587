// Package objects is the shared object layer of the checks: for every
// function of the package it answers which SSA values denote the same
// Kubernetes object (identity), where a value points into an object (part:
// status, spec, metadata, which field), what an instruction or a call does
// to an object (effects: from the knowledge table for libraries, from
// summaries of the module's own helpers, and from facts for helpers in
// other packages of the module), and what happened to an object between a
// point and the last time it was fetched, written or made (history).
//
// The checks ask through the analyzer's Result; none indexes client call
// arguments or keeps a table of library behaviour of its own.
package objects

import (
	"fmt"
	"go/types"
	"reflect"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Analyzer provides a *Result and exports a Summary fact for each
// exported function of the user's module that is given objects.
var Analyzer = &analysis.Analyzer{
	Name:       "objects",
	Doc:        "answer object identity, parts, effects and history for the checks",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{new(Summary)},
}

// Summary is the fact of what a function of the user's module may do to
// the objects it is given. Params is indexed like the function's SSA
// parameters (the receiver first); a parameter that is not an object has
// a zero entry.
type Summary struct {
	Params []ParamSummary
}

// ParamSummary holds the classes of changes a function makes to one
// parameter: certainly on some path (Strong), or possibly (Weak).
type ParamSummary struct {
	Strong, Weak Class
}

// AFact implements analysis.Fact.
func (*Summary) AFact() {}

func (f *Summary) String() string { return fmt.Sprintf("summary%v", f.Params) }

// Result answers the questions of the layer for one package. The checks
// of a package run in parallel and share it: every method locks.
type Result struct {
	mu sync.Mutex
	e  *engine // nil for a package without SSA (a dependency)
}

// Of returns the Result of pass, whose analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	if r == nil {
		return &Result{}
	}
	return r
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return &Result{}, nil
	}
	funcs := ssapkg.Of(pass).SrcFuncs()
	if len(funcs) == 0 {
		return &Result{}, nil
	}
	e := newEngine(pass, funcs)
	exportSummaries(pass, e, funcs)
	return &Result{e: e}, nil
}

// exportSummaries exports what each exported function of the package does
// to its object parameters, for callers in other packages.
func exportSummaries(pass *analysis.Pass, e *engine, funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg || fn.Parent() != nil {
			continue
		}
		fact := &Summary{Params: make([]ParamSummary, len(fn.Params))}
		hasObject := false
		for i, p := range fn.Params {
			if !ObjectParam(p.Type()) {
				continue
			}
			hasObject = true
			s := e.summary(fn, p)
			fact.Params[i] = ParamSummary{Strong: s.Strong, Weak: s.Weak}
		}
		if hasObject {
			pass.ExportObjectFact(obj, fact)
		}
	}
}

// imported returns the summary of parameter param of fn, a function of
// another package of the module, from its fact.
func (e *engine) imported(fn *types.Func, param int) (Effect, bool) {
	fact := new(Summary)
	if !e.pass.ImportObjectFact(fn, fact) || param < 0 || param >= len(fact.Params) {
		return Effect{}, false
	}
	p := fact.Params[param]
	return Effect{Strong: p.Strong, Weak: p.Weak}, true
}

// Same reports whether a and b denote the same object in fn.
func (r *Result) Same(fn *ssa.Function, a, b ssa.Value) bool {
	if r.e == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.identity(fn).Same(a, b)
}

// Key returns the representative of the object v denotes in fn.
func (r *Result) Key(fn *ssa.Function, v ssa.Value) ssa.Value {
	if r.e == nil {
		return v
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.identity(fn).Key(v)
}

// Part tells whether v points into the object obj of fn, and where.
func (r *Result) Part(fn *ssa.Function, v, obj ssa.Value) (Part, bool) {
	if r.e == nil {
		return Part{}, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.e.identity(fn)
	return partOf(id, v, id.Key(obj), 0)
}

// EffectOf tells what instr, an instruction of fn, does to the object
// obj, and whether the object's history starts there.
func (r *Result) EffectOf(fn *ssa.Function, instr ssa.Instruction, obj ssa.Value) (Effect, Event) {
	if r.e == nil {
		return Effect{Weak: Unknown}, None
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.e.identity(fn)
	return r.e.instrEffect(fn, id, instr, id.Key(obj))
}

// History returns what may happen to the object obj on the paths that
// reach the instruction from in fn since the object was last fetched,
// written or made, or since an instruction of stops. When a path reaches
// the function's entry and obj is a parameter (or a variable captured by
// a closure), the history goes on at the call sites in this package.
func (r *Result) History(fn *ssa.Function, from ssa.Instruction, obj ssa.Value, stops map[ssa.Instruction]bool) Effect {
	if r.e == nil {
		return Effect{Weak: Unknown}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.history(fn, from, obj, stops, 0)
}
