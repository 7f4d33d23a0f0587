package ctrlmodel

import (
	"go/ast"
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxDepth bounds every recursive walk, so that odd programs cannot make
// the extraction slow.
const maxDepth = 32

// Extract builds the model of the functions funcs, whose syntax is in
// files.
func Extract(files []*ast.File, funcs []*ssa.Function) *Model {
	m, _ := extract(files, funcs, nil, nil)
	return m
}

// pending is a call waiting to be grouped with its chain's root.
type pending struct {
	call *Call
	root ssa.Value
}

// extract is Extract that also sees through the imported helpers with a
// BuilderFunc fact (facts), resolving their types among the imports of
// pkg, and summarises the package's own helpers as facts.
func extract(files []*ast.File, funcs []*ssa.Function, pkg *types.Package, facts func(*types.Func) *BuilderFunc) (*Model, map[*types.Func]*BuilderFunc) {
	e := &extractor{
		idx:      indexCalls(files),
		local:    map[*ssa.Function]bool{},
		returned: map[retKey][]ssa.Value{},
		pkg:      pkg,
		facts:    facts,
	}
	for _, fn := range funcs {
		if fn != nil {
			e.local[fn] = true
		}
	}
	var all []pending
	for _, fn := range funcs {
		if fn == nil {
			continue
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				e.passedToHelper(call)
				all = append(all, e.imported(call, fn)...)
				m, ok := builderMethod(call.Common())
				if !ok {
					continue
				}
				roots := e.roots(crapi.Receiver(call.Common()))
				if len(roots) == 0 {
					continue
				}
				for _, r := range roots[1:] {
					e.uf.union(roots[0], r)
				}
				all = append(all, pending{newCall(m, fn, call, e.idx), roots[0]})
			}
		}
	}

	own := map[ssa.Value][]*Call{}
	for _, p := range all {
		r := e.uf.find(p.root)
		own[r] = append(own[r], p.call)
	}
	inc := map[ssa.Value][]ssa.Value{}
	included := map[ssa.Value]bool{}
	for _, in := range e.includes {
		from, to := e.uf.find(in[0]), e.uf.find(in[1])
		if from != to {
			inc[from] = append(inc[from], to)
			included[to] = true
		}
	}
	byRoot := map[ssa.Value]*Chain{}
	model := &Model{}
	for _, r := range e.uf.order {
		rep := e.uf.find(r)
		if included[rep] {
			continue // part of the chain of each caller of its helper
		}
		ch := byRoot[rep]
		if ch == nil {
			calls := closure(rep, own, inc)
			if len(calls) == 0 {
				continue
			}
			ch = &Chain{Calls: calls}
			byRoot[rep] = ch
			model.Chains = append(model.Chains, ch)
		}
		ch.Roots = append(ch.Roots, r)
	}
	sort.SliceStable(model.Chains, func(i, j int) bool {
		return model.Chains[i].Calls[0].Pos < model.Chains[j].Calls[0].Pos
	})
	return model, e.summarise(funcs, own, inc)
}

// closure returns the calls of the chain rep and of the chains it
// includes, transitively, in source order.
func closure(rep ssa.Value, own map[ssa.Value][]*Call, inc map[ssa.Value][]ssa.Value) []*Call {
	var calls []*Call
	seenCall := map[*Call]bool{}
	seen := map[ssa.Value]bool{}
	stack := []ssa.Value{rep}
	for len(stack) > 0 {
		g := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[g] {
			continue
		}
		seen[g] = true
		for _, c := range own[g] {
			if !seenCall[c] {
				seenCall[c] = true
				calls = append(calls, c)
			}
		}
		stack = append(stack, inc[g]...)
	}
	sort.SliceStable(calls, func(i, j int) bool { return calls[i].Pos < calls[j].Pos })
	return calls
}

// extractor holds the state of one Extract.
type extractor struct {
	pkg   *types.Package
	facts func(*types.Func) *BuilderFunc
	idx   map[token.Pos]*ast.CallExpr
	local map[*ssa.Function]bool // functions with a body to look into
	uf    unionFind
	// includes are pairs {a, b} meaning that the chain of a also holds the
	// calls of the chain of b: a helper's calls on its builder parameter
	// belong to the chain of every builder passed to it, and the calls on
	// a builder a helper creates and returns to the chain of every call of
	// the helper. Helpers are thereby followed per call site, so that two
	// controllers sharing a helper stay two chains.
	includes [][2]ssa.Value
	// returned memoises the roots of what a helper returns.
	returned map[retKey][]ssa.Value
}

