package blindupdate

import (
	_ "embed"
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the blindupdate check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "blindupdate",
	Doc:      checkdoc.MustExtract(doc, "blindupdate"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

// run reports each call that updates, in an Update or through a helper of
// the module that does (objects.AsGivenUpdates), an object built in the
// code that nothing gave a resourceVersion, of a kind whose API requires
// one for an update.
func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for call := range ssaflow.PlainCalls(fn) {
			for _, obj := range objs.AsGivenUpdates(call.Common()) {
				if tn := blindKind(objs, fn, call, obj); tn != nil {
					diag.Report(pass, analysis.Diagnostic{Pos: call.Pos(), Message: message(pass, fn, call, obj, tn)})
					break
				}
			}
		}
	}
	return nil, nil
}

// blindKind returns the kind of obj when the update at call sends it
// without a resourceVersion and its API requires one: on every path to
// the call the object starts where the code builds it from nothing
// (objects.Unversioned), or at a Create that failed (whose answer was not
// decoded into it), and nothing on the way may give it a resourceVersion.
func blindKind(objs *objects.Result, fn *ssa.Function, call *ssa.Call, obj ssa.Value) *types.TypeName {
	starts, ok := madeStarts(objs, fn, call, obj, map[ssa.Instruction]bool{})
	if !ok || len(starts) == 0 {
		return nil
	}
	var tn *types.TypeName
	for _, v := range append([]ssa.Value{obj}, starts...) {
		t := objects.ObjectType(v)
		if t == nil {
			continue // an interface: the allocations tell the kind
		}
		n := crapi.Named(t)
		if n == nil || !objects.ObjectParam(types.NewPointer(n)) || (tn != nil && tn != n.Obj()) {
			return nil
		}
		tn = n.Obj()
	}
	if needs, known := knowledge.UpdateNeedsResourceVersion(tn); !needs || !known {
		return nil
	}
	return tn
}

// madeStarts returns the instructions that make obj on the paths to at,
// and whether each path starts at one that builds it from nothing, or at a
// Create that failed, before which the same holds, with no Versioned
// change on the way.
func madeStarts(objs *objects.Result, fn *ssa.Function, at ssa.Instruction, obj ssa.Value, seen map[ssa.Instruction]bool) ([]ssa.Value, bool) {
	if seen[at] {
		return nil, true
	}
	seen[at] = true
	s := objs.Steps(fn, at, obj)
	if s.Entry || objects.Versioned(s.Effect) {
		return nil, false
	}
	var out []ssa.Value
	for start, ev := range s.Starts {
		switch {
		case ev == objects.Made && objs.Unversioned(start):
			out = append(out, start.(ssa.Value))
		case ev == objects.Written && failedCreate(start, at):
			more, ok := madeStarts(objs, fn, start, obj, seen)
			if !ok {
				return nil, false
			}
			out = append(out, more...)
		default:
			return nil, false
		}
	}
	return out, true
}

// failedCreate reports whether start is a client Create and at is reached
// only where its error is not nil: the API server's answer was not
// decoded into the object (client-go's Result.Into returns the error
// first), which keeps no resourceVersion (Create fails with AlreadyExists,
// then the code updates the object instead).
func failedCreate(start, at ssa.Instruction) bool {
	call, ok := start.(*ssa.Call)
	if !ok {
		return false
	}
	if c, _, ok := crapi.ClientCallSSA(call.Common()); !ok || c.Method != crapi.Create {
		return false
	}
	return ssaflow.HoldsAt(at.Block(), func(cond ssa.Value, onTrue bool) bool {
		if x, nilOnTrue, ok := ssaflow.NilTest(cond); ok {
			return ssaflow.Strip(x) == call && onTrue != nilOnTrue
		}
		test, ok := cond.(*ssa.Call)
		if !ok || !onTrue {
			return false
		}
		i, ok := knowledge.ErrorTestArg(crapi.Callee(test.Common()))
		args := test.Common().Args
		return ok && i < len(args) && ssaflow.Strip(args[i]) == call
	})
}

// message says what the update sends and what the API server answers.
func message(pass *analysis.Pass, fn *ssa.Function, call *ssa.Call, obj ssa.Value, tn *types.TypeName) string {
	verb := "Update sends"
	if c, _, ok := crapi.ClientCallSSA(call.Common()); !ok || c.Method != crapi.Update {
		verb = crapi.FuncName(pass.Pkg, crapi.Callee(call.Common())) + " updates"
	}
	name := "the object"
	if e := ssaflow.ArgExpr(fn, call, func(v ssa.Value) bool { return v == obj }); e != nil {
		if text, ok := diag.Text(pass, e); ok {
			name = strings.TrimPrefix(string(text), "&")
		}
	}
	return fmt.Sprintf("%s %s, a %s built here and never read from the server, with no resourceVersion: the API server rejects it whenever the object exists "+
		"(422 \"metadata.resourceVersion: Invalid value: 0: must be specified for an update\"); "+
		"Get the object and change that copy, copy the resourceVersion of the one read (%s.ResourceVersion = existing.ResourceVersion), "+
		"or use controllerutil.CreateOrUpdate, a Patch or server-side apply",
		verb, name, tn.Name(), name)
}
