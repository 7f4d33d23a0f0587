package lifecycle_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// terminatingProbe reports, at each call of the fixture's mark(obj),
// whether obj is known terminating there, and for each of the fixture's
// helper... functions whether it runs only while an object is terminating
// and which of its parameters is terminating in every call.
var terminatingProbe = &analysis.Analyzer{
	Name:     "terminatingprobe",
	Doc:      "reports where objects are known terminating",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		objs := objects.Of(pass)
		funcs := ssapkg.Of(pass).SrcFuncs()
		callers := ssaflow.StaticCallers(funcs)
		for _, fn := range funcs {
			for call := range ssaflow.Calls(fn) {
				callee := call.Common().StaticCallee()
				if callee == nil || callee.Name() != "mark" || len(call.Common().Args) != 1 {
					continue
				}
				arg := ssaflow.Strip(call.Common().Args[0])
				if obj, ok := lifecycle.TerminatingSide(fn, call.Block(), objs, func(o ssa.Value) bool { return objs.Same(fn, o, arg) }); ok {
					pass.Reportf(call.Pos(), "terminating here: %s", obj.Name())
				}
			}
			if !strings.HasPrefix(fn.Name(), "helper") {
				continue
			}
			for i, p := range fn.Params {
				if lifecycle.ParamTerminating(callers, fn, i, objs, objs.Same) {
					pass.Reportf(fn.Pos(), "%s is terminating in every call", p.Name())
				}
			}
			if obj, ok := lifecycle.CalledOnlyTerminating(callers, fn, objs, func(ssa.Value) bool { return true }); ok {
				pass.Reportf(fn.Pos(), "runs only while %s is terminating", obj.Name())
			}
		}
		return nil, nil
	},
}

func TestTerminating(t *testing.T) {
	fixturetest.Run(t, terminatingProbe, "./terminating")
}
