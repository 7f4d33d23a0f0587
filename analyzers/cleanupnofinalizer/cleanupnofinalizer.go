package cleanupnofinalizer

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
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer is the cleanupnofinalizer check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:      "cleanupnofinalizer",
	Doc:       checkdoc.MustExtract(doc, "cleanupnofinalizer"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, wiring.Analyzer},
	FactTypes: []analysis.Fact{new(Cleanups)},
	Run:       run,
}

// Cleanups is the fact of a package of the module: the deletion branches
// with cleanup, on objects of the module's own kinds, of its code and of
// the module's packages it imports. Package main judges them against
// what its whole binary gives finalizers (objects.Finalized).
type Cleanups struct {
	Branches []Branch
}

// Branch is a deletion branch that does cleanup work.
type Branch struct {
	// Type is the object's type key (objects.TypeKey), Kind its name.
	Type, Kind string
	// At is the place of the deletion test ("file.go:12"), Func the
	// function that holds it.
	At, Func string
	// Cleanup says what the branch does ("deletes a ConfigMap at
	// file.go:14").
	Cleanup string
}

// AFact marks Cleanups as a fact.
func (*Cleanups) AFact() {}

func (f *Cleanups) String() string {
	var parts []string
	for _, b := range f.Branches {
		parts = append(parts, b.Kind+" at "+b.At)
	}
	return "cleanups(" + strings.Join(parts, ", ") + ")"
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil
	}
	objs := objects.Of(pass)
	w := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	var all []Branch
	for _, imp := range pass.Pkg.Imports() {
		var f Cleanups
		if ssapkg.InModule(pass, imp.Path()) && pass.ImportPackageFact(imp, &f) {
			for _, b := range f.Branches {
				if !slices.Contains(all, b) {
					all = append(all, b)
				}
			}
		}
	}
	c := &checker{pass: pass, objs: objs, w: w}
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for _, b := range c.branches(fn) {
			if !slices.Contains(all, b) {
				all = append(all, b)
			}
		}
	}
	slices.SortFunc(all, func(a, b Branch) int { return strings.Compare(a.Type+" "+a.At, b.Type+" "+b.At) })
	if len(all) > 0 {
		pass.ExportPackageFact(&Cleanups{Branches: all})
	}
	c.judge(all)
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	objs *objects.Result
	w    *wiring.Result
}

// branches returns fn's deletion branches that do cleanup on an object
// of a kind the module defines. A branch under a
// //reconcilecheck:ignore directive (or in a generated file) is left out
// here, where the directive is seen.
func (c *checker) branches(fn *ssa.Function) []Branch {
	var out []Branch
	for _, br := range c.objs.Lifecycle(fn).Branches {
		t := objects.ObjectType(br.Obj)
		if t == nil || !objects.ObjectParam(t) || !c.ownKind(t) {
			continue // a kind of the library or of another project: others may add finalizers
		}
		side := br.Terminating()
		if len(side.Preds) != 1 {
			continue
		}
		pos := br.If.Cond.Pos()
		if !pos.IsValid() {
			pos = fn.Pos()
		}
		if diag.Silenced(c.pass, pos) {
			continue
		}
		what, ok := c.cleanup(fn, side, br.Obj, t)
		if !ok {
			continue
		}
		out = append(out, Branch{Type: objects.TypeKey(t), Kind: kindName(t), At: diag.At(c.pass, pos), Func: fn.Name(), Cleanup: what})
	}
	return out
}

// ownKind reports whether t is a kind the module defines.
func (c *checker) ownKind(t types.Type) bool {
	k := objects.TypeKey(t)
	i := strings.LastIndex(k, ".")
	return i > 0 && ssapkg.InModule(c.pass, k[:i])
}

func kindName(t types.Type) string {
	s := types.TypeString(t, func(p *types.Package) string { return p.Name() })
	return strings.TrimPrefix(s, "*")
}

