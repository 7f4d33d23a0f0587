package statusloop

import (
	_ "embed"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports status writes that retrigger their reconcile for ever.
var Analyzer = &analysis.Analyzer{
	Name:     "statusloop",
	Doc:      checkdoc.MustExtract(doc, "statusloop"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, objects.Analyzer, reach.Analyzer},
	Run:      run,
}

type checker struct {
	pass  *analysis.Pass
	objs  *objects.Result
	funcs map[*ssa.Function]bool // the reconcile set
	// writes caches forWrites; a package's controllers have one For
	// type each, so the cache is per controller (reset in run).
	writes map[*ssa.Function]map[ssa.Instruction]bool
}

func run(pass *analysis.Pass) (any, error) {
	set := reach.Of(pass).Reconcile()
	if len(set.Roots) == 0 {
		return nil, nil
	}
	model := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	c := &checker{pass: pass, objs: objects.Of(pass), funcs: map[*ssa.Function]bool{}}
	for _, fn := range set.Funcs {
		c.funcs[fn] = true
	}
	reported := map[token.Pos]bool{}
	for _, root := range set.Roots {
		recv := root.Fn.Signature.Recv()
		if recv == nil || ssapkg.InTestCode(pass, root.Fn.Pos()) {
			continue
		}
		ctl := model.ControllerOf(recv.Type())
		if ctl == nil || len(ctl.For) != 1 {
			continue
		}
		forCall, ok := passesStatusUpdates(ctl)
		if !ok {
			continue
		}
		c.writes = map[*ssa.Function]map[ssa.Instruction]bool{}
		for _, w := range c.loops(root.Fn, ctl.For[0], 0) {
			if reported[w.store.Pos()] {
				continue
			}
			reported[w.store.Pos()] = true
			c.report(w, forCall)
		}
	}
	return nil, nil
}

// passesStatusUpdates reports whether the controller's For source lets an
// update that changes only the status through: no predicate on For and no
// event filter, or only ResourceVersionChangedPredicate. A predicate the
// model does not know may filter them: then it is false.
func passesStatusUpdates(ctl *ctrlmodel.Controller) (*ctrlmodel.Call, bool) {
	var forCall *ctrlmodel.Call
	for _, ch := range ctl.Chains {
		for _, call := range ch.Calls {
			switch call.Method {
			case ctrlmodel.For:
				if call.Via != nil || call.Expr == nil || (len(call.Expr.Args) > 1 && len(call.Predicates) == 0) {
					return nil, false // options the model cannot see
				}
				forCall = call
			case ctrlmodel.WithEventFilter:
				if len(call.Predicates) == 0 {
					return nil, false
				}
			default:
				continue
			}
			for _, p := range call.Predicates {
				if p.Kind != ctrlmodel.PredicateResourceVersionChanged {
					return nil, false
				}
			}
		}
	}
	return forCall, forCall != nil
}

// write is a status write of the reconciled object with a fresh value.
type write struct {
	fn    *ssa.Function
	store *ssa.Store
	what  string // "time.Now()", "a counter incremented"
	call  *ssa.Call
}

// loops returns the fresh status writes of the For object that fn makes on
// every successful run: in fn itself, or in a helper of the reconcile set
// that fn calls on every successful run and that writes on every one of
// its own.
func (c *checker) loops(fn *ssa.Function, forType types.Type, depth int) []write {
	var out []write
	for _, w := range c.freshWrites(fn, forType, depth == 0) {
		if c.always(fn, w.call, depth == 0, forType) {
			out = append(out, w)
		}
	}
	out = append(out, c.retried(fn, forType, depth)...)
	if depth > 0 {
		return out
	}
	for call := range ssaflow.Calls(fn) {
		callee := ssaflow.LocalCallee(call.Common(), c.pass.Pkg)
		if callee == nil || callee == fn || !c.funcs[callee] {
			continue
		}
		if _, isGo := call.(*ssa.Go); isGo {
			continue
		}
		inner := c.loops(callee, forType, depth+1)
		if len(inner) > 0 && c.always(fn, call, true, forType) {
			out = append(out, inner...)
		}
	}
	return out
}

// retried returns the fresh status writes made on every run of a closure
// that fn hands to a retrier that runs it until it succeeds
// (retry.RetryOnConflict, retry.OnError: knowledge's RetriesOnError
// rows), when fn calls the retrier on every successful run. The closure
// runs within fn's run, as a helper does.
func (c *checker) retried(fn *ssa.Function, forType types.Type, depth int) []write {
	var out []write
	for call := range ssaflow.Calls(fn) {
		if _, isGo := call.(*ssa.Go); isGo {
			continue
		}
		cc := call.Common()
		r, ok := knowledge.RetrierOf(crapi.Callee(cc))
		args := crapi.CallArgs(cc)
		if !ok || r.Kind != knowledge.RetriesOnError || r.Arg >= len(args) {
			continue
		}
		closure := ssaflow.FuncOf(args[r.Arg])
		if closure == nil || closure == fn || !c.funcs[closure] {
			continue
		}
		inner := c.loops(closure, forType, max(depth, 1))
		if len(inner) > 0 && c.always(fn, call, depth == 0, forType) {
			out = append(out, inner...)
		}
	}
	return out
}

// freshWrites returns fn's status writes (Status().Update/Patch) of an
// object of type forType, each with a store of a fresh value into its
// status that dominates the write, when no comparison with the status
// guards either.
func (c *checker) freshWrites(fn *ssa.Function, forType types.Type, root bool) []write {
	var out []write
	for _, site := range crapi.ClientCalls(fn) {
		if site.Method != crapi.Update && site.Method != crapi.Patch || !crapi.IsStatusWrite(site.Call.Common(), site.ClientCall) || len(site.Args) < 2 {
			continue
		}
		obj := ssaflow.Strip(site.Args[1])
		if !ctrlmodel.SameKind(ssaflow.Deref(obj.Type()), ssaflow.Deref(forType)) {
			continue
		}
		if c.guarded(fn, site.Call, forType, root) {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok || !ssaflow.Dominates(st, site.Call) {
					continue
				}
				part, ok := c.objs.Part(fn, st.Addr, obj)
				if !ok || part.Class != objects.Status {
					continue
				}
				what := fresh(st)
				if what == "" || c.guarded(fn, st, forType, root) {
					continue
				}
				out = append(out, write{fn: fn, store: st, what: what, call: site.Call})
			}
		}
	}
	return out
}

