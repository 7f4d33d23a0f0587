package lostwakeup

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer reports returns without requeue right after a write of an
// unwatched type that skip remaining work.
var Analyzer = &analysis.Analyzer{
	Name:     "lostwakeup",
	Doc:      checkdoc.MustExtract(doc, "lostwakeup"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, objects.Analyzer, wiring.Analyzer},
	Run:      run,
}

type analyzer struct {
	pass     *analysis.Pass
	objs     *objects.Result
	uses     *wiring.Result
	tails    map[*ssa.Function][]tail
	reported map[*ssa.Return]bool
}

// event is a call that writes objects: a client Create, Update, Patch or
// Delete, controllerutil.CreateOrUpdate or CreateOrPatch, or a function of
// the package that writes only objects of known types.
type event struct {
	call   *ssa.Call
	writes []wiring.Write
	// obj is the object written by a direct write, nil for a helper.
	obj ssa.Value
	// helper names the helper called ("a function literal"), "" for a
	// direct write.
	helper string
	// errv holds the call's error, nil if it has none.
	errv ssa.Value
}

// tail is a return without requeue right after an event, in a function
// whose result reaches Reconcile's caller.
type tail struct {
	ev  event
	fn  *ssa.Function // holds ret
	ret *ssa.Return
}

func run(pass *analysis.Pass) (any, error) {
	model, _ := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	funcs := ssapkg.Of(pass).SrcFuncs()
	if model == nil || len(model.Chains) == 0 || len(funcs) == 0 {
		return nil, nil
	}
	a := &analyzer{
		pass:     pass,
		objs:     objects.Of(pass),
		uses:     wiring.Of(pass),
		tails:    map[*ssa.Function][]tail{},
		reported: map[*ssa.Return]bool{},
	}
	if crapi.LookupType(pass.Pkg, crapi.ClientPkg, "Writer") == nil {
		return nil, nil // no controller-runtime client in reach
	}
	for _, rec := range crapi.Reconcilers(funcs) {
		recv := rec.Fn.Signature.Recv()
		if recv == nil {
			continue // a reconcile.Func: no builder chain names it
		}
		ctl := model.ControllerOf(recv.Type())
		if ctl == nil || !ctl.Complete {
			continue // what it watches is not known: stay quiet
		}
		a.check(ctl, rec.Fn, rec.Fn, 0, map[*ssa.Function]bool{})
	}
	return nil, nil
}

// check looks in fn, which is Reconcile (top) or a function whose result
// top returns, for returns without requeue right after a write of types
// ctl does not watch that skip remaining work of fn.
func (a *analyzer) check(ctl *ctrlmodel.Controller, top, fn *ssa.Function, depth int, seen map[*ssa.Function]bool) {
	if depth > maxCallDepth || seen[fn] {
		return
	}
	seen[fn] = true
	if a.hasClientDefer(fn) {
		return // a deferred write (a status update) may well wake it up
	}
	for call := range ssaflow.PlainCalls(fn) {
		if ev, ok := a.writeEvent(fn, call); ok {
			if !unwatched(ctl, ev.writes) {
				continue
			}
			rets, path := a.cleanReturns(fn, call, ev.errv, false)
			for _, ret := range rets {
				if work := a.remainingWork(fn, ev, ret, path); work != "" {
					a.report(top, tail{ev: ev, fn: fn, ret: ret}, work)
				}
			}
			continue
		}
		g := a.resultHelper(fn, call)
		if g == nil {
			continue
		}
		rets, path := a.cleanReturns(fn, call, ssaflow.Extract(call, 1), true)
		if len(rets) == 0 {
			continue
		}
		for _, t := range a.tailsOf(g, depth+1) {
			if !unwatched(ctl, t.ev.writes) {
				continue
			}
			// In fn, the event is the call of g.
			inFn := event{call: call, writes: t.ev.writes}
			for _, ret := range rets {
				if work := a.remainingWork(fn, inFn, ret, path); work != "" {
					a.report(top, t, work)
				}
			}
		}
		a.check(ctl, top, g, depth+1, seen)
	}
}

// unwatched reports whether no write of ws is of a type ctl watches.
func unwatched(ctl *ctrlmodel.Controller, ws []wiring.Write) bool {
	for _, w := range ws {
		if ctl.Watched(w.Type) {
			return false
		}
	}
	return len(ws) > 0
}