type retKey struct {
	fn  *ssa.Function
	idx int
}

func (e *extractor) roots(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	e.rootsOf(v, map[ssa.Value]bool{}, 0, &out)
	return out
}

// helper returns the function with a body in this package that call
// invokes statically, generic instantiations mapped to their origin.
func (e *extractor) helper(cc *ssa.CallCommon) *ssa.Function {
	if cc == nil || cc.IsInvoke() {
		return nil
	}
	fn := cc.StaticCallee()
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if !e.local[fn] || len(fn.Blocks) == 0 {
		return nil
	}
	return fn
}

// passedToHelper records that the calls a helper makes on a builder
// parameter belong to the chains of the builder arguments of call.
func (e *extractor) passedToHelper(call *ssa.Call) {
	fn := e.helper(call.Common())
	if fn == nil {
		return
	}
	for i, p := range fn.Params {
		if i >= len(call.Call.Args) || !isBuilder(p.Type()) {
			continue
		}
		for _, r := range e.roots(call.Call.Args[i]) {
			e.includes = append(e.includes, [2]ssa.Value{r, p})
		}
	}
}

// isBuilder reports whether t is the controller builder: TypedBuilder, or
// the non-generic Builder of controller-runtime before v0.18.
func isBuilder(t types.Type) bool {
	return crapi.IsNamed(t, crapi.BuilderPkg, "TypedBuilder") || crapi.IsNamed(t, crapi.BuilderPkg, "Builder")
}

// indexCalls maps the opening parenthesis of every call in files to the
// call: the position SSA gives a call instruction.
func indexCalls(files []*ast.File) map[token.Pos]*ast.CallExpr {
	idx := map[token.Pos]*ast.CallExpr{}
	for _, f := range files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				idx[c.Lparen] = c
			}
			return true
		})
	}
	return idx
}

// builderMethod recognises a call of a method of builder.TypedBuilder.
func builderMethod(cc *ssa.CallCommon) (Method, bool) {
	fn := crapi.Callee(cc)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != crapi.BuilderPkg {
		return "", false
	}
	recv := fn.Signature().Recv()
	if recv == nil || !isBuilder(recv.Type()) {
		return "", false
	}
	// A call of a method value (f := b.Owns; f(x)) goes through a bound
	// wrapper whose arguments lack the receiver: leave it out.
	if f := cc.StaticCallee(); f == nil || f.Signature.Recv() == nil {
		return "", false
	}
	return Method(fn.Name()), true
}

// returnsBuilder reports whether a builder method call yields its builder
// (For, Owns, ... but not Complete or Build).
func returnsBuilder(call *ssa.Call) bool {
	return isBuilder(call.Type())
}

// rootsOf appends to out the builder values v starts from: it walks back
// through results of builder methods (which return their receiver), phis,
// loads of local variables whose address is taken, and helpers of the
// package that return a builder.
func (e *extractor) rootsOf(v ssa.Value, seen map[ssa.Value]bool, depth int, out *[]ssa.Value) {
	if v == nil || seen[v] || depth > maxDepth {
		return
	}
	seen[v] = true
	d := depth + 1
	switch x := v.(type) {
	case *ssa.Call:
		if _, ok := builderMethod(x.Common()); ok && returnsBuilder(x) {
			e.rootsOf(crapi.Receiver(x.Common()), seen, d, out)
			return
		}
		if e.viaHelper(v, x, 0, seen, d, out) {
			return
		}
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok && e.viaHelper(v, call, x.Index, seen, d, out) {
			return
		}
	case *ssa.Phi:
		for _, edge := range x.Edges {
			if c, ok := edge.(*ssa.Const); ok && c.IsNil() {
				continue // var b *builder.Builder before assignment
			}
			e.rootsOf(edge, seen, d, out)
		}
		return
	case *ssa.UnOp:
		// A builder variable captured by a closure or addressed lives in
		// memory; its loads are the values stored into it.
		if g, ok := x.X.(*ssa.Global); ok && x.Op == token.MUL {
			// Every load of a package-level builder is the same builder.
			*out = append(*out, g)
			return
		}
		if x.Op == token.MUL {
			if stored := ssaflow.CellStores(x.X); len(stored) > 0 {
				for _, s := range stored {
					e.rootsOf(s, seen, d, out)
				}
				return
			}
		}
	}
	*out = append(*out, v)
}