// fresh tells whether the store's value differs on each run: a time read
// now (possibly converted or formatted), or the stored field plus a
// constant.
func fresh(st *ssa.Store) string {
	if bin, ok := st.Val.(*ssa.BinOp); ok && bin.Op == token.ADD {
		for _, x := range []ssa.Value{bin.X, bin.Y} {
			if ld, ok := x.(*ssa.UnOp); ok && ld.Op == token.MUL && sameAddr(ld.X, st.Addr) {
				return "a counter incremented"
			}
		}
	}
	if s := now(st.Val, map[ssa.Value]bool{}, 0); s != "" {
		return s
	}
	if mapOrder(st.Val) {
		return "a list in map iteration order"
	}
	return ""
}

// mapOrder reports whether v is a slice appended to in a range over a map
// and not sorted: its order changes from one run to the next.
func mapOrder(v ssa.Value) bool {
	phi, ok := ssaflow.Strip(v).(*ssa.Phi)
	if !ok || sorted(phi) {
		return false
	}
	for _, e := range phi.Edges {
		app, ok := e.(*ssa.Call)
		if !ok {
			continue
		}
		if b, ok := app.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" || len(app.Call.Args) != 2 {
			continue
		}
		if fromMapRange(app.Call.Args[1], map[ssa.Value]bool{}, 0) {
			return true
		}
	}
	return false
}

// sorted reports whether the slice is handed to a function of package
// sort or slices (sort.Strings(s), slices.SortFunc(s, …)).
func sorted(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return true
	}
	for _, r := range *refs {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if knowledge.InSorter(crapi.Callee(call.Common())) {
			return true
		}
		for _, a := range call.Common().Args {
			if mi, ok := a.(*ssa.MakeInterface); ok && mi.X == v {
				// sort.Sort(byName(s)) and the like.
				return true
			}
		}
	}
	return false
}