// writeEvent recognises call, made in fn, as a write of objects of known
// types: a client Create, Update, Patch or Delete of an object (not of a
// subresource); controllerutil.CreateOrUpdate or CreateOrPatch; or a
// function of the package, other than one returning (reconcile.Result,
// error), whose writes all are of known types.
func (a *analyzer) writeEvent(fn *ssa.Function, call *ssa.Call) (event, bool) {
	cc := call.Common()
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		if c.SubResource || len(args) < 2 {
			return event{}, false
		}
		switch c.Method {
		case crapi.Create, crapi.Update, crapi.Patch, crapi.Delete:
		default:
			return event{}, false
		}
		typ := objects.ObjectType(args[1])
		if typ == nil {
			return event{}, false // client.Object, unstructured: kind unknown
		}
		return event{call: call, writes: []wiring.Write{{Method: string(c.Method), Type: typ}}, obj: ssaflow.Strip(args[1]), errv: call}, true
	}
	if f := crapi.Callee(cc); crapi.IsFuncIn(f, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") {
		args := crapi.CallArgs(cc)
		if len(args) < 3 {
			return event{}, false
		}
		typ := objects.ObjectType(args[2])
		if typ == nil {
			return event{}, false
		}
		return event{call: call, writes: []wiring.Write{{Method: f.Name(), Type: typ}}, obj: ssaflow.Strip(args[2]), errv: ssaflow.Extract(call, 1)}, true
	}
	g := a.local(cc)
	if g == nil {
		// A helper in another package of the module, from its fact; one
		// that returns a reconcile result is not followed.
		callee := crapi.Callee(cc)
		if callee == nil || cc.IsInvoke() || crapi.ReturnsResult(callee.Signature()) {
			return event{}, false
		}
		s, ok := a.uses.ImportedClientUse(callee)
		if !ok || len(s.Writes) == 0 || s.UnknownWrites {
			return event{}, false
		}
		return event{call: call, writes: s.Writes, helper: callee.Name(), errv: errorOf(call)}, true
	}
	if g == fn || a.resultHelper(fn, call) != nil {
		return event{}, false
	}
	s := a.uses.ClientUse(g)
	if len(s.Writes) == 0 || s.UnknownWrites {
		return event{}, false
	}
	name := g.Name()
	if g.Object() == nil {
		name = "a function literal"
	}
	return event{call: call, writes: s.Writes, helper: name, errv: errorOf(call)}, true
}

// errorOf returns the error result of call, nil if it has none.
func errorOf(call *ssa.Call) ssa.Value {
	switch t := call.Type().(type) {
	case *types.Tuple:
		if n := t.Len(); n > 0 && crapi.IsError(t.At(n-1).Type()) {
			return ssaflow.Extract(call, n-1)
		}
		return nil
	default:
		if crapi.IsError(t) {
			return call
		}
	}
	return nil
}

// resultHelper returns the function of the package that call invokes if
// it returns (reconcile.Result, error), like the Reconcile that calls it.
func (a *analyzer) resultHelper(fn *ssa.Function, call *ssa.Call) *ssa.Function {
	g := a.local(call.Common())
	if g == nil || g == fn {
		return nil
	}
	if !crapi.ReturnsResult(g.Signature) {
		return nil
	}
	return g
}

// tailsOf returns the returns without requeue of g that come right after
// an event, directly or through the functions whose result g returns.
func (a *analyzer) tailsOf(g *ssa.Function, depth int) []tail {
	if depth > maxCallDepth {
		return nil
	}
	if ts, ok := a.tails[g]; ok {
		return ts // nil while in progress: recursion adds nothing
	}
	a.tails[g] = nil
	if a.hasClientDefer(g) {
		return nil
	}
	var out []tail
	for call := range ssaflow.PlainCalls(g) {
		if ev, ok := a.writeEvent(g, call); ok {
			rets, _ := a.cleanReturns(g, call, ev.errv, false)
			for _, ret := range rets {
				out = append(out, tail{ev: ev, fn: g, ret: ret})
			}
			continue
		}
		if h := a.resultHelper(g, call); h != nil {
			if rets, _ := a.cleanReturns(g, call, ssaflow.Extract(call, 1), true); len(rets) > 0 {
				out = append(out, a.tailsOf(h, depth+1)...)
			}
		}
	}
	a.tails[g] = out
	return out
}

// hasClientDefer reports whether fn defers a call that may call the API
// server: it runs at every return.
func (a *analyzer) hasClientDefer(fn *ssa.Function) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if d, ok := instr.(*ssa.Defer); ok && a.clientish(d.Common()) {
				return true
			}
		}
	}
	return false
}

