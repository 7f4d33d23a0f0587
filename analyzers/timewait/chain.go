package timewait

// This file finds whose Result a helper's is: the callers that return
// it as is, and whether one of them requeues anyway.

import (
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

const maxChain = 4

// chain returns fn and the functions of the reconcile set through which
// its Result is returned to controller-runtime; nil when it is not known
// to be: a reconcile function returns it itself, a helper only when every
// call of it in the set returns its Result and error as they are, right
// away, from a function of which the same holds.
func (c *checker) chain(fn *ssa.Function, depth int, busy map[*ssa.Function]bool) []*ssa.Function {
	if out, ok := c.chains[fn]; ok {
		return out
	}
	if c.roots[fn] {
		c.chains[fn] = []*ssa.Function{fn}
		return c.chains[fn]
	}
	if depth > maxChain || busy[fn] {
		return nil
	}
	busy[fn] = true
	defer delete(busy, fn)
	out := c.callerChain(fn, depth, busy)
	if depth == 0 || out != nil {
		c.chains[fn] = out
	}
	return out
}

func (c *checker) callerChain(fn *ssa.Function, depth int, busy map[*ssa.Function]bool) []*ssa.Function {
	var calls []*ssa.Call
	for _, g := range c.set.Funcs {
		for _, b := range g.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					cc := call.Common()
					if cc.IsInvoke() && fn.Signature.Recv() != nil && cc.Method != nil && cc.Method.Name() == fn.Name() {
						return nil // maybe a call of fn that cannot be followed
					}
					if callee := cc.StaticCallee(); callee != nil && origin(callee) == fn {
						calls = append(calls, call)
						continue
					}
				}
				// fn as a value (stored, passed): calls not seen.
				var rands []*ssa.Value
				for _, op := range instr.Operands(rands) {
					if op == nil || *op == nil {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok && origin(f) == fn {
						if call, ok := instr.(*ssa.Call); ok && call.Call.Value == f {
							continue // counted above
						}
						if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == f && onlyCalled(mc) {
							continue
						}
						return nil
					}
				}
			}
		}
	}
	if len(calls) == 0 {
		return nil
	}
	out := []*ssa.Function{fn}
	for _, call := range calls {
		if !returnedAsIs(call) {
			return nil
		}
		up := c.chain(call.Parent(), depth+1, busy)
		if up == nil {
			return nil
		}
		out = append(out, up...)
	}
	return out
}

func origin(f *ssa.Function) *ssa.Function {
	if o := f.Origin(); o != nil {
		return o
	}
	return f
}

// onlyCalled reports a closure value that is only called.
func onlyCalled(mc *ssa.MakeClosure) bool {
	refs := mc.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		call, ok := r.(*ssa.Call)
		if !ok || call.Call.Value != mc {
			if _, ok := r.(*ssa.DebugRef); ok {
				continue
			}
			return false
		}
	}
	return true
}

// returnedAsIs reports a call whose Result and error are returned right
// away, in its block, and whose Result is used for nothing else.
func returnedAsIs(call *ssa.Call) bool {
	refs := call.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r.(type) {
		case *ssa.Extract, *ssa.DebugRef:
		default:
			return false // the pair is used as a tuple
		}
	}
	res, err := ssaflow.Extract(call, 0), ssaflow.Extract(call, 1)
	if res == nil || err == nil {
		return false
	}
	rrefs := res.Referrers()
	if rrefs == nil {
		return false
	}
	direct := false
	for _, r := range *rrefs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Return:
			if len(r.Results) != 2 || r.Results[0] != res {
				return false
			}
			if r.Block() == call.Block() && r.Results[1] == err {
				direct = true
			}
		default:
			return false
		}
	}
	return direct
}

// resultsDeferred reports a function with named results and a defer
// statement: the deferred call may set the Result it returns.
func resultsDeferred(fn *ssa.Function) bool {
	var ft *ast.FuncType
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		ft = syn.Type
	case *ast.FuncLit:
		ft = syn.Type
	}
	body := funcBody(fn)
	if ft == nil || ft.Results == nil || body == nil {
		return false
	}
	named := false
	for _, f := range ft.Results.List {
		if len(f.Names) > 0 {
			named = true
		}
	}
	if !named {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.DeferStmt:
			found = true
		}
		return !found
	})
	return found
}