// fromMapRange reports whether v is computed from the key or value of a
// range over a map.
func fromMapRange(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > 12 {
		return false
	}
	seen[v] = true
	if ex, ok := v.(*ssa.Extract); ok {
		if next, ok := ex.Tuple.(*ssa.Next); ok && !next.IsString {
			return true
		}
	}
	for _, s := range ssaflow.Sources(v, true) {
		if fromMapRange(s, seen, depth+1) {
			return true
		}
	}
	return false
}

// sameAddr reports whether a and b are the same field path from the same
// base value.
func sameAddr(a, b ssa.Value) bool {
	for i := 0; i < 8; i++ {
		fa, ok1 := a.(*ssa.FieldAddr)
		fb, ok2 := b.(*ssa.FieldAddr)
		if !ok1 || !ok2 {
			return ssaflow.Outer(a) == ssaflow.Outer(b) || sameLoad(a, b)
		}
		if fa.Field != fb.Field {
			return false
		}
		a, b = fa.X, fb.X
	}
	return false
}

func sameLoad(a, b ssa.Value) bool {
	la, ok1 := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	return ok1 && ok2 && la.Op == token.MUL && lb.Op == token.MUL && sameAddr(la.X, lb.X)
}

// now returns how v reads the current time: time.Now(), time.Since(t),
// metav1.Now(), a clock's Now(); through conversions, the fields and
// pointers of a metav1.Time, and the methods that keep a time's
// freshness (Format, UTC, Truncate...). Any other call stops the walk: a
// schedule's next time computed from now converges.
func now(v ssa.Value, seen map[ssa.Value]bool, depth int) string {
	if v == nil || seen[v] || depth > 12 {
		return ""
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Call:
		fn := crapi.Callee(x.Common())
		if what, ok := crapi.ReadsClock(fn); ok {
			return what
		}
		switch {
		case crapi.IsFunc(fn, lifecycle.MetaV1Pkg, "NewTime"), crapi.IsFunc(fn, lifecycle.MetaV1Pkg, "NewMicroTime"), keepsTime(fn):
			for _, a := range x.Call.Args {
				if s := now(a, seen, depth+1); s != "" {
					return s
				}
			}
		}
		return ""
	case *ssa.Alloc, *ssa.UnOp, *ssa.FieldAddr, *ssa.Field, *ssa.ChangeType, *ssa.Convert, *ssa.MakeInterface, *ssa.Phi:
		for _, s := range ssaflow.Sources(v, false) {
			if r := now(s, seen, depth+1); r != "" {
				return r
			}
		}
	}
	return ""
}

// keepsTime reports the methods of time.Time, metav1.Time and
// time.Duration whose result
// is as fresh as their receiver.
func keepsTime(fn *types.Func) bool {
	if fn == nil || fn.Signature().Recv() == nil {
		return false
	}
	switch knowledge.TimeOpOf(fn) {
	case knowledge.TimeFormat, knowledge.TimeSame, knowledge.TimeMonotone, knowledge.TimeAdd, knowledge.TimeCopy,
		knowledge.DurationUnit, knowledge.DurationRound:
		return true
	}
	return false
}

// guarded reports whether instr runs only on one side of a branch that
// may decide otherwise once the status changed (mayStop: it reads the
// status, compares, or asks a helper given the object), and whose other
// side may end a settled run: a return that ends well without writing the
// object first. A branch whose other side only adds a finalizer or sets
// a phase and returns (a transition) guards nothing: every later run
// takes the writing side. Error and nil tests do not count.
func (c *checker) guarded(fn *ssa.Function, instr ssa.Instruction, forType types.Type, root bool) bool {
	target := instr.Block()
	for b := target; b != nil; b = b.Idom() {
		if len(b.Preds) != 1 || !b.Dominates(target) {
			continue
		}
		p := b.Preds[0]
		iff, ok := ssaflow.Last(p).(*ssa.If)
		if !ok || len(p.Succs) != 2 {
			continue
		}
		if x, _, ok := ssaflow.NilTest(iff.Cond); ok && crapi.IsError(x.Type()) {
			continue
		}
		if !c.mayStop(iff.Cond, forType) {
			continue
		}
		other := p.Succs[0]
		if other == b {
			other = p.Succs[1]
		}
		if c.endsSettled(fn, other, target, forType, root) {
			return true
		}
	}
	return false
}

