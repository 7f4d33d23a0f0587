package createexists

import (
	_ "embed"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports Creates with fixed names that every reconcile runs.
var Analyzer = &analysis.Analyzer{
	Name:     "createexists",
	Doc:      checkdoc.MustExtract(doc, "createexists"),
	URL:      "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/createexists.md",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	funcs := ssapkg.Of(pass).SrcFuncs()
	objs := objects.Of(pass)
	converted := crapi.ReconcileFuncs(funcs)
	for _, fn := range funcs {
		if _, ok := crapi.ReconcilerOf(fn, converted); !ok || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for _, site := range crapi.ClientCalls(fn) {
			if site.Method != crapi.Create || site.SubResource || len(site.Args) < 2 {
				continue
			}
			obj := ssaflow.Strip(site.Args[1])
			name, ok := objs.NameSource(obj)
			if !ok {
				continue // no fixed name known (GenerateName, or made elsewhere)
			}
			carriers := ssaflow.ErrorCarriers(fn, site.Call)
			lookup := func(err ssa.Value) bool { return looksUp(objs, fn, err, obj) }
			if testsAlreadyExists(carriers) || !returned(fn, carriers) || !everyTime(fn, site.Call, lookup) {
				continue
			}
			expr := ssaflow.CallExpr(fn, site.Call)
			if expr == nil {
				continue
			}
			diag.Reportf(pass, expr, nil,
				"Create of %s %s runs on every reconcile with nothing looking it up first, and its error is returned: once it exists (after the first success, or while the cache lags) every reconcile fails with AlreadyExists and is retried for ever; Get it first and create it on NotFound, or use client.IgnoreAlreadyExists",
				crapi.ObjectTypeString(obj.Type()), describe(name))
		}
	}
	return nil, nil
}

// describe renders the layer's name source for a message: the constant,
// or only that the name is fixed.
func describe(src string) string {
	if c, ok := strings.CutPrefix(src, "const:"); ok {
		return "named " + c + ","
	}
	return "with a fixed name (not GenerateName)"
}

// testsAlreadyExists reports whether one of the error's carriers is given
// to a function that tells AlreadyExists apart (apierrors.IsAlreadyExists,
// client.IgnoreAlreadyExists, or anything named so).
func testsAlreadyExists(carriers map[ssa.Value]bool) bool {
	for v := range carriers {
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			call, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			if fn := crapi.Callee(call.Common()); fn != nil && strings.Contains(fn.Name(), "AlreadyExists") {
				return true
			}
		}
	}
	return false
}

// returned reports whether a return of fn hands one of carriers back as
// its error.
func returned(fn *ssa.Function, carriers map[ssa.Value]bool) bool {
	for ret := range ssaflow.Returns(fn) {
		if n := len(ret.Results); n > 0 && carriers[ssaflow.Returned(ret.Results[n-1])] {
			return true
		}
	}
	return false
}

// everyTime reports whether call runs on every run of fn that gets that
// far without failing: each branch that decides whether it is reached is
// a test of an error being nil, with the call on the nil side (an early
// return on failure). A branch on anything else (state, a lookup's
// NotFound, a loop) guards it.
func everyTime(fn *ssa.Function, call *ssa.Call, lookup func(err ssa.Value) bool) bool {
	reach := ssaflow.Reaching(call.Block())
	for _, b := range fn.Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || !reach[b] {
			continue
		}
		r0, r1 := reach[b.Succs[0]], reach[b.Succs[1]]
		if r0 && r1 {
			continue // both ways lead to it: no decision
		}
		nilSide, ok := errNilSide(ifi.Cond, lookup)
		if !ok || (nilSide == 0) != r0 {
			return false
		}
	}
	return true
}

// errNilSide recognises cond as a nil test of an error (err == nil,
// err != nil) and returns the index of the successor where it is nil.
func errNilSide(cond ssa.Value, lookup func(err ssa.Value) bool) (int, bool) {
	x, nilOnTrue, ok := ssaflow.NilTest(cond)
	if !ok || !crapi.IsError(x.Type()) || lookup(x) {
		return 0, false // not an error, or the error of a lookup: what follows depends on it
	}
	if nilOnTrue {
		return 0, true
	}
	return 1, true
}

// looksUp reports whether err is the error of a Get of the object obj
// created (the same object, by the layer's identity): a lookup, whatever
// side of its test the Create is on.
func looksUp(objs *objects.Result, fn *ssa.Function, err, obj ssa.Value) bool {
	call, ok := err.(*ssa.Call)
	if !ok {
		return false
	}
	c, args, ok := crapi.ClientCallSSA(call.Common())
	return ok && c.Method == crapi.Get && len(args) >= 3 && objs.Same(fn, args[2], obj)
}
