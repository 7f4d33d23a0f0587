package ctrlmodel

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// BuilderFunc is the fact that a function of the user's module takes part
// in setting up a controller: it makes builder calls on a builder it
// receives (BuilderParam) or creates, may return that builder, and may
// Complete or Build it with one of its parameters (ReconcilerParam). A
// package that calls the function gets these calls in its own chains, so
// that a chain split over helpers in several packages is still one chain.
type BuilderFunc struct {
	Calls           []FactCall
	BuilderParam    int // -1: the function creates the builder
	ReturnsBuilder  bool
	ReconcilerParam int // -1: it does not Complete/Build with a parameter
}

// FactCall is a builder call of a BuilderFunc, its object type named by
// package path and type name ("" when unknown).
type FactCall struct {
	Method string
	Type   crapi.TypeRef
	// Handler is the kind of a Watches' event handler (HandlerOther when
	// not known), so that a rule about handlers holds across packages.
	Handler HandlerKind
}

// AFact implements analysis.Fact.
func (*BuilderFunc) AFact() {}

func (f *BuilderFunc) String() string {
	var calls []string
	for _, c := range f.Calls {
		t := "?"
		if c.Type.Name != "" {
			t = c.Type.String()
		}
		calls = append(calls, c.Method+"("+t+")")
	}
	return fmt.Sprintf("builderFunc(%s; builder=%d returns=%v reconciler=%d)",
		strings.Join(calls, " "), f.BuilderParam, f.ReturnsBuilder, f.ReconcilerParam)
}

// factCall summarises a call of a chain for a fact.
func factCall(c *Call) FactCall {
	fc := FactCall{Method: string(c.Method)}
	if c.Object != nil {
		fc.Type, _ = crapi.RefOf(c.Object)
	}
	if c.Handler != nil {
		fc.Handler = c.Handler.Kind
	}
	return fc
}

// summarise computes the BuilderFunc facts of the package's functions from
// the extracted chains.
func (e *extractor) summarise(funcs []*ssa.Function, own map[ssa.Value][]*Call, inc map[ssa.Value][]ssa.Value) map[*types.Func]*BuilderFunc {
	out := map[*types.Func]*BuilderFunc{}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || len(fn.Blocks) == 0 {
			continue
		}
		f := &BuilderFunc{BuilderParam: -1, ReconcilerParam: -1}
		var calls []*Call
		add := func(root ssa.Value) {
			calls = append(calls, closure(e.uf.find(root), own, inc)...)
		}
		params := fn.Params
		off := 0
		if fn.Signature.Recv() != nil {
			off = 1
		}
		for i, p := range params {
			if i >= off && isBuilder(p.Type()) {
				if _, seen := e.uf.parent[p]; seen {
					f.BuilderParam = i - off
					add(p)
				}
			}
		}
		res := fn.Signature.Results()
		for i := 0; i < res.Len(); i++ {
			if !isBuilder(res.At(i).Type()) {
				continue
			}
			f.ReturnsBuilder = true
			for _, r := range e.returnedRoots(fn, i) {
				if p, ok := r.(*ssa.Parameter); !ok || p.Parent() != fn {
					add(r)
				}
			}
		}
		// Chains created here and completed with a parameter.
		for _, r := range e.uf.order {
			if fr, ok := r.(ssa.Instruction); ok && fr.Parent() == fn && !isParamOf(r, fn) {
				for _, c := range closure(e.uf.find(r), own, inc) {
					if (c.Method == Complete || c.Method == Build) && c.Fn == fn {
						add(r)
						break
					}
				}
			}
		}
		seen := map[*Call]bool{}
		for _, c := range calls {
			if seen[c] {
				continue
			}
			seen[c] = true
			if c.Method == Complete || c.Method == Build {
				if args := crapi.CallArgs(c.SSA.Common()); c.Fn == fn && len(args) > 0 {
					if p, ok := ssaflow.Strip(args[0]).(*ssa.Parameter); ok {
						for i, q := range params {
							if q == p && i >= off {
								f.ReconcilerParam = i - off
							}
						}
					}
				}
				continue
			}
			if c.Method.IsSource() {
				f.Calls = append(f.Calls, factCall(c))
			}
		}
		if f.BuilderParam >= 0 || f.ReturnsBuilder || f.ReconcilerParam >= 0 {
			if len(f.Calls) > 0 || f.ReconcilerParam >= 0 {
				out[obj] = f
			}
		}
	}
	return out
}

func isParamOf(v ssa.Value, fn *ssa.Function) bool {
	p, ok := v.(*ssa.Parameter)
	return ok && p.Parent() == fn
}

// imported adds to the chains the calls that an imported helper with a
// BuilderFunc fact makes: call passes a builder to it, receives one from
// it, or hands it a reconciler.
func (e *extractor) imported(call *ssa.Call, fn *ssa.Function) []pending {
	if e.facts == nil {
		return nil
	}
	callee := crapi.Callee(call.Common())
	if callee == nil || callee.Pkg() == nil {
		return nil
	}
	f := e.facts(callee)
	if f == nil {
		return nil
	}
	args := crapi.CallArgs(call.Common())
	var root ssa.Value
	if f.BuilderParam >= 0 && f.BuilderParam < len(args) {
		if roots := e.roots(args[f.BuilderParam]); len(roots) > 0 {
			root = roots[0]
			for _, r := range roots[1:] {
				e.uf.union(root, r)
			}
		}
	}
	if root == nil || f.ReturnsBuilder {
		if root != nil {
			e.uf.union(root, call)
		} else {
			root = call
		}
	}
	base := newCall("", fn, call, e.idx)
	var out []pending
	for _, fc := range f.Calls {
		c := *base
		c.Method = Method(fc.Method)
		c.Via = callee
		c.Object = fc.Type.Resolve(e.pkg)
		if c.Object == nil {
			c.Method = WatchesRawSource // an unknown source: the model is incomplete
		}
		if c.Method == Watches || c.Method == WatchesMetadata {
			c.Handler = &Handler{Kind: fc.Handler}
		}
		out = append(out, pending{&c, root})
	}
	if f.ReconcilerParam >= 0 && f.ReconcilerParam < len(args) {
		c := *base
		c.Method, c.Via = Complete, callee
		c.Reconciler = staticType(args[f.ReconcilerParam])
		out = append(out, pending{&c, root})
	}
	return out
}