// viaHelper resolves v, result idx of call, when call invokes a helper of
// the package that returns a builder: a builder parameter it returns
// stands for the argument of this call; a builder it creates makes v a
// root whose chain includes the helper's calls on it.
func (e *extractor) viaHelper(v ssa.Value, call *ssa.Call, idx int, seen map[ssa.Value]bool, depth int, out *[]ssa.Value) bool {
	fn := e.helper(call.Common())
	if fn == nil {
		return false
	}
	res := fn.Signature.Results()
	if idx >= res.Len() || !isBuilder(res.At(idx).Type()) {
		return false
	}
	inner := e.returnedRoots(fn, idx)
	if len(inner) == 0 {
		return false
	}
	fresh := false
	for _, r := range inner {
		if p, ok := r.(*ssa.Parameter); ok && p.Parent() == fn {
			if i := ssaflow.ParamIndex(fn, p); i >= 0 && i < len(call.Call.Args) {
				e.rootsOf(call.Call.Args[i], seen, depth, out)
			}
			continue
		}
		e.includes = append(e.includes, [2]ssa.Value{v, r})
		fresh = true
	}
	if fresh {
		*out = append(*out, v)
	}
	return true
}

// returnedRoots returns the roots, in fn, of its result idx.
func (e *extractor) returnedRoots(fn *ssa.Function, idx int) []ssa.Value {
	key := retKey{fn, idx}
	if r, ok := e.returned[key]; ok {
		return r
	}
	e.returned[key] = nil // in progress: a recursive helper adds nothing
	var out []ssa.Value
	seen := map[ssa.Value]bool{}
	for ret := range ssaflow.Returns(fn) {
		if idx < len(ret.Results) {
			e.rootsOf(ret.Results[idx], seen, 0, &out)
		}
	}
	e.returned[key] = out
	return out
}

func newCall(m Method, fn *ssa.Function, call *ssa.Call, idx map[token.Pos]*ast.CallExpr) *Call {
	c := &Call{Method: m, SSA: call, Fn: fn, Pos: call.Pos(), End: call.Pos()}
	if e := idx[call.Pos()]; e != nil {
		c.Expr = e
		c.Pos, c.End = e.Pos(), e.End()
		if sel, ok := ast.Unparen(e.Fun).(*ast.SelectorExpr); ok {
			c.Pos = sel.Sel.Pos()
		}
	}
	args := crapi.CallArgs(call.Common())
	arg := func(i int) ssa.Value {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	switch m {
	case For, Owns:
		c.Object = staticType(arg(0))
		c.Predicates = optionPredicates(arg(1))
	case Watches, WatchesMetadata:
		// Before controller-runtime v0.15, Watches took a source.Source
		// (&source.Kind{...}, &source.Channel{...}): a raw source, not an
		// object.
		if t := staticType(arg(0)); t != nil && types.NewMethodSet(t).Lookup(nil, "DeepCopyObject") != nil {
			c.Object = t
		}
		c.Handler = handlerOf(arg(1))
		c.Predicates = optionPredicates(arg(2))
	case WithEventFilter:
		if p := predicateOf(arg(0), 0); p != nil {
			c.Predicates = []*Predicate{p}
		}
	case Complete, Build:
		c.Reconciler = staticType(arg(0))
	}
	return c
}

// staticType returns the type of the value converted to an interface to
// make v; nil if v is nil or not such a conversion.
func staticType(v ssa.Value) types.Type {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X.Type()
	}
	return nil
}

// unwrapIface looks through conversions between interfaces.
func unwrapIface(v ssa.Value) ssa.Value {
	for i := 0; i < maxDepth; i++ {
		ci, ok := v.(*ssa.ChangeInterface)
		if !ok {
			return v
		}
		v = ci.X
	}
	return v
}

