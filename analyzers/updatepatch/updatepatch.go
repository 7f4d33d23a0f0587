package updatepatch

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports Updates of fetched and changed objects that another
// controller also writes.
var Analyzer = &analysis.Analyzer{
	Name:      "updatepatch",
	Doc:       checkdoc.MustExtract(doc, "updatepatch"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, objects.Analyzer, ownership.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Updates), new(Conditions)},
}

// all widens the check to every Update after field changes.
var all bool

func init() {
	Analyzer.Flags.BoolVar(&all, "all", false,
		"report every Update of a fetched object after field changes: of the For type too, and in code of no known controller")
}

func run(pass *analysis.Pass) (any, error) {
	funcs := ssapkg.Of(pass).SrcFuncs()
	if len(funcs) == 0 {
		return nil, nil
	}
	model, _ := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	c := &checker{
		pass:    pass,
		funcs:   funcs,
		objs:    objects.Of(pass),
		owns:    ownership.Of(pass),
		names:   map[ast.Node]map[string]insertion{},
		pending: map[*ssa.Function][]UpdateSite{},
		callers: ssapkg.Of(pass).Callers(pass),
	}
	c.model = model
	scope := reconcilerCode(funcs, model)
	for _, fn := range funcs {
		// Outside the code of a known controller (a package of
		// sub-reconcilers called from a reconciler elsewhere) only the
		// built-in kinds whose status Kubernetes writes are certain:
		// checkUpdate asks whoElseWrites.
		ctls := scope[fn]
		if len(fn.Blocks) == 0 || (ctls == nil && !all && ssapkg.InTestCode(pass, fn.Pos())) {
			continue
		}
		_, c.inReconciler = crapi.ReconcilerOf(ssaflow.Declared(fn), nil)
		c.handedOn = handedTo(fn, func(*ssa.CallCommon) bool { return true })
		c.checkFunc(fn, ctls)
	}
	c.exportUpdates(funcs, scope)
	c.exportConditions()
	return nil, nil
}

// maxHelperDepth bounds how far calls are followed from a reconciler's
// methods into the package's helpers.
const maxHelperDepth = 4

// reconcilerCode returns the functions of the package that run as part of
// a reconciler with a controller model: the methods of the reconciler type
// (Reconcile and the rest), their function literals, and the functions of
// this package they call, up to maxHelperDepth calls away. A helper shared
// by several reconcilers maps to each of their controllers.
func reconcilerCode(funcs []*ssa.Function, model *ctrlmodel.Model) map[*ssa.Function][]*ctrlmodel.Controller {
	out := map[*ssa.Function][]*ctrlmodel.Controller{}
	if model == nil {
		return out
	}
	pkg := funcs[0].Pkg
	type item struct {
		fn    *ssa.Function
		depth int
	}
	byType := map[*types.TypeName]*ctrlmodel.Controller{}
	for _, root := range funcs {
		recv := root.Signature.Recv()
		if root.Parent() != nil || recv == nil {
			continue
		}
		n := crapi.Named(recv.Type())
		if n == nil {
			continue
		}
		ctl, ok := byType[n.Obj()]
		if !ok {
			ctl = model.ControllerOf(recv.Type())
			byType[n.Obj()] = ctl
		}
		if ctl == nil {
			continue
		}
		// Breadth first, so that each function is expanded at its least
		// depth; seen is per root, out merges the controllers.
		seen := map[*ssa.Function]bool{root: true}
		queue := []item{{root, 0}}
		for len(queue) > 0 {
			it := queue[0]
			queue = queue[1:]
			if !hasController(out[it.fn], ctl) {
				out[it.fn] = append(out[it.fn], ctl)
			}
			for _, anon := range it.fn.AnonFuncs {
				if !seen[anon] {
					seen[anon] = true
					queue = append(queue, item{anon, it.depth})
				}
			}
			if it.depth >= maxHelperDepth {
				continue
			}
			for call := range ssaflow.Calls(it.fn) {
				callee := localCallee(call.Common(), pkg)
				if callee != nil && !seen[callee] {
					seen[callee] = true
					queue = append(queue, item{callee, it.depth + 1})
				}
			}
		}
	}
	return out
}

