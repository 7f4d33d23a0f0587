package terminatinglive

import (
	_ "embed"
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the terminatinglive check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "terminatinglive",
	Doc:      checkdoc.MustExtract(doc, "terminatinglive"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, ownership.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, objs: objects.Of(pass), own: ownership.Of(pass)}
	for _, r := range crapi.Reconcilers(ssapkg.Of(pass).SrcFuncs()) {
		if ssapkg.InTestCode(pass, r.Fn.Pos()) || len(r.Fn.Blocks) == 0 {
			continue
		}
		c.check(r)
	}
	return nil, nil
}

type checker struct {
	pass *analysis.Pass
	objs *objects.Result
	own  *ownership.Result
}

// creation is a call of the reconcile that creates a child owned by the
// reconciled object: a create of an object given an owner reference to
// it, or a call of a helper of the module that does.
type creation struct {
	call  ssa.CallInstruction
	child string // the child's type, for the message
}

// check judges one reconcile: it reads its object by the request key,
// and on every path from the block where it was found to a return that
// is not an error, creates a child owned by it, while nothing in it, nor
// in the helpers it calls, looks at that object's deletion state.
func (c *checker) check(r crapi.Reconciler) {
	fn := r.Fn
	get, obj, ok := c.requestGet(r)
	if !ok {
		return
	}
	found := foundBlock(fn, get)
	if found == nil {
		return
	}
	if c.looksAtDeletion(fn, obj) || c.handedOff(fn, obj) {
		return
	}
	creations := c.creations(fn, obj)
	if len(creations) == 0 {
		return
	}
	blocks := map[*ssa.BasicBlock]bool{}
	for _, cr := range creations {
		blocks[cr.call.Block()] = true
	}
	if !blocks[found] {
		live := ssaflow.Live(fn)
		reach := ssaflow.Reachable(found, func(_, to *ssa.BasicBlock) bool { return blocks[to] })
		for b := range reach {
			if ret, ok := ssaflow.Last(b).(*ssa.Return); ok && live[b] && !errorReturn(ret) {
				return // a path that ends well without creating
			}
		}
	}
	// The first creation the found object reaches, in source order.
	var first *creation
	for i, cr := range creations {
		if found.Dominates(cr.call.Block()) && (first == nil || cr.call.Pos() < first.call.Pos()) {
			first = &creations[i]
		}
	}
	if first == nil {
		return
	}
	name := typeName(obj.Type())
	msg := fmt.Sprintf("every reconcile of an existing %[1]s creates its %[2]s, with no test of the %[1]s's deletion timestamp: during a foreground deletion, a reconcile after the garbage collector deleted the %[2]s creates it again, the collector deletes it again, and the %[1]s is removed only once the collector finds no %[2]s left; return before creating children when the deletion timestamp is set",
		name, first.child)
	diag.Report(c.pass, analysis.Diagnostic{Pos: first.call.Pos(), Message: msg})
}

// requestGet returns the client Get of fn that reads the object named by
// the request (the only object so read), and that object.
func (c *checker) requestGet(r crapi.Reconciler) (*ssa.Call, ssa.Value, bool) {
	var get *ssa.Call
	var obj ssa.Value
	for _, site := range crapi.ClientCalls(r.Fn) {
		key, o, ok := site.IsGetOf()
		if !ok || !ssaflow.IsRequestKey(key, r.Req) {
			continue
		}
		if obj != nil && !c.objs.Same(r.Fn, obj, o) {
			return nil, nil, false // two objects by one key: which one is reconciled?
		}
		if get == nil {
			get, obj = site.Call, ssaflow.Strip(o)
		}
	}
	if get == nil {
		return nil, nil, false // the request's object is not read here
	}
	st, isStruct := ssaflow.Deref(obj.Type()).Underlying().(*types.Struct)
	if !isStruct || !objects.ObjectStruct(st) {
		return nil, nil, false
	}
	return get, obj, true
}

// foundBlock returns the block entered when get returned no error: the
// nil side of a test of its error, entered only from that test.
func foundBlock(fn *ssa.Function, get *ssa.Call) *ssa.BasicBlock {
	for _, nb := range ssaflow.NilBranches(fn) {
		if ssaflow.Strip(nb.X) == get && len(nb.Nil.Preds) == 1 {
			return nb.Nil
		}
	}
	return nil
}

// looksAtDeletion reports whether fn, or a function literal in it, reads
// or tests the deletion state of an object that may be obj, or adds or
// removes a finalizer of one, itself or through the module's helpers (the
// object layer's summaries): then it handles deletion somewhere, and the
// check has nothing to say.
func (c *checker) looksAtDeletion(fn *ssa.Function, obj ssa.Value) bool {
	t := ssaflow.Deref(obj.Type())
	may := func(f *ssa.Function, v ssa.Value) bool {
		if v == nil {
			return true
		}
		if f == fn && c.objs.Same(fn, v, obj) {
			return true
		}
		vt := ssaflow.Deref(v.Type())
		return types.IsInterface(vt) || types.Identical(vt, t)
	}
	for _, f := range withLiterals(fn) {
		ev := c.objs.Lifecycle(f)
		for _, r := range ev.Reads {
			if may(f, r.Obj) {
				return true
			}
		}
		for _, x := range ev.Tests {
			if may(f, x.Obj) {
				return true
			}
		}
		for _, op := range append(ev.Additions[:len(ev.Additions):len(ev.Additions)], ev.Removals...) {
			if may(f, op.Obj) {
				return true
			}
		}
	}
	return false
}

