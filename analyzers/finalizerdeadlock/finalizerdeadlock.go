package finalizerdeadlock

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports finalizers left on terminating objects.
var Analyzer = &analysis.Analyzer{
	Name:     "finalizerdeadlock",
	Doc:      checkdoc.MustExtract(doc, "finalizerdeadlock"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	h := objects.Of(pass)
	funcs := ssapkg.Of(pass).SrcFuncs()
	reconcilers := map[*ssa.Function]crapi.Reconciler{}
	for _, r := range crapi.Reconcilers(funcs) {
		reconcilers[r.Fn] = r
	}
	pkg := newPackageFinalizers(h, funcs)
	for _, fn := range funcs {
		if len(fn.Blocks) == 0 {
			continue
		}
		c := &checker{pass: pass, fn: fn, h: h, objs: h}
		c.collect()
		c.checkTerminatingPaths()
		if r, ok := reconcilers[fn]; ok {
			c.checkUnwatchedChildren(r)
		}
		c.checkSkippedChildren(pkg)
	}
	return nil, nil
}

type deletionTest struct {
	block        *ssa.BasicBlock // ends in the If on the test
	obj          ssa.Value
	whenDeleting bool
	pos          token.Pos
}

type checker struct {
	pass *analysis.Pass
	fn   *ssa.Function
	h    *objects.Result
	objs *objects.Result // identity, shared with the other checks

	tests     []deletionTest
	tested    map[ssa.Value]bool // object reps whose deletion state is examined anywhere
	removals  []lifecycle.FinalizerOp
	additions []lifecycle.FinalizerOp
}

func (c *checker) collect() {
	c.tested = map[ssa.Value]bool{}
	ev := c.h.Lifecycle(c.fn)
	for _, t := range ev.Tests {
		c.tested[c.objs.Key(c.fn, t.Obj)] = true
	}
	c.removals = ev.Removals
	for _, op := range ev.Additions {
		if !op.Helper { // an addition in this function's own code
			c.additions = append(c.additions, op)
		}
	}
	for _, br := range ev.Branches {
		c.tests = append(c.tests, deletionTest{block: br.Block, obj: br.Obj, whenDeleting: br.WhenDeleting, pos: br.If.Cond.Pos()})
	}
}

// checkTerminatingPaths reports a deletion test whose terminating side
// reaches a return without removing a finalizer that the function removes
// from the same object only on the not-terminating side.
func (c *checker) checkTerminatingPaths() {
	done := map[ssa.Value]bool{}
	for _, t := range c.tests {
		x := c.objs.Key(c.fn, t.obj)
		if done[x] {
			continue
		}
		var removals []lifecycle.FinalizerOp
		for _, r := range c.removals {
			if c.objs.Key(c.fn, r.Obj) == x {
				removals = append(removals, r)
			}
		}
		if len(removals) == 0 {
			continue
		}
		term, alive := t.block.Succs[1], t.block.Succs[0]
		if t.whenDeleting {
			term, alive = alive, term
		}
		// The alive successor must be entered only through this edge for
		// its dominance to mean "X is not terminating here".
		if len(alive.Preds) != 1 {
			continue
		}
		onlyAlive := true
		removalBlocks := map[*ssa.BasicBlock]bool{}
		for _, r := range removals {
			removalBlocks[r.Instr.Block()] = true
			if !alive.Dominates(r.Instr.Block()) {
				onlyAlive = false
			}
		}
		if !onlyAlive {
			continue
		}
		reach := ssaflow.Reachable(term, func(_, to *ssa.BasicBlock) bool { return removalBlocks[to] })
		if removalBlocks[term] {
			continue
		}
		var rets []*ssa.Return
		unknown := false
		live := ssaflow.Live(c.fn)
		for b := range reach {
			for _, instr := range b.Instrs {
				if c.mayRemoveUnknown(instr, x) || c.closureRemoves(instr, x) {
					unknown = true
				}
			}
			// Returns inside the terminating branch, if it has its own
			// block, but not one behind a branch no execution takes: the
			// finding is placed at the first return that can run.
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && len(term.Preds) == 1 && term.Dominates(b) && live[b] {
				rets = append(rets, ret)
			}
		}
		if unknown {
			continue // the terminating side hands X to code we cannot see into
		}
		reachesExit := false
		for b := range reach {
			if _, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && live[b] {
				reachesExit = true
			}
		}
		if !reachesExit {
			continue
		}
		if len(rets) == 0 && isParam(x) {
			// A helper given X that merely does nothing to it when it is
			// terminating (no return of its own on that side) leaves X to
			// its callers, which may remove the finalizer themselves
			// (temporal-operator's ensureFinalizer, called after the
			// reconcile's deletion branch): not judged here.
			continue
		}
		done[x] = true
		c.reportTerminating(t, removals, rets)
	}
}

// isParam reports whether the object x is one fn is given: a parameter or
// a variable its closure captures.
func isParam(x ssa.Value) bool {
	switch x.(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	}
	return false
}

func (c *checker) reportTerminating(t deletionTest, removals []lifecycle.FinalizerOp, rets []*ssa.Return) {
	var node ast.Node
	sort.Slice(rets, func(i, j int) bool { return rets[i].Pos() < rets[j].Pos() })
	for _, ret := range rets {
		if rs := ssaflow.ReturnStmt(c.fn, ret); rs != nil {
			node = rs
			break
		}
	}
	atTest := node == nil
	if atTest {
		node = condExpr(c.fn, t.pos)
	}
	if node == nil {
		return
	}
	obj, fin := c.describe(removals[0])
	var related []analysis.RelatedInformation
	for _, r := range removals {
		related = append(related, analysis.RelatedInformation{Pos: r.Instr.Pos(), Message: "finalizer removed here, only when not terminating"})
	}
	msg := fmt.Sprintf("%s is terminating on this path, but %s is removed from it only when it is not: it never goes away, and whatever waits for its deletion hangs; remove the finalizer here too", obj, fin)
	if atTest {
		msg = fmt.Sprintf("when %s is terminating, %s is never removed from it (only when it is not): it never goes away, and whatever waits for its deletion hangs; remove the finalizer on the terminating side too", obj, fin)
	}
	diag.Report(c.pass, analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Related: related, Message: msg})
}