func hasController(list []*ctrlmodel.Controller, ctl *ctrlmodel.Controller) bool {
	for _, c := range list {
		if c == ctl {
			return true
		}
	}
	return false
}

// localCallee returns the statically called function of cc if it is a
// source function of pkg (the generic origin for an instantiation).
func localCallee(cc *ssa.CallCommon, pkg *ssa.Package) *ssa.Function {
	if pkg == nil {
		return nil
	}
	if f := ssaflow.LocalCallee(cc, pkg.Pkg); f != nil && f.Syntax() != nil {
		return f
	}
	return nil
}

// checker holds what is shared by the functions of one package.
type checker struct {
	pass  *analysis.Pass
	funcs []*ssa.Function
	objs  *objects.Result
	owns  *ownership.Result
	model *ctrlmodel.Model
	// inReconciler: the function checked is (in) a Reconcile method, whose
	// objects may be of its For type.
	inReconciler bool
	// handedOn: the function checked is a literal given to another
	// function (a retry or polling helper of the module's), which decides
	// what a conflict costs.
	handedOn bool
	// names holds, per top-level function, the variable names given to
	// the patches of earlier fixes, so that two fixes applied together
	// declare different variables (or the same one at the same place).
	names map[ast.Node]map[string]insertion
	// pending holds the Updates of each function that this package
	// cannot judge, for the Updates facts.
	pending map[*ssa.Function][]UpdateSite
	// callers are the package's static calls of each function.
	callers map[*ssa.Function][]ssa.CallInstruction
	// local and conds are the keys of the writers' conditions that this
	// package, and with its imports, may meet (see Conditions); nil
	// until computed.
	local, conds []string
}

func (c *checker) checkFunc(fn *ssa.Function, ctls []*ctrlmodel.Controller) {
	if c.retried(fn, 0) {
		return
	}
	if len(ctls) > 0 {
		c.checkCalls(fn, ctls)
	}
	for _, site := range crapi.ClientCalls(fn) {
		if site.Method == crapi.Update && !site.SubResource && len(site.Args) >= 2 {
			c.checkUpdate(fn, site.Call, site.Args[1], ctls)
		}
	}
}

// inRetry reports whether fn is a function literal given to
// retry.RetryOnConflict, retry.OnError or gomega's Eventually (test
// helpers): a conflict there is retried at
// once (with a fresh Get inside, if any), not turned into a failed
// reconcile.
func inRetry(fn *ssa.Function) bool {
	return handedTo(fn, func(cc *ssa.CallCommon) bool {
		if r, ok := knowledge.RetrierOf(crapi.Callee(cc)); ok && r.Kind == knowledge.RetriesOnError {
			return true
		}
		return wrapsRetrier(cc.StaticCallee(), fn.Pkg)
	})
}

// wrapsRetrier reports whether callee, a function of pkg, hands a
// function parameter of its own to a conflict retrier (the
// VictoriaMetrics operator's
// func retryOnConflict(fn func() error) error { return retry.OnError(retry.DefaultRetry, isConflict, fn) }).
func wrapsRetrier(callee *ssa.Function, pkg *ssa.Package) bool {
	if callee == nil || callee.Pkg != pkg || pkg == nil {
		return false
	}
	for call := range ssaflow.Calls(callee) {
		r, ok := knowledge.RetrierOf(crapi.Callee(call.Common()))
		if !ok || r.Kind != knowledge.RetriesOnError {
			continue
		}
		for _, a := range call.Common().Args {
			if p, ok := ssaflow.Strip(a).(*ssa.Parameter); ok && p.Parent() == callee {
				if _, isFunc := p.Type().Underlying().(*types.Signature); isFunc {
					return true
				}
			}
		}
	}
	return false
}

// retried reports whether fn runs only inside a conflict retry: it is a
// literal given to one (inRetry), or an unexported function whose every
// call in the package is in a function that is (up to three calls up;
// chaos-mesh's abort reconciler updates the Workflow in a helper its
// RetryOnConflict closure calls, re-reading it first on every attempt).
func (c *checker) retried(fn *ssa.Function, depth int) bool {
	if inRetry(fn) {
		return true
	}
	if depth >= 3 || fn.Object() == nil || fn.Object().Exported() {
		return false
	}
	calls := c.callers[fn]
	if len(calls) == 0 {
		return false
	}
	for _, call := range calls {
		if up := call.Parent(); up == nil || !c.retried(up, depth+1) {
			return false
		}
	}
	return true
}