func handlerOf(v ssa.Value) *Handler {
	if v == nil {
		return nil
	}
	h := &Handler{Kind: HandlerOther, Value: v}
	switch x := unwrapIface(v).(type) {
	case *ssa.MakeInterface:
		if crapi.IsNamed(x.X.Type(), crapi.HandlerPkg, "TypedEnqueueRequestForObject") {
			h.Kind = HandlerForObject
		}
	case *ssa.Call:
		fn := crapi.Callee(x.Common())
		switch {
		case crapi.IsFuncIn(fn, crapi.HandlerPkg, "EnqueueRequestForOwner", "TypedEnqueueRequestForOwner"):
			h.Kind = HandlerForOwner
			if args := x.Call.Args; len(args) >= 3 {
				h.OwnerType = staticType(args[2])
			}
		case crapi.IsFuncIn(fn, crapi.HandlerPkg, "EnqueueRequestsFromMapFunc", "TypedEnqueueRequestsFromMapFunc"):
			h.Kind = HandlerMapFunc
		}
	}
	return h
}

// optionPredicates returns the predicates of the builder.WithPredicates
// options in the variadic option slice v.
func optionPredicates(v ssa.Value) []*Predicate {
	opts, _ := ssaflow.VariadicElems(v)
	var out []*Predicate
	for _, o := range opts {
		mi, ok := unwrapIface(o).(*ssa.MakeInterface)
		if !ok {
			continue
		}
		call, ok := crapi.IsCallTo(mi.X, crapi.BuilderPkg, "WithPredicates")
		if !ok || len(call.Call.Args) == 0 {
			continue
		}
		preds, _ := ssaflow.VariadicElems(call.Call.Args[0])
		for _, p := range preds {
			if pr := predicateOf(p, 0); pr != nil {
				out = append(out, pr)
			}
		}
	}
	return out
}

// predicateKinds are controller-runtime's predicate types by name: the
// Typed* generics (v0.18 on, whose untyped names are aliases of them) and
// the plain structs of the versions before.
var predicateKinds = map[string]PredicateKind{
	"TypedGenerationChangedPredicate":      PredicateGenerationChanged,
	"TypedLabelChangedPredicate":           PredicateLabelChanged,
	"TypedAnnotationChangedPredicate":      PredicateAnnotationChanged,
	"TypedResourceVersionChangedPredicate": PredicateResourceVersionChanged,
	"GenerationChangedPredicate":           PredicateGenerationChanged,
	"LabelChangedPredicate":                PredicateLabelChanged,
	"AnnotationChangedPredicate":           PredicateAnnotationChanged,
	"ResourceVersionChangedPredicate":      PredicateResourceVersionChanged,
}

func predicateOf(v ssa.Value, depth int) *Predicate {
	if v == nil || depth > maxDepth {
		return nil
	}
	p := &Predicate{Kind: PredicateOther, Value: v}
	switch x := unwrapIface(v).(type) {
	case *ssa.MakeInterface:
		p.Type = x.X.Type()
		if n := crapi.Named(p.Type); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == crapi.PredicatePkg {
			if k, ok := predicateKinds[n.Obj().Name()]; ok {
				p.Kind = k
			}
		}
	case *ssa.Call:
		fn := crapi.Callee(x.Common())
		switch {
		case crapi.IsFunc(fn, crapi.PredicatePkg, "And"):
			p.Kind = PredicateAnd
		case crapi.IsFunc(fn, crapi.PredicatePkg, "Or"):
			p.Kind = PredicateOr
		case crapi.IsFunc(fn, crapi.PredicatePkg, "Not"):
			p.Kind = PredicateNot
		default:
			return p
		}
		if len(x.Call.Args) == 0 {
			return p
		}
		operands := []ssa.Value{x.Call.Args[0]}
		if p.Kind != PredicateNot {
			var ok bool
			if operands, ok = ssaflow.VariadicElems(x.Call.Args[0]); !ok {
				return p
			}
		}
		for _, o := range operands {
			op := predicateOf(o, depth+1)
			if op == nil {
				p.Operands = nil
				return p
			}
			p.Operands = append(p.Operands, op)
		}
	}
	return p
}

// unionFind groups builder roots that phis merge.
type unionFind struct {
	parent map[ssa.Value]ssa.Value
	order  []ssa.Value // every root, in order of first sight
}

func (u *unionFind) find(v ssa.Value) ssa.Value {
	if u.parent == nil {
		u.parent = map[ssa.Value]ssa.Value{}
	}
	p, ok := u.parent[v]
	if !ok {
		u.parent[v] = v
		u.order = append(u.order, v)
		return v
	}
	for p != v {
		gp := u.parent[p]
		u.parent[v] = gp // path halving
		v, p = p, gp
	}
	return v
}

func (u *unionFind) union(a, b ssa.Value) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u.parent[rb] = ra
	}
}