// requeuedElsewhere reports a wait that another return of the chain
// covers: it asks for a requeue after a duration made of what the
// comparison compares with (if time.Since(last) < interval {return
// ctrl.Result{}, nil} ... return ctrl.Result{RequeueAfter: interval}):
// the requeue asked for by the reconcile that stamped "last" is still
// pending and comes when the time does.
func (c *checker) requeuedElsewhere(chain []*ssa.Function, cmps []comparison, rs *ast.ReturnStmt) bool {
	anchors := map[types.Object]bool{}
	for _, cmp := range cmps {
		c.anchors(cmp.x, anchors, 0)
		c.anchors(cmp.y, anchors, 0)
	}
	if len(anchors) == 0 {
		return false
	}
	found := false
	saved := c.vars
	defer func() { c.vars = saved }()
	for _, fn := range chain {
		body := funcBody(fn)
		if body == nil {
			continue
		}
		c.vars = c.localsOf(fn)
		ast.Inspect(body, func(n ast.Node) bool {
			if found {
				return false
			}
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				if n == rs || len(n.Results) == 0 {
					return true
				}
				lit, ok := ast.Unparen(n.Results[0]).(*ast.CompositeLit)
				if !ok || !crapi.IsResult(c.info.TypeOf(lit)) {
					return true
				}
				for _, elt := range lit.Elts {
					kv, ok := elt.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					if id, ok := kv.Key.(*ast.Ident); !ok || id.Name != "RequeueAfter" {
						continue
					}
					got := map[types.Object]bool{}
					c.anchors(kv.Value, got, 0)
					for o := range got {
						if anchors[o] {
							found = true
						}
					}
				}
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// anchors collects the variables, fields and methods an expression is
// made of that do not depend on the current time: the last field of a
// selector (the Time and Duration wrapped by metav1.Time and
// metav1.Duration stand for the field that holds them), and local
// variables together with what they are assigned.
func (c *checker) anchors(e ast.Expr, out map[types.Object]bool, depth int) {
	if e == nil || depth > maxDepth {
		return
	}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.SelectorExpr:
			s := c.info.Selections[n]
			if s == nil {
				return false // a qualified identifier
			}
			if c.dep(n.X) != constant0 {
				return true
			}
			if s.Kind() == types.FieldVal && (n.Sel.Name == "Time" || n.Sel.Name == "Duration") &&
				(isMetaTime(ssaflow.Deref(c.info.TypeOf(n.X))) || crapi.IsNamed(c.info.TypeOf(n.X), metav1Pkg, "Duration")) {
				return true // the wrapping field below
			}
			if fn, ok := s.Obj().(*types.Func); ok && fn.Pkg() != nil && knowledge.TimeValuePackage(fn.Pkg().Path()) && !strings.HasPrefix(fn.Name(), "Get") {
				return true // Add, Sub, Before...: look at the operands
			}
			out[s.Obj()] = true
			ast.Inspect(n.X, func(m ast.Node) bool {
				if call, ok := m.(*ast.CallExpr); ok {
					for _, a := range call.Args {
						c.anchors(a, out, depth+1)
					}
				}
				return true
			})
			return false
		case *ast.Ident:
			if obj, ok := c.info.Uses[n].(*types.Var); ok && obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
				out[obj] = true // a package variable
				return false
			}
			v := c.localVar(n)
			if v == nil || c.dep(n) != constant0 {
				return false
			}
			out[v] = true
			if rhs := c.single(n); rhs != nil {
				c.anchors(rhs, out, depth+1)
			}
			return false
		}
		return true
	})
}

// resultChain returns the chain of the function being checked (see chain)
// when its empty Result is the reconcile's as written: nil when no chain
// leads to a reconcile function, or a function of it may set its results
// in a defer.
func (c *checker) resultChain() []*ssa.Function {
	chain := c.chain(c.fn, 0, map[*ssa.Function]bool{})
	for _, fn := range chain {
		if resultsDeferred(fn) {
			return nil
		}
	}
	return chain
}