// condExpr returns the condition of an if statement or switch case of fn
// that contains pos.
func condExpr(fn *ssa.Function, pos token.Pos) ast.Node {
	syntax := fn.Syntax()
	if syntax == nil || !pos.IsValid() {
		return nil
	}
	var found ast.Node
	contains := func(e ast.Expr) bool { return e != nil && e.Pos() <= pos && pos < e.End() }
	ast.Inspect(syntax, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.IfStmt:
			if contains(n.Cond) {
				found = n.Cond
			}
		case *ast.CaseClause:
			for _, e := range n.List {
				if contains(e) {
					found = e
				}
			}
		}
		return true
	})
	return found
}

// describe names the object and finalizer of a removal for a message.
func (c *checker) describe(op lifecycle.FinalizerOp) (obj, fin string) {
	obj, fin = "the object", "its finalizer"
	if name := op.FinalizerName(); name != "" {
		fin = fmt.Sprintf("finalizer %q", name)
	}
	call, ok := op.Instr.(ssa.CallInstruction)
	if !ok {
		return obj, fin
	}
	ce := ssaflow.CallExpr(c.fn, call)
	if ce == nil {
		return obj, fin
	}
	args := crapi.CallArgs(call.Common())
	for i, a := range args {
		if ssaflow.Strip(a) == op.Obj && i < len(ce.Args) {
			obj = types.ExprString(ce.Args[i])
			if u, ok := ast.Unparen(ce.Args[i]).(*ast.UnaryExpr); ok && u.Op == token.AND {
				obj = types.ExprString(u.X) // &obj is obj, for a message
			}
		}
		if op.Finalizer != nil && a == op.Finalizer && i < len(ce.Args) && fin == "its finalizer" {
			fin = "finalizer " + types.ExprString(ce.Args[i])
		}
	}
	if sel, ok := ce.Fun.(*ast.SelectorExpr); ok && obj == "the object" && op.Finalizer == nil {
		if fn := crapi.Callee(call.Common()); fn != nil && fn.Signature().Recv() != nil && fn.Name() == "SetFinalizers" {
			obj = types.ExprString(sel.X)
		}
	}
	return obj, fin
}