// endsSettled reports whether a path from start reaches a return that
// ends a settled run without passing target: not through an error or the
// deletion branch, and not after writing the object (a transition).
func (c *checker) endsSettled(fn *ssa.Function, start, target *ssa.BasicBlock, forType types.Type, root bool) bool {
	if start == target {
		return false
	}
	reached := ssaflow.Reachable(start, func(from, to *ssa.BasicBlock) bool {
		return to == target || c.exitEdge(from, to)
	})
	for b := range reached {
		r, ok := ssaflow.Last(b).(*ssa.Return)
		if !ok {
			continue
		}
		if !root || okReturn(r) && !c.transition(fn, r, forType) {
			return true
		}
	}
	return false
}

// statusField reports whether field i of the struct t points to is the
// Status of a Kubernetes object (objects.StatusField).
func statusField(t types.Type, i int) bool {
	st, ok := ssaflow.Deref(t).Underlying().(*types.Struct)
	return ok && i >= 0 && i < st.NumFields() && objects.ObjectStruct(st) && st.Field(i) == objects.StatusField(t)
}

// always reports whether every settled run of fn passes instr: no path
// from the entry to a return avoids it, other than paths that leave
// through an error (the err != nil side of a test) or through the
// deletion branch, paths that write the reconciled object before they
// return (a transition: the next run differs), and the side of a branch
// the loop cannot change that does not lead to instr (the objects on its
// other side write on every run). For a reconcile function (root), only
// returns with a nil error end well; for a helper, every return does.
func (c *checker) always(fn *ssa.Function, instr ssa.Instruction, root bool, forType types.Type) bool {
	if len(fn.Blocks) == 0 {
		return false
	}
	target := instr.Block()
	reaches := map[*ssa.BasicBlock]bool{}
	canReach := func(b *ssa.BasicBlock) bool {
		r, ok := reaches[b]
		if !ok {
			r = ssaflow.Reachable(b, nil)[target]
			reaches[b] = r
		}
		return r
	}
	skip := func(from, to *ssa.BasicBlock) bool {
		if c.exitEdge(from, to) {
			return true
		}
		iff, ok := ssaflow.Last(from).(*ssa.If)
		if !ok || len(from.Succs) != 2 || c.mayStop(iff.Cond, forType) {
			return false
		}
		other := from.Succs[0]
		if other == to {
			other = from.Succs[1]
		}
		return !canReach(to) && canReach(other)
	}
	var ret func(*ssa.Return) bool
	if root {
		ret = func(r *ssa.Return) bool { return okReturn(r) && !c.transition(fn, r, forType) }
	}
	return !ssaflow.ReturnAvoiding(fn, target, skip, ret)
}

// transition reports whether an Update or Patch of an object of the For
// type (its status too) runs before r on every path to it, in fn or in a
// function of the package fn calls: the run changes the object, so the
// next run takes another path (a finalizer added, a phase set).
func (c *checker) transition(fn *ssa.Function, r *ssa.Return, forType types.Type) bool {
	writes := c.forWrites(fn, forType)
	for b := r.Block(); b != nil; b = b.Idom() {
		for _, instr := range b.Instrs {
			if writes[instr] {
				return true
			}
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if callee := ssaflow.LocalCallee(call.Common(), c.pass.Pkg); callee != nil && callee != fn && len(c.forWrites(callee, forType)) > 0 {
				return true
			}
		}
	}
	return false
}

// forWrites returns fn's Updates and Patches of an object of the For type
// (writesFor), computed once per function.
func (c *checker) forWrites(fn *ssa.Function, forType types.Type) map[ssa.Instruction]bool {
	if w, ok := c.writes[fn]; ok {
		return w
	}
	w := map[ssa.Instruction]bool{}
	for _, site := range crapi.ClientCalls(fn) {
		if c.writesFor(site, forType) {
			w[site.Call] = true
		}
	}
	c.writes[fn] = w
	return w
}

// writesFor reports an Update or Patch (of the object or its status) of an
// object of the For type.
func (c *checker) writesFor(site crapi.ClientSite, forType types.Type) bool {
	if site.Method != crapi.Update && site.Method != crapi.Patch || len(site.Args) < 2 {
		return false
	}
	return ctrlmodel.SameKind(ssaflow.Deref(ssaflow.Strip(site.Args[1]).Type()), ssaflow.Deref(forType))
}