// cleanup returns the first cleanup work on the terminating side of a
// deletion branch (the blocks side dominates): a write, through a client,
// of an object of another type than the branch's own (obj, of type t),
// directly or through a function the call runs (wiring's client use). A
// write of the object's own type (its status, the removal of its
// finalizer) is not cleanup, nor a write of an unknown type through a
// call given obj (a helper that may be updating it); a return, a log
// line or an event is no work at all.
func (c *checker) cleanup(fn *ssa.Function, side *ssa.BasicBlock, obj ssa.Value, t types.Type) (string, bool) {
	for _, b := range fn.Blocks {
		if !side.Dominates(b) {
			continue
		}
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			use := c.w.CallClientUse(call.Common())
			for _, wr := range use.Writes {
				if !types.Identical(wr.Type, t) {
					return fmt.Sprintf("the %s of %s%s at %s", wr.Method, article(shortName(wr.Type)), c.through(call), diag.At(c.pass, call.Pos())), true
				}
			}
			if use.UnknownWrites && !c.givenObj(fn, call, obj) {
				return fmt.Sprintf("a write%s at %s", c.through(call), diag.At(c.pass, call.Pos())), true
			}
		}
	}
	return "", false
}

// givenObj reports whether the call is given the branch's object.
func (c *checker) givenObj(fn *ssa.Function, call *ssa.Call, obj ssa.Value) bool {
	cc := call.Common()
	args := cc.Args
	if cc.IsInvoke() {
		args = append([]ssa.Value{cc.Value}, args...)
	}
	for _, a := range args {
		if c.objs.Same(fn, a, obj) {
			return true
		}
	}
	return false
}

// through names the module's function a call runs the write in: " in
// finalize" ("" for a library call, the client's own).
func (c *checker) through(call *ssa.Call) string {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || !ssapkg.InModule(c.pass, callee.Pkg.Pkg.Path()) {
		return ""
	}
	return " in " + callee.Name()
}

// shortName is a type's name without its package ("ConfigMap").
func shortName(t types.Type) string {
	name := kindName(t)
	if i := strings.LastIndex(name, "."); i >= 0 {
		name = name[i+1:]
	}
	return name
}

// article puts "a" or "an" before name.
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOUaeiou", rune(name[0])) {
		return "an " + name
	}
	return "a " + name
}

// judge reports, in package main, the branches on a type that nothing
// the binary runs gives a finalizer. Only there is the answer complete:
// main imports every package of its binary, controllers and webhooks,
// so objects' Finalized fact has seen every addition, or says it cannot
// tell (then nothing is reported). One finding per type, at the call
// that makes the manager.
func (c *checker) judge(all []Branch) {
	if c.pass.Pkg.Name() != "main" || len(all) == 0 {
		return
	}
	node := c.managerNode()
	if node == nil || c.objs.FinalizedOpen() != "" {
		return
	}
	done := map[string]bool{}
	for _, b := range all {
		if done[b.Type] {
			continue
		}
		if _, gives, complete := c.objs.GivesFinalizerKey(b.Type); gives || !complete {
			continue
		}
		done[b.Type] = true
		diag.Reportf(c.pass, node, nil,
			"nothing this binary runs gives %s a finalizer, so a deleted %s is removed at once (unless deleted in the foreground) and the reconcile never sees it terminating: the cleanup of its deletion branch at %s (in %s: %s) never runs; add a finalizer (controllerutil.AddFinalizer) before the object needs cleanup, and remove it at the end of that branch",
			article(b.Kind), b.Kind, b.At, b.Func, b.Cleanup)
	}
}

// managerNode is where package main makes its manager (or calls the
// package that does); nil when it makes none: a binary that runs no
// controllers judges nothing.
func (c *checker) managerNode() ast.Node {
	for _, m := range c.w.Managers() {
		if e := callExpr(c.pass, m.Call.Pos()); e != nil {
			return e
		}
	}
	for _, m := range c.w.ManagerCalls() {
		return m.Node
	}
	return nil
}

// callExpr is the call expression whose left parenthesis is at lparen,
// or nil.
func callExpr(pass *analysis.Pass, lparen token.Pos) ast.Node {
	if e := diag.CallAt(pass, lparen); e != nil {
		return e
	}
	return nil
}