// retriedInLoop reports whether the Update call runs in a loop that reads
// the object again before each attempt and goes round again when the
// Update fails: every read that starts its history (h) is reachable from
// the failing side of a nil test of the Update's error (openyurt's
// workload managers: for i := 0; i < updateRetries; i++ { Get; apply;
// if err := Update(...); err == nil { break } }). A conflict then costs
// one more Get and Update in the same reconcile, as in RetryOnConflict.
func retriedInLoop(call *ssa.Call, h objects.Steps) bool {
	if h.Entry || len(h.Starts) == 0 {
		return false
	}
	carriers := ssaflow.ErrorCarriers(call.Parent(), call)
	for _, nb := range ssaflow.NilBranches(call.Parent()) {
		if !carriers[nb.X] {
			continue
		}
		again := ssaflow.Reachable(nb.NonNil, nil) // the Update failed
		all := true
		for st, ev := range h.Starts {
			if ev != objects.Fetched || !again[st.Block()] {
				all = false
			}
		}
		if all {
			return true
		}
	}
	return false
}

// handedTo reports whether the function literal fn is given as an
// argument to a call of its enclosing function that callee accepts.
func handedTo(fn *ssa.Function, callee func(*ssa.CallCommon) bool) bool {
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	for call := range ssaflow.Calls(parent) {
		if !callee(call.Common()) {
			continue
		}
		for _, a := range call.Common().Args {
			a = ssaflow.Strip(a) // gomega's Eventually takes an interface{}
			if a == fn {
				return true
			}
			if mc, ok := a.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return true
			}
		}
	}
	return false
}

// checkUpdate reports the Update call of arg if the object is one this
// check is about, was fetched in fn and changed since.
func (c *checker) checkUpdate(fn *ssa.Function, call *ssa.Call, arg ssa.Value, ctls []*ctrlmodel.Controller) {
	obj := ssaflow.Strip(arg)
	t := obj.Type()
	if types.IsInterface(t) || crapi.Named(t) == nil {
		return // an object of unknown kind: it may be the For type
	}
	if !c.considered(t, ctls) {
		return
	}
	h := c.objs.Steps(fn, call, obj)
	for in, ev := range h.Starts {
		if ev == objects.Replaced {
			// *obj = *other: a change of the whole object.
			h.Changes = append(h.Changes, in)
			h.Strong |= objects.Changed
		}
	}
	fetched := c.fromServer(fn, call, obj, map[ssa.Instruction]bool{})
	if !fetched {
		return // built here, or handed in: not a copy read from the server here
	}
	if len(h.Changes) == 0 {
		return // sent back unchanged
	}
	if retriedInLoop(call, h) {
		return // a hand-written conflict retry, as in a RetryOnConflict
	}
	if h.Strong&^objects.Status == 0 {
		// Update drops status changes, and so would a Patch of the main
		// resource: the wrong writer, which statuswriter reports.
		return
	}
	who, ok := c.whoElseWrites(fn, t, ctls, &h)
	if !ok && len(ctls) > 0 {
		return
	}
	if !ok {
		// Code of no known controller: whose object this is, a
		// reconciler that calls it from another package may know.
		c.record(fn, call, t, &h)
		return
	}
	msg := fmt.Sprintf("Update writes the whole %s, %s: every concurrent change turns into a 409 Conflict and a wasted reconcile; patch the fields you changed with client.MergeFrom",
		crapi.ObjectTypeString(t), who)
	// A merge patch replaces lists whole: one that changes finalizers or
	// owner references needs the optimistic lock (C12, finalizerlock).
	list := c.objs.SharedList(fn, h, obj)
	if list != "" {
		msg += " and client.MergeFromWithOptimisticLock{} (a merge patch replaces ." + list + " whole)"
	}
	expr := ssaflow.CallExpr(fn, call)
	if expr == nil {
		diag.Report(c.pass, analysis.Diagnostic{Pos: call.Pos(), Message: msg})
		return
	}
	diag.Reportf(c.pass, expr, c.fix(fn, expr, call, h, list != ""), "%s", msg)
}