// handedOff reports whether fn gives obj to code whose reading of it is
// not known: a function value, an interface method other than the
// client's, or a function outside the module and the libraries the
// knowledge table vouches for.
func (c *checker) handedOff(fn *ssa.Function, obj ssa.Value) bool {
	for _, f := range withLiterals(fn) {
		for call := range ssaflow.Calls(f) {
			cc := call.Common()
			passes := false
			for _, a := range cc.Args {
				if c.same(f, fn, a, obj) {
					passes = true
				}
			}
			if cc.IsInvoke() && c.same(f, fn, cc.Value, obj) {
				passes = true
			}
			if !passes {
				continue
			}
			if _, _, ok := crapi.ClientCallSSA(cc); ok {
				continue
			}
			if crapi.CtrlVar(cc.Value) != "" {
				continue // ctrl.SetControllerReference and the like: controller-runtime's
			}
			callee := crapi.Callee(cc)
			if callee == nil || callee.Pkg() == nil {
				return true
			}
			if cc.IsInvoke() {
				return true
			}
			path := callee.Pkg().Path()
			if callee.Pkg() != c.pass.Pkg && !ssapkg.InModule(c.pass, path) && !knowledge.KnownLibrary(path) {
				return true
			}
		}
	}
	return false
}

// same reports whether v, a value of f (fn or a function literal in it),
// is the object obj of fn.
func (c *checker) same(f, fn *ssa.Function, v, obj ssa.Value) bool {
	if f != fn {
		v = ssaflow.Outer(v)
		if v == nil || ssaflow.ParentOf(v) != fn {
			return false
		}
	}
	return c.objs.Same(fn, v, obj)
}

// creations returns the calls of fn that create a child owned by obj:
// a create (by fn or by a function literal it hands the object to, as a
// mutate function of CreateOrUpdate) of an object that fn or such a
// literal gives an owner reference to obj; or a call of a helper of the
// module given obj that creates children owned by it.
func (c *checker) creations(fn *ssa.Function, obj ssa.Value) []creation {
	var children []ssa.Value
	for _, f := range withLiterals(fn) {
		for _, ref := range c.own.Refs(f) {
			if c.same(f, fn, ref.Owner, obj) {
				owned := ref.Owned
				if f != fn {
					owned = ssaflow.Outer(owned)
				}
				if owned != nil && ssaflow.ParentOf(owned) == fn {
					children = append(children, owned)
				}
			}
		}
	}
	var out []creation
	for _, m := range c.own.Creations(fn) {
		for _, ch := range children {
			if c.objs.Same(fn, m.Obj, ch) {
				out = append(out, creation{call: m.Call, child: typeName(ssaflow.Strip(m.Obj).Type())})
				break
			}
		}
	}
	for call := range ssaflow.Calls(fn) {
		callee := crapi.Callee(call.Common())
		if callee == nil || call.Common().IsInvoke() {
			continue
		}
		off := ssaflow.ReceiverOffset(callee)
		args := crapi.CallArgs(call.Common())
		for i, a := range args {
			if !c.objs.Same(fn, a, obj) {
				continue
			}
			for _, oc := range c.own.CreatesOwnedBy(callee, i+off) {
				child := ""
				switch {
				case oc.Key != "":
					if tn := c.own.TypeName(oc.Key); tn != nil {
						child = typeName(tn.Type())
					}
				case oc.Param-off >= 0 && oc.Param-off < len(args):
					if t := ssaflow.Deref(ssaflow.Strip(args[oc.Param-off]).Type()); !types.IsInterface(t) {
						child = typeName(t)
					}
				}
				if child != "" {
					out = append(out, creation{call: call, child: child})
					break
				}
			}
		}
	}
	return out
}

// withLiterals returns fn and the function literals in it, nested ones
// included.
func withLiterals(fn *ssa.Function) []*ssa.Function {
	out := []*ssa.Function{fn}
	for i := 0; i < len(out); i++ {
		out = append(out, out[i].AnonFuncs...)
	}
	return out
}

// errorReturn reports whether ret returns an error known not to be nil:
// one tested against nil on every path to it, or an error that wraps
// one.
func errorReturn(ret *ssa.Return) bool {
	if len(ret.Results) == 0 {
		return false
	}
	e := ssaflow.Strip(ret.Results[len(ret.Results)-1])
	if !crapi.IsError(e.Type()) || ssaflow.IsNil(e) {
		return false
	}
	nonNil := func(x ssa.Value) bool {
		return ssaflow.HoldsAt(ret.Block(), func(cond ssa.Value, onTrue bool) bool {
			v, nilOnTrue, ok := ssaflow.NilTest(cond)
			return ok && ssaflow.Strip(v) == x && onTrue != nilOnTrue
		})
	}
	if nonNil(e) {
		return true
	}
	if call, ok := e.(*ssa.Call); ok && ssaflow.IsErrorWrapper(call) {
		for _, a := range call.Call.Args {
			if crapi.IsError(a.Type()) && nonNil(ssaflow.Strip(a)) {
				return true
			}
		}
	}
	return false
}

// typeName names a type for a message: Deployment, not *v1.Deployment.
func typeName(t types.Type) string {
	t = ssaflow.Deref(t)
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Name()
	}
	return types.TypeString(t, func(p *types.Package) string { return p.Name() })
}