// mayStop reports whether a branch condition may change from one run to
// the next while only the status changes: it reads an object's status,
// compares (DeepEqual, Equal, Diff), reads the clock, is a flag set in
// branches (a boolean phi), or calls a function given the reconciled
// object (its type, or an interface it implements) or no object at all
// (what it decides on is not known). The spec and metadata of the
// reconciled object, other objects (another kind's, read from the API)
// and the reconciler's settings do not change when its status is
// written: a branch on them takes the same side on every run.
func (c *checker) mayStop(cond ssa.Value, forType types.Type) bool {
	found := false
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if found || v == nil || seen[v] || depth > 16 {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if statusField(x.X.Type(), x.Field) {
				found = true
				return
			}
		case *ssa.Field:
			if statusField(x.X.Type(), x.Field) {
				found = true
				return
			}
		case *ssa.Phi:
			if b, ok := x.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsBoolean != 0 {
				found = true
				return
			}
		case *ssa.Call:
			if c.callMayStop(x.Common(), forType) {
				found = true
				return
			}
		}
		if isObject(v.Type()) {
			return // an object: its fields were looked at above
		}
		for _, s := range ssaflow.Sources(v, true) {
			walk(s, depth+1)
		}
	}
	walk(cond, 0)
	return found
}

// callMayStop reports whether a call in a branch condition may decide
// differently once the status changed (see mayStop).
func (c *checker) callMayStop(cc *ssa.CallCommon, forType types.Type) bool {
	if _, ok := cc.Value.(*ssa.Builtin); ok {
		return false // len, cap...
	}
	fn := crapi.Callee(cc)
	if fn == nil {
		return true // a function value or interface method of no known kind
	}
	if knowledge.DeepEqual(fn) || fn.Name() == "DeepEqual" || fn.Name() == "Equal" || fn.Name() == "Diff" {
		return true
	}
	if _, ok := crapi.ReadsClock(fn); ok {
		return true
	}
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	objs := 0
	for _, a := range args {
		t := ssaflow.Strip(a).Type()
		if !isObject(t) {
			continue
		}
		objs++
		if mayBe(t, forType) {
			return true
		}
	}
	return objs == 0 && !knowledge.Pure(fn)
}

// isObject reports a Kubernetes object: a pointer to an object struct,
// an object struct, or an interface with an object's methods.
func isObject(t types.Type) bool {
	return objects.ObjectParam(t) || objects.ObjectParam(types.NewPointer(t))
}

// mayBe reports whether a value of type t may be the reconciled object:
// its type, or an interface its type implements.
func mayBe(t, forType types.Type) bool {
	ft := ssaflow.Deref(forType)
	if types.Identical(ssaflow.Deref(t), ft) {
		return true
	}
	if it, ok := t.Underlying().(*types.Interface); ok {
		return types.Implements(types.NewPointer(ft), it) || types.Implements(ft, it)
	}
	return false
}

// exitEdge reports an edge that leaves the normal path: to the side of a
// branch where an error is not nil, or where an object is terminating.
func (c *checker) exitEdge(from, to *ssa.BasicBlock) bool {
	if side := ssaflow.ErrorSide(from); side >= 0 {
		return from.Succs[side] == to
	}
	if br, ok := c.objs.Lifecycle(from.Parent()).BranchOf(from); ok {
		return br.Terminating() == to
	}
	return false
}

// okReturn reports whether ret returns a nil error.
func okReturn(ret *ssa.Return) bool {
	if len(ret.Results) == 0 {
		return true
	}
	last := ssaflow.Returned(ret.Results[len(ret.Results)-1])
	return ssaflow.IsNil(last)
}

func (c *checker) report(w write, forCall *ctrlmodel.Call) {
	node := diag.StoreNode(c.pass, w.store.Pos())
	diag.Reportf(c.pass, node, nil,
		"the status is written on every reconcile with %s, and %s lets status-only updates through: each write is an update event that starts the next reconcile, a hot loop of writes against the API server; write it only when the status changes (compare with the previous status) or add builder.WithPredicates(predicate.GenerationChangedPredicate{}) to For",
		w.what, forCall.String())
}