// cleanReturns follows the paths from call on which its error errv is not
// known to be non-nil and no other client call is made, and returns the
// returns they reach that return without requeue: after a write, a zero
// Result and a nil error; after the call of a helper (via), the helper's
// Result and its error or nil. Returns that no execution reaches
// (ssaflow.Dead) are left out. path holds the blocks those paths cross.
func (a *analyzer) cleanReturns(fn *ssa.Function, call *ssa.Call, errv ssa.Value, via bool) (rets []*ssa.Return, path map[*ssa.BasicBlock]bool) {
	var resv ssa.Value
	if via {
		if resv = ssaflow.Extract(call, 0); resv == nil {
			return nil, nil
		}
	}
	carriers := map[ssa.Value]bool{}
	if errv != nil {
		carriers = ssaflow.ErrorCarriers(fn, errv)
	}
	var live map[*ssa.BasicBlock]bool
	accept := func(ret *ssa.Return) bool {
		if len(ret.Results) != 2 {
			return false
		}
		// A return behind a branch that cannot be taken (if err != nil
		// inside if err == nil) is not a way out.
		if live == nil {
			live = ssaflow.Live(fn)
		}
		if !live[ret.Block()] {
			return false
		}
		if via {
			return ret.Results[0] == resv && ((errv != nil && ret.Results[1] == errv) || ssaflow.IsNil(ret.Results[1]))
		}
		return ssaflow.IsNil(ret.Results[1]) && crapi.ResultRequeue(ret.Results[0]) == crapi.RequeueNone
	}
	path = map[*ssa.BasicBlock]bool{}
	seen := map[*ssa.BasicBlock]bool{}
	start := call.Block()
	type item struct {
		b    *ssa.BasicBlock
		from int
	}
	stack := []item{{start, slices.Index(start.Instrs, ssa.Instruction(call)) + 1}}
	seen[start] = true
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.from < 0 || it.from > len(it.b.Instrs) {
			it.from = 0
		}
		blocked := false
		for _, instr := range it.b.Instrs[it.from:] {
			if c, ok := instr.(*ssa.Call); ok && (c == call || a.clientish(c.Common())) {
				blocked = true
				break
			}
		}
		if blocked || len(it.b.Instrs) == 0 {
			continue
		}
		path[it.b] = true
		switch t := it.b.Instrs[len(it.b.Instrs)-1].(type) {
		case *ssa.Return:
			if accept(t) {
				rets = append(rets, t)
			}
		case *ssa.If:
			for i, s := range it.b.Succs {
				if !seen[s] && edgeOK(t, i, carriers, call) {
					seen[s] = true
					stack = append(stack, item{s, 0})
				}
			}
		case *ssa.Jump:
			for _, s := range it.b.Succs {
				if !seen[s] {
					seen[s] = true
					stack = append(stack, item{s, 0})
				}
			}
		}
	}
	return rets, path
}

// edgeOK reports whether the i-th edge of ifi may be taken when call has
// succeeded: not the failing edge of a nil test of its error, and no edge
// of a condition computed otherwise from its results (errors.Is(err, ..),
// res.RequeueAfter > 0, a "created" flag), whose meaning is unknown.
func edgeOK(ifi *ssa.If, i int, carriers map[ssa.Value]bool, call *ssa.Call) bool {
	if fail, ok := errTestFailEdge(ifi.Cond, func(v ssa.Value) bool { return carriers[v] }); ok {
		return i != fail
	}
	return !ssaflow.DerivesFrom(ifi.Cond, call)
}

// errTestFailEdge recognises cond as a nil test of an error that isErr
// accepts (err != nil, err == nil, client.IgnoreNotFound(err) != nil) and
// returns the index of the edge taken when the error is set.
func errTestFailEdge(cond ssa.Value, isErr func(ssa.Value) bool) (int, bool) {
	cmp, ok := cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return 0, false
	}
	x, y := cmp.X, cmp.Y
	if ssaflow.IsNil(x) {
		x, y = y, x
	}
	if !ssaflow.IsNil(y) {
		return 0, false
	}
	fail := 1
	if cmp.Op == token.NEQ {
		fail = 0
	}
	if isErr(x) {
		return fail, true
	}
	if call, ok := crapi.IsCallTo(x, crapi.ClientPkg, "IgnoreNotFound", "IgnoreAlreadyExists"); ok &&
		len(call.Call.Args) == 1 && isErr(call.Call.Args[0]) {
		return fail, true
	}
	return 0, false
}