// fromServer reports whether, on some path to the instruction in, obj was
// fetched: its history starts at a fetch, or at a write that read it back
// (or a whole replacement) after one.
func (c *checker) fromServer(fn *ssa.Function, in ssa.Instruction, obj ssa.Value, seen map[ssa.Instruction]bool) bool {
	for s, ev := range c.objs.Steps(fn, in, obj).Starts {
		switch {
		case ev == objects.Fetched:
			return true
		case (ev == objects.Written || ev == objects.Replaced) && !seen[s]:
			seen[s] = true
			if c.fromServer(fn, s, obj, seen) {
				return true
			}
		}
	}
	return false
}

// considered reports whether an Update of an object of type t in code of
// the controllers ctls may be reported at all, before its history is
// looked at: not an object of a For type, nor one whose kind is data.
func (c *checker) considered(t types.Type, ctls []*ctrlmodel.Controller) bool {
	if all || len(ctls) == 0 {
		return true
	}
	if ctrlmodel.DynamicKind(ssaflow.Deref(t)) {
		return false
	}
	for _, ctl := range ctls {
		if !forKnown(ctl) || ctl.IsFor(t) {
			return false
		}
	}
	return true
}

// whoElseWrites decides whether an Update of an object of type t is
// reported in code of the controllers ctls, and names who else writes the
// object for the message (see namedWriter): a Kubernetes component, by
// the knowledge table and the object's fields (steps: its changes since
// the fetch); another controller of the package For its type; the
// controller of a custom resource; another operator. An object nothing
// else is known to write is not reported when the module creates objects
// of its type and gives them owner references, or when the function that
// updates it (fn) also creates such objects (a get-or-create, with or
// without an owner reference): it is the operator's own. Other objects of
// such types may be anybody's ("which other clients may also write").
func (c *checker) whoElseWrites(fn *ssa.Function, t types.Type, ctls []*ctrlmodel.Controller, steps *objects.Steps) (string, bool) {
	const (
		other  = "which other clients may also write"
		anyone = "which users and other controllers may also write"
	)
	if len(ctls) == 0 {
		// Code of no known controller: a built-in kind whose status
		// Kubernetes keeps writing, unless a controller of the package is
		// For it.
		if w := busyWriter(t); w != "" && !c.forAny(t) && !c.inReconciler && !c.handedOn {
			return w, true
		}
		return anyone, all
	}
	if ctrlmodel.DynamicKind(ssaflow.Deref(t)) {
		return anyone, all // its kind is data: it may be the For type
	}
	for _, ctl := range ctls {
		if !forKnown(ctl) || ctl.IsFor(t) {
			return anyone, all
		}
	}
	if who, ok := c.namedWriter(t, ctls, func(w knowledge.Writer) bool { return c.mayHold(fn, t, w, steps) }); ok {
		return who, true
	}
	if c.owns.CreatesOwned(t) || c.owns.CreatesIn(fn, t) {
		return other, all // the operator's own object, which nothing else writes
	}
	return other, true
}

// busyWriter names, for the message, the Kubernetes component that keeps
// writing objects of type t whatever their fields ("whose status the
// deployment controller also writes"), or "".
func busyWriter(t types.Type) string {
	rows, _ := knowledge.Writers(crapi.Named(t))
	for _, w := range rows {
		if w.Busy && w.When == nil {
			return "whose " + w.Part + " " + w.Writer + " also writes"
		}
	}
	return ""
}

// forAny reports whether a controller of the package's model is For t.
func (c *checker) forAny(t types.Type) bool {
	if c.model == nil {
		return false
	}
	for _, ch := range c.model.Chains {
		for _, call := range ch.Find(ctrlmodel.For) {
			if call.Object == nil || types.Identical(ssaflow.Deref(call.Object), ssaflow.Deref(t)) {
				return true
			}
		}
	}
	return false
}

// forKnown reports whether every For of ctl names a static object type.
func forKnown(ctl *ctrlmodel.Controller) bool {
	n := 0
	for _, ch := range ctl.Chains {
		for _, call := range ch.Find(ctrlmodel.For) {
			if call.Object == nil || ctrlmodel.DynamicKind(ssaflow.Deref(call.Object)) {
				return false
			}
			n++
		}
	}
	return n > 0
}