// checkUnwatchedChildren reports the A1b variant: a reconciler adds a
// finalizer to an object other than the requested one, fetches and writes
// it, and never examines its deletion state nor removes the finalizer.
func (c *checker) checkUnwatchedChildren(r crapi.Reconciler) {
	fetched := map[ssa.Value]bool{}
	written := map[ssa.Value]bool{}
	for _, site := range crapi.ClientCalls(c.fn) {
		if site.SubResource {
			continue
		}
		if key, obj, ok := site.IsGetOf(); ok && !ssaflow.IsRequestKey(key, r.Req) {
			fetched[c.objs.Key(c.fn, obj)] = true
		}
		if (site.Method == crapi.Update || site.Method == crapi.Patch) && len(site.Args) >= 2 {
			written[c.objs.Key(c.fn, site.Args[1])] = true
		}
	}
	done := map[ssa.Value]bool{}
	for _, add := range c.additions {
		x := c.objs.Key(c.fn, add.Obj)
		if done[x] || !fetched[x] || !written[x] || c.tested[x] {
			continue
		}
		if c.removesAny(x) || c.handsOff(x) {
			continue
		}
		done[x] = true
		obj, fin := c.describe(add)
		diag.Report(c.pass, analysis.Diagnostic{
			Pos: add.Instr.Pos(), End: add.Instr.Pos(),
			Message: fmt.Sprintf("%s is added to %s, which this reconcile fetches and writes without ever checking its deletion state: once it is deleted from outside, nothing removes the finalizer and it never goes away; remove the finalizer when its deletion timestamp is set",
				capitalize(fin), obj),
		})
	}
}

func (c *checker) removesAny(x ssa.Value) bool {
	for _, r := range c.removals {
		if c.objs.Key(c.fn, r.Obj) == x {
			return true
		}
	}
	return false
}

// handsOff reports whether x is passed anywhere in the function to code
// that might examine or finalize it without our knowing.
func (c *checker) handsOff(x ssa.Value) bool {
	for _, b := range c.fn.Blocks {
		for _, instr := range b.Instrs {
			if c.mayRemoveUnknown(instr, x) {
				return true
			}
		}
	}
	return false
}

// mayRemoveUnknown reports whether instr passes object x to a function
// whose effect on finalizers is unknown: a dynamic or interface call other
// than the client's, or a function outside both the user's module (whose
// helpers have facts) and the well-known Kubernetes and logging libraries.
func (c *checker) mayRemoveUnknown(instr ssa.Instruction, x ssa.Value) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	cc := call.Common()
	passes := false
	for _, a := range cc.Args {
		if c.objs.Key(c.fn, a) == x {
			passes = true
		}
	}
	if cc.IsInvoke() && c.objs.Key(c.fn, cc.Value) == x {
		passes = true
	}
	if !passes {
		return false
	}
	if _, _, ok := crapi.ClientCallSSA(cc); ok {
		return false
	}
	fn := crapi.Callee(cc)
	if fn == nil {
		return true // a function value
	}
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if fn.Pkg() == c.pass.Pkg || ssapkg.InModule(c.pass, path) {
		return false // helpers of the module have facts: no fact, no removal
	}
	if crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") {
		return true // the mutate function may change finalizers
	}
	return !knowledge.KnownLibrary(path)
}

// closureRemoves reports whether instr hands a function literal to
// another function (retry.RetryOnConflict, a poll) and the literal removes
// a finalizer from an object of x's type: the usual refetch-and-remove
// inside a retry, on a fresh copy of the same object.
func (c *checker) closureRemoves(instr ssa.Instruction, x ssa.Value) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	want := ssaflow.Deref(x.Type())
	for _, a := range call.Common().Args {
		mc, ok := a.(*ssa.MakeClosure)
		if !ok {
			continue
		}
		lit, ok := mc.Fn.(*ssa.Function)
		if !ok {
			continue
		}
		for _, f := range append([]*ssa.Function{lit}, lit.AnonFuncs...) {
			for _, op := range c.h.Lifecycle(f).Removals {
				if op.Obj != nil && types.Identical(ssaflow.Deref(op.Obj.Type()), want) {
					return true
				}
			}
		}
	}
	return false
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