// remainingWork tells what ret skips, or "" if nothing: a branch D whose
// condition depends on the state of objects of the types ev writes (got or
// listed in fn, or the written object) leads on one side to ret, after the
// write, and on the other, which cannot reach ret, to a write of another
// type. The next reconcile, seeing the object just written, would take
// that other side; nothing will bring it.
//
// D either comes before the write (its side towards ret dominates the
// write: "if the volume is missing, create it and return", a switch case)
// or lies on the path from the write to ret ("create; if not bound yet,
// return").
//
// A write that the guard of ret proves would change nothing is not work
// left (see guardFacts and unneeded).
func (a *analyzer) remainingWork(fn *ssa.Function, ev event, ret *ssa.Return, path map[*ssa.BasicBlock]bool) string {
	wb, rb := ev.call.Block(), ret.Block()
	if wb == nil || rb == nil {
		return ""
	}
	var roots map[ssa.Value]bool
	var facts []fact
	factsDone := false
	for _, d := range fn.Blocks {
		ifi, ok := ssaflow.Last(d).(*ssa.If)
		if !ok || len(d.Succs) != 2 {
			continue
		}
		var sides [][2]*ssa.BasicBlock // {towards ret, other}
		switch {
		case d != wb && d.Dominates(wb):
			for i, s := range d.Succs {
				if s.Dominates(wb) {
					sides = append(sides, [2]*ssa.BasicBlock{s, d.Succs[1-i]})
				}
			}
		case path[d]:
			if ssaflow.DerivesFrom(ifi.Cond, ev.call) {
				continue // the test of the write's own outcome
			}
			for i, s := range d.Succs {
				if path[s] && ssaflow.Reachable(s, func(_, to *ssa.BasicBlock) bool { return !path[to] })[rb] {
					sides = append(sides, [2]*ssa.BasicBlock{s, d.Succs[1-i]})
				}
			}
		}
		for _, side := range sides {
			other := side[1]
			if other == side[0] {
				continue
			}
			if roots == nil {
				roots = a.stateRoots(fn, ev)
				if len(roots) == 0 {
					return ""
				}
			}
			if !ssaflow.DependsOn(ifi.Cond, roots) {
				continue
			}
			reach := ssaflow.Reachable(other, func(_, to *ssa.BasicBlock) bool { return to == d })
			if reach[rb] {
				continue // both sides end in ret: not an early return
			}
			if !factsDone {
				facts, factsDone = a.guardFacts(fn, ret), true
			}
			if w := a.work(fn, reach, ev, facts); w != "" {
				return w
			}
		}
	}
	return ""
}

// writesKind reports whether ev writes objects of type t.
func (ev event) writesKind(t types.Type) bool {
	for _, w := range ev.writes {
		if sameKind(w.Type, t) {
			return true
		}
	}
	return false
}

// stateRoots returns the values of fn that hold the state of objects of
// the types ev writes: Gets and Lists of those types (the call and the
// object filled), calls of the package's functions that read them, and the
// written object.
func (a *analyzer) stateRoots(fn *ssa.Function, ev event) map[ssa.Value]bool {
	roots := map[ssa.Value]bool{}
	if ev.obj != nil {
		roots[ev.obj] = true
	}
	for call := range ssaflow.PlainCalls(fn) {
		cc := call.Common()
		if c, args, ok := crapi.ClientCallSSA(cc); ok {
			switch {
			case c.Method == crapi.Get && len(args) >= 3 && ev.writesKind(objects.ObjectType(args[2])):
				roots[call], roots[ssaflow.Strip(args[2])] = true, true
			case c.Method == crapi.List && len(args) >= 2 && ev.writesKind(objects.ListItemType(ssaflow.Strip(args[1]).Type())):
				roots[call], roots[ssaflow.Strip(args[1])] = true, true
			}
			continue
		}
		g := a.local(cc)
		if g == nil {
			continue
		}
		for _, t := range a.uses.ClientUse(g).Reads {
			if !ev.writesKind(t) {
				continue
			}
			roots[call] = true
			// Locals it fills through a pointer: found, err := r.getVolume(ctx, &pvc).
			for _, arg := range crapi.CallArgs(cc) {
				if alloc, ok := ssaflow.Strip(arg).(*ssa.Alloc); ok &&
					(ev.writesKind(alloc.Type()) || ev.writesKind(objects.ListItemType(alloc.Type()))) {
					roots[alloc] = true
				}
			}
			break
		}
	}
	return roots
}

