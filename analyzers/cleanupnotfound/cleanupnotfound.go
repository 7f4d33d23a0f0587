package cleanupnotfound

// The rule: on the terminating side of a deletion test of an object (or
// in a helper whose object is terminating in every call, the deletion
// branch in a helper) that removes a finalizer from it, a call whose
// error stands for the NotFound of a delete (objects.NotFoundSource: a
// client Delete, a cleanup helper of this or another package that
// returns one unfiltered), or of a Get of the object then deleted,
// returned (ssaflow.NotFoundReturns) where no removal of the finalizer
// has happened yet.

import (
	_ "embed"
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the cleanupnotfound check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "cleanupnotfound",
	Doc:      checkdoc.MustExtract(doc, "cleanupnotfound"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

// cleanup is a part of a function where an object is terminating: the
// terminating side of a deletion test (start), or a helper's entry when
// every call gives it a terminating object; removals are the removals of
// that object's finalizer start dominates.
type cleanup struct {
	fn       *ssa.Function
	obj      ssa.Value
	start    *ssa.BasicBlock
	removals []lifecycle.FinalizerOp
}

func run(pass *analysis.Pass) (any, error) {
	objs := objects.Of(pass)
	funcs := ssapkg.Of(pass).SrcFuncs()
	var callers map[*ssa.Function][]ssa.CallInstruction
	for _, fn := range funcs {
		if len(fn.Blocks) == 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		ev := objs.Lifecycle(fn)
		if len(ev.Removals) == 0 {
			continue
		}
		var cs []cleanup
		for _, br := range ev.Branches {
			if term := br.Terminating(); len(term.Preds) == 1 {
				cs = append(cs, cleanup{fn: fn, obj: br.Obj, start: term})
			}
		}
		// The deletion branch in a helper: its object parameter is
		// terminating in every call.
		for i, p := range fn.Params {
			if !objects.ObjectParam(p.Type()) {
				continue
			}
			if callers == nil {
				callers = ssaflow.StaticCallers(funcs)
			}
			if lifecycle.ParamTerminating(callers, fn, i, objs, objs.Same) {
				cs = append(cs, cleanup{fn: fn, obj: p, start: fn.Blocks[0]})
			}
		}
		reported := map[*ssa.Call]bool{}
		for _, c := range cs {
			for _, op := range ev.Removals {
				if c.start.Dominates(op.Instr.Block()) && (objs.Same(fn, op.Obj, c.obj) || objs.ConvertedFrom(fn, op.Obj, c.obj)) {
					c.removals = append(c.removals, op)
				}
			}
			if len(c.removals) > 0 {
				check(pass, objs, c, reported)
			}
		}
	}
	return nil, nil
}

// check reports the calls of c whose NotFound a return passes on before
// the finalizer is removed.
func check(pass *analysis.Pass, objs *objects.Result, c cleanup, reported map[*ssa.Call]bool) {
	for call := range ssaflow.PlainCalls(c.fn) {
		if reported[call] || !c.start.Dominates(call.Block()) {
			continue
		}
		errv, kind, ok := objs.NotFoundSource(c.fn, call)
		if !ok {
			continue
		}
		var deleted *ssa.Call // the Delete a Get's object is handed to
		switch {
		case kind&objects.NotFoundDelete != 0:
			if deletes(objs, c, call, c.obj) {
				continue // the object itself: not a cleanup
			}
		case kind&objects.NotFoundLookup != 0:
			if deleted = deleteOfGot(objs, c, call); deleted == nil {
				continue // a lookup for something else (E1's question before the branch)
			}
		default:
			continue
		}
		for _, nr := range ssaflow.NotFoundReturns(c.fn, errv) {
			ret := nr.Ret
			if !c.start.Dominates(ret.Block()) || ssaflow.Dead(ret.Block()) || removedBefore(c, ret) {
				continue
			}
			reported[call] = true
			report(pass, c, call, ret, deleted, nr.Made)
			break
		}
	}
}

// deletes reports whether call is a client Delete of obj.
func deletes(objs *objects.Result, c cleanup, call *ssa.Call, obj ssa.Value) bool {
	cc, args, ok := crapi.ClientCallSSA(call.Common())
	return ok && cc.Method == crapi.Delete && len(args) >= 2 && objs.Same(c.fn, args[1], obj)
}

// deleteOfGot returns the client Delete of c, after the Get call, of the
// object the Get fills (the Get before a Delete), or nil.
func deleteOfGot(objs *objects.Result, c cleanup, call *ssa.Call) *ssa.Call {
	cc, args, ok := crapi.ClientCallSSA(call.Common())
	if !ok {
		return nil
	}
	_, obj, ok := crapi.ClientSite{Call: call, ClientCall: cc, Args: args}.IsGetOf()
	if !ok {
		return nil
	}
	for other := range ssaflow.PlainCalls(c.fn) {
		if other != call && ssaflow.MayPrecede(call, other) && deletes(objs, c, other, obj) {
			return other
		}
	}
	return nil
}

// removedBefore reports whether a removal of the finalizer may precede
// ret: then the return may come after it.
func removedBefore(c cleanup, ret *ssa.Return) bool {
	for _, op := range c.removals {
		if ssaflow.MayPrecede(op.Instr, ret) {
			return true
		}
	}
	return false
}

func report(pass *analysis.Pass, c cleanup, call *ssa.Call, ret *ssa.Return, deleted *ssa.Call, made bool) {
	rm := c.removals[0]
	fin := "the finalizer"
	if name := rm.FinalizerName(); name != "" {
		fin = fmt.Sprintf("finalizer %q", name)
	}
	what, fix := "the NotFound error of this Delete", "wrap the Delete's error in client.IgnoreNotFound"
	switch {
	case deleted != nil:
		what = fmt.Sprintf("the NotFound error of this Get of the object it deletes (%s)", diag.Where(pass, call.Pos(), deleted.Pos()))
		fix = "treat its NotFound as already deleted (apierrors.IsNotFound, client.IgnoreNotFound)"
	case !isClient(call):
		name := "this cleanup"
		if fn := crapi.Callee(call.Common()); fn != nil {
			name = fn.Name()
		}
		what = fmt.Sprintf("the NotFound error of a Delete in %s", name)
		fix = "wrap that Delete's error in client.IgnoreNotFound"
	}
	if made {
		what = "an error made from " + what
	}
	retAt := ret.Pos()
	if rs := ssaflow.ReturnStmt(c.fn, ret); rs != nil {
		retAt = rs.Pos()
	}
	var fixes []analysis.SuggestedFix
	if deleted == nil && !made && isClient(call) {
		fixes = ignoreNotFoundFix(pass, c.fn, call)
	}
	pos, end := call.Pos(), call.Pos()
	if ce := ssaflow.CallExpr(c.fn, call); ce != nil {
		pos, end = ce.Pos(), ce.End()
	}
	diag.Report(pass, analysis.Diagnostic{
		Pos: pos, End: end,
		Related: []analysis.RelatedInformation{
			{Pos: retAt, Message: "the return"},
			{Pos: rm.Instr.Pos(), Message: "the removal it comes before"},
		},
		SuggestedFixes: fixes,
		Message: fmt.Sprintf("%s is returned (%s) before %s is removed (%s): once the object is gone (an earlier partial run, the garbage collector), every retry fails on NotFound, the finalizer is never removed and the object stays Terminating; %s",
			what, diag.Where(pass, call.Pos(), retAt), fin, diag.Where(pass, call.Pos(), rm.Instr.Pos()), fix),
	})
}

// isClient reports whether call is a client method call.
func isClient(call *ssa.Call) bool {
	_, _, ok := crapi.ClientCallSSA(call.Common())
	return ok
}

// ignoreNotFoundFix wraps the Delete call in client.IgnoreNotFound: the
// call's one result is the error, so the wrapped call is still an error
// and a NotFound goes on to the removal.
func ignoreNotFoundFix(pass *analysis.Pass, fn *ssa.Function, call *ssa.Call) []analysis.SuggestedFix {
	if _, isTuple := call.Type().(*types.Tuple); isTuple {
		return nil
	}
	ce := ssaflow.CallExpr(fn, call)
	if ce == nil {
		return nil
	}
	name, edits, ok := diag.PackageName(pass, ce.Pos(), crapi.ClientPkg, "client")
	if !ok {
		return nil
	}
	edits = append(edits,
		analysis.TextEdit{Pos: ce.Pos(), End: ce.Pos(), NewText: []byte(name + ".IgnoreNotFound(")},
		analysis.TextEdit{Pos: ce.End(), End: ce.End(), NewText: []byte(")")},
	)
	return []analysis.SuggestedFix{{Message: "Wrap the Delete's error in client.IgnoreNotFound", TextEdits: edits}}
}