// work describes the first write among the blocks reach, other than the
// event, that writes an object of a type the event does not write (the
// other branch of a create-or-update is not remaining work), does not
// only handle an error, and is not proven by facts, the guard of the
// return, to change nothing. "" if there is none.
func (a *analyzer) work(fn *ssa.Function, reach map[*ssa.BasicBlock]bool, ev event, facts []fact) string {
	// Branches taken when an error is set: what they write (a failure
	// condition) is not work the next reconcile will need.
	var errBranches []*ssa.BasicBlock
	for _, b := range fn.Blocks {
		if !reach[b] {
			continue
		}
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || len(b.Succs) != 2 {
			continue
		}
		if fail, ok := errTestFailEdge(ifi.Cond, func(v ssa.Value) bool { return crapi.IsError(v.Type()) }); ok {
			if s := b.Succs[fail]; len(s.Preds) == 1 {
				errBranches = append(errBranches, s)
			}
		}
	}
	best, bestPos := "", token.NoPos
	for _, b := range fn.Blocks {
		if !reach[b] || onErrorBranch(b, errBranches) {
			continue
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call == ev.call {
				continue
			}
			if w := a.workOf(call.Common(), ev); w != "" && (best == "" || call.Pos() < bestPos) &&
				(len(facts) == 0 || !a.unneeded(fn, call, facts)) {
				best, bestPos = w, call.Pos()
			}
		}
	}
	return best
}

func onErrorBranch(b *ssa.BasicBlock, errBranches []*ssa.BasicBlock) bool {
	for _, e := range errBranches {
		if e.Dominates(b) {
			return true
		}
	}
	return false
}

// workOf describes the call if it writes an object of a known type that
// ev does not write, "" otherwise.
func (a *analyzer) workOf(cc *ssa.CallCommon, ev event) string {
	for _, w := range a.uses.CallClientUse(cc).Writes {
		if ev.writesKind(w.Type) {
			continue
		}
		if g := a.local(cc); g != nil {
			if g.Object() == nil {
				return "calling a function literal that does " + phrase(w)
			}
			return "calling " + g.Name()
		}
		return phrase(w)
	}
	return ""
}

// requeueAfter is the interval the fix asks for: long enough for the
// write to reach the informer cache and for a dependency just created (a
// volume binding, a Job starting) to move on, short enough that the
// remaining steps follow promptly; one poll every few seconds costs
// nothing next to waiting for the resync.
const requeueAfter = "5 * %s.Second"

func (a *analyzer) report(top *ssa.Function, t tail, work string) {
	if a.reported[t.ret] {
		return
	}
	a.reported[t.ret] = true
	rs := ssaflow.ReturnStmt(t.fn, t.ret)
	if rs == nil {
		return // an implicit return: nowhere to point at
	}
	via := ""
	if t.fn != top {
		via = " (through " + t.fn.Name() + ")"
	}
	diag.Reportf(a.pass, rs, a.fix(rs),
		"%s returns without requeue%s right after %s: no event will wake it up, so the remaining steps (%s) wait for an unrelated event or the periodic resync; requeue with RequeueAfter",
		top.Name(), via, t.ev.describe(), work)
}

// describe tells what the event writes, for a message: "creating a
// v1.PersistentVolumeClaim, a type this controller does not watch".
func (ev event) describe() string {
	var kinds []string
	seen := map[string]bool{}
	for _, w := range ev.writes {
		s := crapi.ObjectTypeString(w.Type)
		if !seen[s] {
			seen[s] = true
			kinds = append(kinds, "a "+s)
		}
	}
	what := "a type this controller does not watch"
	if len(kinds) > 1 {
		what = "types this controller does not watch"
	}
	if ev.helper == "" {
		return phrase(ev.writes[0]) + ", " + what
	}
	return fmt.Sprintf("calling %s, which writes %s, %s", ev.helper, strings.Join(kinds, " and "), what)
}

// fix replaces the Result literal with one that asks for a requeue after
// requeueAfter, keeping its type as written (ctrl.Result, reconcile.Result).
func (a *analyzer) fix(rs *ast.ReturnStmt) []analysis.SuggestedFix {
	if len(rs.Results) != 2 {
		return nil
	}
	lit, ok := ast.Unparen(rs.Results[0]).(*ast.CompositeLit)
	if !ok || lit.Type == nil {
		return nil
	}
	for _, e := range lit.Elts {
		// Only zero Requeue/RequeueAfter fields may be dropped; keep a
		// Priority (or anything newer) by offering no fix.
		kv, ok := e.(*ast.KeyValueExpr)
		if !ok {
			return nil
		}
		if id, ok := kv.Key.(*ast.Ident); !ok || (id.Name != "Requeue" && id.Name != "RequeueAfter") {
			return nil
		}
	}
	name, edits, ok := diag.PackageName(a.pass, rs.Pos(), "time", "time")
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{
		Pos:     lit.Lbrace,
		End:     lit.Rbrace + 1,
		NewText: []byte("{RequeueAfter: " + fmt.Sprintf(requeueAfter, name) + "}"),
	})
	return []analysis.SuggestedFix{{Message: "Requeue after a few seconds", TextEdits: edits}}
}
