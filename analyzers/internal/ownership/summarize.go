package ownership

import (
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// This file computes the summaries: what each function of the package
// does, to a fixed point over the package's functions, starting from the
// Func facts of the module's other packages.

const (
	metav1Pkg     = lifecycle.MetaV1Pkg
	maxOwnerDepth = 12
	// maxRounds bounds the fixed point over the package's functions; each
	// round only adds to the summaries, so it ends long before.
	maxRounds = 32
)

// ownerSummary is the mutable ownership of one function while a package
// is analysed; parameter indexes are SSA's (receiver first), and the
// receiver itself is never recorded.
type ownerSummary struct {
	ownerParams  map[int]bool // param -> may be a controller reference
	weakParams   map[int]bool
	createParams map[int]bool
	ownerTypes   map[string]bool
	createTypes  map[string]bool
	unknown      bool
	metaResult   bool
	// refOf are the parameters a returned owner reference names.
	refOf map[int]bool
	// edges are the owner references set between objects: each end a
	// type's key or a parameter (param -> may be a controller reference).
	edges map[edgeKey]bool
}

// edgeKey is an Edge without its Controller bit.
type edgeKey struct {
	owner, owned           string
	ownerParam, ownedParam int
}

func newOwnerSummary() *ownerSummary {
	return &ownerSummary{
		edges:        map[edgeKey]bool{},
		refOf:        map[int]bool{},
		ownerParams:  map[int]bool{},
		weakParams:   map[int]bool{},
		createParams: map[int]bool{},
		ownerTypes:   map[string]bool{},
		createTypes:  map[string]bool{},
	}
}

// setBool merges ctl into m[k] (true wins) and reports a change.
func setBool[K comparable](m map[K]bool, k K, ctl bool) bool {
	old, ok := m[k]
	if ok && (old || !ctl) {
		return false
	}
	m[k] = ctl
	return true
}

func (s *ownerSummary) ownership() *Package {
	o := &Package{Unknown: s.unknown, Creates: sortedKeys(s.createTypes)}
	for _, k := range sortedKeys(s.ownerTypes) {
		o.Owners = append(o.Owners, OwnerType{Key: k, Controller: s.ownerTypes[k]})
	}
	o.Edges = s.sortedEdges(true)
	return o
}

// sortedEdges returns the edges between types (typed) or those with a
// parameter end (!typed).
func (s *ownerSummary) sortedEdges(typed bool) []Edge {
	var out []Edge
	for k, ctl := range s.edges {
		if (k.owner != "" && k.owned != "") == typed {
			out = append(out, Edge{Owner: k.owner, Owned: k.owned, OwnerParam: k.ownerParam, OwnedParam: k.ownedParam, Controller: ctl})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].String() < out[j].String() })
	return out
}

// fact returns s as the fact of its function with n parameters; nil when
// it says nothing.
func (s *ownerSummary) fact(n int) *Func {
	f := &Func{Params: make([]Param, n), Meta: s.metaResult, Edges: s.sortedEdges(false)}
	for i := range s.refOf {
		f.RefOf = append(f.RefOf, i)
	}
	sort.Ints(f.RefOf)
	if o := s.ownership(); !o.empty() {
		f.Owned = o
	}
	said := f.Owned != nil || f.Meta || len(f.Edges) > 0 || len(f.RefOf) > 0
	for i := range f.Params {
		if ctl, ok := s.ownerParams[i]; ok {
			f.Params[i].Owner = OwnerRef
			if ctl {
				f.Params[i].Owner = ControllerRef
			}
		}
		f.Params[i].Weak, f.Params[i].Created = s.weakParams[i], s.createParams[i]
		said = said || f.Params[i] != (Param{})
	}
	if !said {
		return nil
	}
	return f
}

// fromFact reads a function's fact.
func fromFact(f *Func) *ownerSummary {
	s := newOwnerSummary()
	for i, p := range f.Params {
		if p.Owner != NoOwner {
			s.ownerParams[i] = p.Owner == ControllerRef
		}
		if p.Weak {
			s.weakParams[i] = true
		}
		if p.Created {
			s.createParams[i] = true
		}
	}
	if o := f.Owned; o != nil {
		for _, t := range o.Owners {
			setBool(s.ownerTypes, t.Key, t.Controller)
		}
		for _, k := range o.Creates {
			s.createTypes[k] = true
		}
		s.unknown = o.Unknown
		for _, e := range o.Edges {
			setBool(s.edges, edgeKey{e.Owner, e.Owned, e.OwnerParam, e.OwnedParam}, e.Controller)
		}
	}
	for _, e := range f.Edges {
		setBool(s.edges, edgeKey{e.Owner, e.Owned, e.OwnerParam, e.OwnedParam}, e.Controller)
	}
	s.metaResult = f.Meta
	for _, i := range f.RefOf {
		s.refOf[i] = true
	}
	return s
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// compute summarises the package's ownership and exports its facts: the
// package's, and each function's that says something.
func compute(pass *analysis.Pass, funcs []*ssa.Function) *Result {
	s := newSummarizer(pass, funcs)
	pkg := s.run().ownership()
	if !pkg.empty() {
		pass.ExportPackageFact(pkg)
	}
	for _, fn := range s.funcs {
		obj, _ := fn.Object().(*types.Func)
		if obj == nil || obj.Pkg() != pass.Pkg || fn.Parent() != nil {
			continue
		}
		if f := s.local[obj].fact(len(fn.Params)); f != nil {
			pass.ExportObjectFact(obj, f)
		}
	}
	r := &Result{self: pass.Pkg, pkg: pkg, imported: map[*types.Package]*Package{}, owners: map[string]bool{}, creates: map[*types.Func]map[string]bool{}}
	for fn, sum := range s.local {
		if len(sum.createTypes) > 0 {
			r.creates[fn] = sum.createTypes
		}
	}
	r.sites = s.siteList
	r.sums = map[*types.Func]*ownerSummary{}
	for fn, sum := range s.imported {
		r.sums[fn] = sum
	}
	for fn, sum := range s.local {
		r.sums[fn] = sum
	}
	r.refs = map[*ssa.Function][]Ref{}
	for call, ref := range s.refs {
		r.refs[call.Parent()] = append(r.refs[call.Parent()], ref)
	}
	for _, refs := range r.refs {
		sort.Slice(refs, func(i, j int) bool { return refs[i].Call.Pos() < refs[j].Call.Pos() })
	}
	r.made = map[*ssa.Function][]Creation{}
	for call, c := range s.made {
		r.made[call.Parent()] = append(r.made[call.Parent()], c)
	}
	for _, made := range r.made {
		sort.Slice(made, func(i, j int) bool { return made[i].Call.Pos() < made[j].Call.Pos() })
	}
	sort.SliceStable(r.sites, func(i, j int) bool { return r.sites[i].Pos < r.sites[j].Pos })
	add := func(o *Package) {
		for _, t := range o.Owners {
			setBool(r.owners, t.Key, t.Controller)
		}
		r.edges = append(r.edges, o.Edges...)
	}
	add(pkg)
	for _, f := range pass.AllPackageFacts() {
		if o, ok := f.Fact.(*Package); ok && f.Package != nil {
			r.imported[f.Package] = o
			add(o)
		}
	}
	return r
}

// summarizer computes what each function of one package does: which
// objects it creates and gives owner references to, directly, through its
// closures and through the helpers it calls.
type summarizer struct {
	pass       *analysis.Pass
	modulePath string
	funcs      []*ssa.Function // the package's functions outside _test.go files
	local      map[*types.Func]*ownerSummary
	imported   map[*types.Func]*ownerSummary
	changed    bool
	// newRef marks functions that call metav1.NewControllerRef; ownEvent
	// those that set owner references in a way recognised here.
	newRef   map[*types.Func]bool
	ownEvent map[*types.Func]bool
	// sites are the owner references between known types set in this
	// package, where both ends become known.
	sites    map[Site]bool
	siteList []Site
	// refs and made are the library calls met that set an owner
	// reference and that create an object, by value (Result.Refs,
	// Result.Creations); a call is met again in every round.
	refs map[ssa.CallInstruction]Ref
	made map[ssa.CallInstruction]Creation
}

func newSummarizer(pass *analysis.Pass, funcs []*ssa.Function) *summarizer {
	s := &summarizer{
		pass:     pass,
		local:    map[*types.Func]*ownerSummary{},
		imported: map[*types.Func]*ownerSummary{},
		newRef:   map[*types.Func]bool{},
		ownEvent: map[*types.Func]bool{},
		sites:    map[Site]bool{},
		refs:     map[ssa.CallInstruction]Ref{},
		made:     map[ssa.CallInstruction]Creation{},
	}
	if pass.Module != nil {
		s.modulePath = pass.Module.Path
	}
	for _, f := range pass.AllObjectFacts() {
		fn, ok := f.Object.(*types.Func)
		h, isH := f.Fact.(*Func)
		if ok && isH && h != nil {
			s.imported[fn] = fromFact(h)
		}
	}
	for _, fn := range funcs {
		if obj := rootObj(fn); obj != nil && !ssapkg.InTestCode(pass, fn.Pos()) {
			s.funcs = append(s.funcs, fn)
		}
	}
	return s
}

func rootObj(fn *ssa.Function) *types.Func {
	obj, _ := ssaflow.Declared(fn).Object().(*types.Func)
	return obj
}

// run computes the summaries of the package's functions to a fixed point
// and returns the package's summary.
func (s *summarizer) run() *ownerSummary {
	for _, fn := range s.funcs {
		if obj := rootObj(fn); s.local[obj] == nil {
			s.local[obj] = newOwnerSummary()
		}
	}
	for round := 0; round < maxRounds; round++ {
		s.changed = false
		for _, fn := range s.funcs {
			s.scan(fn)
		}
		// A controller reference built with NewControllerRef and neither
		// stored into an object here nor returned may end up on any
		// object: stay silent about every type.
		for obj, sum := range s.local {
			if s.newRef[obj] && !s.ownEvent[obj] && !returnsOwnerRefs(obj) && !sum.unknown {
				sum.unknown, s.changed = true, true
			}
		}
		if !s.changed {
			break
		}
	}
	pkg := newOwnerSummary()
	for _, sum := range s.local {
		for k, ctl := range sum.ownerTypes {
			setBool(pkg.ownerTypes, k, ctl)
		}
		for k := range sum.createTypes {
			pkg.createTypes[k] = true
		}
		for k, ctl := range sum.edges {
			if k.owner != "" && k.owned != "" {
				setBool(pkg.edges, k, ctl)
			}
		}
		pkg.unknown = pkg.unknown || sum.unknown
	}
	if s.dynamicOwnerParams() {
		pkg.unknown = true
	}
	return pkg
}

// dynamicOwnerParams reports whether a function that sets owner
// references on a parameter may be called where its argument cannot be
// seen: used as a value, or a method with the signature of a method
// invoked through an interface in this package.
func (s *summarizer) dynamicOwnerParams() bool {
	valueUsed := map[*types.Func]bool{}
	var invoked []*types.Func
	for _, fn := range s.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var callee ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok {
					cc := call.Common()
					if cc.IsInvoke() {
						invoked = append(invoked, cc.Method)
					} else if cc.StaticCallee() != nil {
						callee = cc.Value
					}
				}
				var ops [8]*ssa.Value
				for _, op := range instr.Operands(ops[:0]) {
					if op == nil || *op == nil || *op == callee {
						continue
					}
					if f, ok := (*op).(*ssa.Function); ok {
						if o := f.Origin(); o != nil {
							f = o
						}
						if obj, ok := f.Object().(*types.Func); ok {
							valueUsed[obj] = true
						}
					}
				}
			}
		}
	}
	dynamic := func(fn *types.Func, sum *ownerSummary) bool {
		if len(sum.ownerParams) == 0 {
			return false
		}
		if valueUsed[fn] {
			return true
		}
		if fn.Signature().Recv() == nil {
			return false
		}
		for _, m := range invoked {
			if m != nil && m.Name() == fn.Name() && types.Identical(m.Signature(), fn.Signature()) { // receivers are ignored
				return true
			}
		}
		return false
	}
	for fn, sum := range s.local {
		if dynamic(fn, sum) {
			return true
		}
	}
	for fn, sum := range s.imported {
		if dynamic(fn, sum) {
			return true
		}
	}
	return false
}

func returnsOwnerRefs(fn *types.Func) bool {
	res := fn.Signature().Results()
	for i := 0; i < res.Len(); i++ {
		t := types.Unalias(res.At(i).Type())
		if sl, ok := t.(*types.Slice); ok {
			t = sl.Elem()
		}
		if crapi.IsNamed(t, metav1Pkg, "OwnerReference") {
			return true
		}
	}
	return false
}

// scan records what the instructions of fn (a declared function or a
// closure) do, in the summary of its declared function.
func (s *summarizer) scan(fn *ssa.Function) {
	r := ssaflow.Declared(fn)
	obj, _ := r.Object().(*types.Func)
	sum := s.local[obj]
	if sum == nil {
		return
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Store:
				// obj.OwnerReferences = ..., and the field of a
				// composite literal &T{ObjectMeta: metav1.ObjectMeta{OwnerReferences: ...}}.
				if fa, ok := x.Addr.(*ssa.FieldAddr); ok && isOwnerRefsField(fa) {
					s.ownEvent[obj] = true
					s.owner(sum, r, fa.X, true)
					for _, ref := range s.newRefs(x.Val, 0) {
						s.edge(sum, r, ref.owner, fa.X, true, ref.pos, "NewControllerRef")
					}
				}
			case ssa.CallInstruction:
				s.call(sum, r, obj, x)
			case *ssa.Return:
				// A function returning a reference to its parameter.
				if fn == r {
					for _, v := range x.Results {
						if !crapi.IsNamed(ssaflow.Deref(v.Type()), metav1Pkg, "OwnerReference") {
							continue
						}
						for _, o := range s.returnedRefOwner(v) {
							if p, ok := objectOf(o).(*ssa.Parameter); ok {
								if i := ownerParam(r, p); i >= 0 && !sum.refOf[i] {
									sum.refOf[i], s.changed = true, true
								}
							}
						}
					}
				}
			}
		}
	}
}

func isOwnerRefsField(fa *ssa.FieldAddr) bool {
	p, ok := types.Unalias(fa.X.Type()).Underlying().(*types.Pointer)
	if !ok || !crapi.IsNamed(p.Elem(), metav1Pkg, "ObjectMeta") {
		return false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	return ok && fa.Field >= 0 && fa.Field < st.NumFields() && st.Field(fa.Field).Name() == "OwnerReferences"
}

// call records in sum what the call instr of r (obj's function) does to
// owner references. Its steps: the callee, a package variable set once to
// a function standing for it (calledFunc); a dynamic call of one of
// ctrl's variables holding controllerutil's functions (ctrlVarCall);
// controllerutil's and metav1's owner-reference functions and the
// SetOwnerReferences and WithOwnerReferences methods (ownerRefCall); a
// client call that creates its object (clientCreate); a callee with a
// summary, merged in (apply); last, an opaque function of another
// module, which may set owner references on whatever it is given
// (weakOwner).
func (s *summarizer) call(sum *ownerSummary, r *ssa.Function, obj *types.Func, instr ssa.CallInstruction) {
	cc := instr.Common()
	args := crapi.CallArgs(cc)
	arg := func(i int) ssa.Value {
		if i >= 0 && i < len(args) {
			return args[i]
		}
		return nil
	}
	fn := calledFunc(cc)
	if fn == nil {
		s.ctrlVarCall(sum, r, obj, instr, arg)
		return
	}
	if s.ownerRefCall(sum, r, obj, fn, instr, arg) || s.clientCreate(sum, r, instr) {
		return
	}
	if h := s.summaryOf(fn); h != nil {
		// h counts parameters as SSA does, receiver first.
		off := ssaflow.ReceiverOffset(fn)
		s.apply(sum, r, h, instr, func(i int) ssa.Value { return arg(i - off) })
		return
	}
	if s.opaque(fn) {
		// A function of another module may set owner references on the
		// objects given to it.
		for _, a := range args {
			s.weakOwner(sum, r, a)
		}
	}
}

// calledFunc returns the function or interface method cc calls (its
// origin, for a generic one); for a dynamic call, the function held by
// the package variable it loads, set once for tests to replace, but not
// when that variable is one of ctrl's (ctrlVarCall); nil when none is
// known.
func calledFunc(cc *ssa.CallCommon) *types.Func {
	fn := crapi.Callee(cc)
	if fn == nil {
		// A package variable set once to the function, for tests to
		// replace.
		if held := crapi.HeldFunc(cc.Value); held != nil && crapi.CtrlVar(cc.Value) == "" {
			fn = held
		}
	}
	return fn
}

// ctrlVarCall records a call of no known function:
// ctrl.SetControllerReference, ctrl.CreateOrUpdate and ctrl.CreateOrPatch
// are variables holding the controllerutil functions, so their calls are
// dynamic. The first makes its second argument owned by its first, a
// controller reference; the others create their object. Any other such
// call records nothing.
func (s *summarizer) ctrlVarCall(sum *ownerSummary, r *ssa.Function, obj *types.Func, instr ssa.CallInstruction, arg func(int) ssa.Value) {
	switch crapi.CtrlVar(instr.Common().Value) {
	case "SetControllerReference":
		s.ownEvent[obj] = true
		s.ref(instr, arg(0), arg(1), true)
		s.owner(sum, r, arg(1), true)
		s.edge(sum, r, arg(0), arg(1), true, instr.Pos(), "SetControllerReference")
	case "CreateOrUpdate", "CreateOrPatch":
		s.made[instr] = Creation{Call: instr, Obj: arg(2)}
		s.create(sum, r, arg(2))
	}
}

// ownerRefCall records a call of fn that sets or makes owner references,
// and reports whether fn is one: controllerutil's SetControllerReference
// and SetOwnerReference (an owner edge, a controller one or not),
// CreateOrUpdate and CreateOrPatch (a creation), metav1.NewControllerRef
// (obj makes references), and the methods SetOwnerReferences (the
// references it is given, made by NewControllerRef, are edges) and
// WithOwnerReferences (an apply configuration, whose type names the
// kind).
func (s *summarizer) ownerRefCall(sum *ownerSummary, r *ssa.Function, obj *types.Func, fn *types.Func, instr ssa.CallInstruction, arg func(int) ssa.Value) bool {
	cc := instr.Common()
	isMethod := fn.Signature().Recv() != nil
	switch {
	case crapi.IsFunc(fn, crapi.ControllerutilPkg, "SetControllerReference"):
		s.ownEvent[obj] = true
		s.ref(instr, arg(0), arg(1), true)
		s.owner(sum, r, arg(1), true)
		s.edge(sum, r, arg(0), arg(1), true, instr.Pos(), "SetControllerReference")
		return true
	case crapi.IsFunc(fn, crapi.ControllerutilPkg, "SetOwnerReference"):
		s.ownEvent[obj] = true
		s.ref(instr, arg(0), arg(1), false)
		s.owner(sum, r, arg(1), false)
		s.edge(sum, r, arg(0), arg(1), false, instr.Pos(), "SetOwnerReference")
		return true
	case crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch"):
		s.made[instr] = Creation{Call: instr, Obj: arg(2)}
		s.create(sum, r, arg(2))
		return true
	case crapi.IsFunc(fn, metav1Pkg, "NewControllerRef"):
		s.newRef[obj] = true
		return true
	case isMethod && fn.Name() == "SetOwnerReferences":
		s.ownEvent[obj] = true
		s.owner(sum, r, crapi.Receiver(cc), true)
		for _, ref := range s.newRefs(arg(0), 0) {
			s.edge(sum, r, ref.owner, crapi.Receiver(cc), true, ref.pos, "NewControllerRef")
		}
		return true
	case isMethod && fn.Name() == "WithOwnerReferences":
		// An apply configuration: its type names the kind.
		s.ownEvent[obj] = true
		s.owner(sum, r, crapi.Receiver(cc), true)
		return true
	}
	return false
}

// clientCreate records the object a client call cc creates (Create,
// Apply, or a Patch with an apply patch; not of a subresource), and
// reports whether cc is a client call at all: any other is done with.
func (s *summarizer) clientCreate(sum *ownerSummary, r *ssa.Function, instr ssa.CallInstruction) bool {
	c, cargs, ok := crapi.ClientCallSSA(instr.Common())
	if !ok {
		return false
	}
	if c.SubResource || len(cargs) < 2 {
		return true
	}
	switch c.Method {
	case crapi.Create, crapi.Apply:
		s.made[instr] = Creation{Call: instr, Obj: cargs[1]}
		s.create(sum, r, cargs[1])
	case crapi.Patch:
		if len(cargs) >= 3 && crapi.IsApplyPatch(cargs[2]) {
			s.made[instr] = Creation{Call: instr, Obj: cargs[1]}
			s.create(sum, r, cargs[1])
		}
	}
	return true
}

// ref records the library call instr that gives owned an owner reference
// to owner, by value.
func (s *summarizer) ref(instr ssa.CallInstruction, owner, owned ssa.Value, ctl bool) {
	if owner != nil && owned != nil {
		s.refs[instr] = Ref{Call: instr, Owner: owner, Owned: owned, Controller: ctl}
	}
}

// weakOwner records that v might get owner references: an object of
// known type counts as given a controller reference, a parameter that may
// hold an object becomes a weak parameter, and anything else (a string, an
// object of unknown type) says nothing.
func (s *summarizer) weakOwner(sum *ownerSummary, r *ssa.Function, v ssa.Value) {
	elems, _ := ssaflow.VariadicElems(v)
	for _, e := range append([]ssa.Value{v}, elems...) {
		var out []target
		s.resolve(e, 0, map[ssa.Value]bool{}, &out)
		for _, t := range out {
			switch {
			case t.kind == tTyped && isObject(e):
				if setBool(sum.ownerTypes, t.key, true) {
					s.changed = true
				}
			case t.kind == tParam && mayHoldObject(t.param.Type()):
				if i := ownerParam(r, t.param); i >= 0 && !sum.weakParams[i] {
					sum.weakParams[i], s.changed = true, true
				}
			}
		}
	}
}

// apply merges what callee h does into the caller's summary sum, mapping
// the callee's parameters to the call's arguments.
func (s *summarizer) apply(sum *ownerSummary, r *ssa.Function, h *ownerSummary, instr ssa.CallInstruction, arg func(int) ssa.Value) {
	type pc struct {
		p   int
		ctl bool
	}
	var owners []pc
	for p, ctl := range h.ownerParams {
		owners = append(owners, pc{p, ctl})
	}
	var creates []int
	for p := range h.createParams {
		creates = append(creates, p)
	}
	for _, o := range owners {
		if a := arg(o.p); a != nil {
			s.owner(sum, r, a, o.ctl)
		}
	}
	var weak []int
	for p := range h.weakParams {
		weak = append(weak, p)
	}
	for _, p := range weak {
		if a := arg(p); a != nil {
			s.weakOwner(sum, r, a)
		}
	}
	for _, p := range creates {
		if a := arg(p); a != nil {
			s.create(sum, r, a)
		}
	}
	var edges []Edge
	for k, ctl := range h.edges {
		edges = append(edges, Edge{Owner: k.owner, Owned: k.owned, OwnerParam: k.ownerParam, OwnedParam: k.ownedParam, Controller: ctl})
	}
	for _, e := range edges {
		if e.Owner != "" && e.Owned != "" {
			if h != sum && setBool(sum.edges, edgeKey{e.Owner, e.Owned, -1, -1}, e.Controller) {
				s.changed = true
			}
			continue
		}
		s.addEdges(sum, r, s.ends(r, e.Owner, e.OwnerParam, arg), s.ends(r, e.Owned, e.OwnedParam, arg), e.Controller, instr.Pos(), "")
	}
	if h == sum {
		return
	}
	for k, ctl := range h.ownerTypes {
		if setBool(sum.ownerTypes, k, ctl) {
			s.changed = true
		}
	}
	for k := range h.createTypes {
		if setBool(sum.createTypes, k, true) {
			s.changed = true
		}
	}
	if h.unknown && !sum.unknown {
		sum.unknown, s.changed = true, true
	}
	if h.metaResult {
		if call, ok := instr.(*ssa.Call); ok {
			n := call.Call.Signature().Results().Len()
			for i := range n {
				res := ssa.Value(call)
				if n > 1 {
					res = ssaflow.Extract(call, i)
				}
				if res != nil && isMeta(res.Type()) {
					var out []target
					s.metaFlow(res, 0, map[ssa.Value]bool{}, &out)
					s.record(sum, r, out, true, false)
				}
			}
		}
	}
}

func (s *summarizer) summaryOf(fn *types.Func) *ownerSummary {
	if h := s.local[fn]; h != nil {
		return h
	}
	return s.imported[fn]
}

// opaque reports whether fn belongs to another module whose code this
// check does not know, and which might set owner references on objects
// (the knowledge table's known libraries do not).
func (s *summarizer) opaque(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	path := fn.Pkg().Path()
	if s.modulePath == "" || ssapkg.InModule(s.pass, path) {
		return false // the module's own (or no module known): facts say what it does
	}
	return !knowledge.KnownLibrary(path)
}

// target is what an object value turned out to be.
type targetKind int

const (
	tUnknown targetKind = iota
	tTyped
	tParam
	tMetaResult // an ObjectMeta returned by the function
)

type target struct {
	kind  targetKind
	key   string
	param *ssa.Parameter
	ret   *ssa.Return
}

func (s *summarizer) owner(sum *ownerSummary, r *ssa.Function, v ssa.Value, ctl bool) {
	var out []target
	s.resolve(v, 0, map[ssa.Value]bool{}, &out)
	s.record(sum, r, out, ctl, false)
}

func (s *summarizer) create(sum *ownerSummary, r *ssa.Function, v ssa.Value) {
	var out []target
	s.resolve(v, 0, map[ssa.Value]bool{}, &out)
	s.record(sum, r, out, true, true)
}

// record adds targets to the summary of r, as owner references set (with
// ctl) or as objects created.
func (s *summarizer) record(sum *ownerSummary, r *ssa.Function, out []target, ctl, create bool) {
	for _, t := range out {
		switch t.kind {
		case tTyped:
			m := sum.ownerTypes
			if create {
				m, ctl = sum.createTypes, true
			}
			if setBool(m, t.key, ctl) {
				s.changed = true
			}
			continue
		case tParam:
			if i := ownerParam(r, t.param); i >= 0 {
				m := sum.ownerParams
				if create {
					m, ctl = sum.createParams, true
				}
				if setBool(m, i, ctl) {
					s.changed = true
				}
				continue
			}
		case tMetaResult:
			if t.ret != nil && t.ret.Parent() == r {
				if !create && !sum.metaResult {
					sum.metaResult, s.changed = true, true
				}
				continue
			}
		}
		// Unknown: creating an object of unknown type proves nothing; an
		// owner reference on one may be on an object of any type.
		if !create && !sum.unknown {
			sum.unknown, s.changed = true, true
		}
	}
}

// refSite is an owner reference made at pos naming the object owner.
type refSite struct {
	owner ssa.Value
	pos   token.Pos
}

// newRefs returns the references built by hand that make up the list v
// (a slice literal of them, appended to a list, or either of two lists),
// each with the object it names: metav1.NewControllerRef(owner, gvk), or
// a function of the module returning a reference to its parameter.
func (s *summarizer) newRefs(v ssa.Value, depth int) []refSite {
	if v == nil || depth > 4 {
		return nil
	}
	switch x := ssaflow.Strip(v).(type) {
	case *ssa.Phi:
		var out []refSite
		for _, e := range x.Edges {
			out = append(out, s.newRefs(e, depth+1)...)
		}
		return out
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" && len(x.Call.Args) == 2 {
			return append(s.newRefs(x.Call.Args[0], depth+1), s.newRefs(x.Call.Args[1], depth+1)...)
		}
	case *ssa.Slice:
		elems, _ := ssaflow.VariadicElems(x)
		var out []refSite
		for _, e := range elems {
			e = ssaflow.Strip(e)
			if u, ok := e.(*ssa.UnOp); ok && u.Op == token.MUL {
				e = u.X
			}
			if c, ok := e.(*ssa.Call); ok {
				for _, o := range s.refOwners(c) {
					out = append(out, refSite{o, c.Pos()})
				}
			}
		}
		return out
	}
	return nil
}

// refOwners returns the objects the reference call makes names:
// NewControllerRef's owner, or the arguments of a function of the module
// whose result is a reference to its parameter.
func (s *summarizer) refOwners(c *ssa.Call) []ssa.Value {
	fn := crapi.Callee(&c.Call)
	if fn == nil {
		return nil
	}
	if crapi.IsFunc(fn, metav1Pkg, "NewControllerRef") && len(c.Call.Args) == 2 {
		return []ssa.Value{c.Call.Args[0]}
	}
	h := s.summaryOf(fn)
	if h == nil {
		return nil
	}
	args := crapi.CallArgs(&c.Call)
	off := ssaflow.ReceiverOffset(fn)
	var out []ssa.Value
	for i := range h.refOf {
		if j := i - off; j >= 0 && j < len(args) {
			out = append(out, args[j])
		}
	}
	return out
}

// returnedRefOwner returns the object that v, an owner reference a
// function returns, names: NewControllerRef's owner, the object whose
// UID fills a reference literal, or what a helper's reference names.
func (s *summarizer) returnedRefOwner(v ssa.Value) []ssa.Value {
	v = ssaflow.Strip(v)
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if a, ok := u.X.(*ssa.Alloc); ok {
			// metav1.OwnerReference{UID: obj.GetUID(), ...}
			for _, r := range *a.Referrers() {
				fa, ok := r.(*ssa.FieldAddr)
				if !ok || ssaflow.FieldName(a.Type(), fa.Field) != "UID" {
					continue
				}
				for _, st := range *fa.Referrers() {
					if st, ok := st.(*ssa.Store); ok && st.Addr == fa {
						if o := uidOwner(st.Val); o != nil {
							return []ssa.Value{o}
						}
					}
				}
			}
			return nil
		}
		v = u.X
	}
	if c, ok := v.(*ssa.Call); ok {
		return s.refOwners(c)
	}
	return nil
}

// uidOwner returns the object whose UID v reads: obj.GetUID(), or the
// UID field of its metadata.
func uidOwner(v ssa.Value) ssa.Value {
	switch x := ssaflow.Strip(v).(type) {
	case *ssa.Call:
		if fn := crapi.Callee(&x.Call); fn != nil && fn.Name() == "GetUID" && fn.Signature().Recv() != nil {
			if x.Call.IsInvoke() {
				return x.Call.Value
			}
			if len(x.Call.Args) > 0 {
				return x.Call.Args[0]
			}
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && ssaflow.FieldName(fa.X.Type(), fa.Field) == "UID" {
			return fa.X
		}
	}
	return nil
}

// edge records the owner reference that the call at pos (of the library
// function named by) sets on the object owned to the object owner.
func (s *summarizer) edge(sum *ownerSummary, r *ssa.Function, owner, owned ssa.Value, ctl bool, pos token.Pos, by string) {
	if owner == nil || owned == nil {
		return
	}
	var os, ds []target
	s.resolve(owner, 0, map[ssa.Value]bool{}, &os)
	s.resolve(owned, 0, map[ssa.Value]bool{}, &ds)
	s.addEdges(sum, r, s.endsOf(r, os), s.endsOf(r, ds), ctl, pos, by)
}

// end is one end of an edge: a type's key, or a parameter of the
// function (param >= 0, key "").
type end struct {
	key   string
	param int
}

// endsOf returns the ends that targets are: known types, and parameters
// of r; the others say nothing about the edge.
func (s *summarizer) endsOf(r *ssa.Function, out []target) []end {
	var ends []end
	for _, t := range out {
		switch t.kind {
		case tTyped:
			ends = append(ends, end{key: t.key, param: -1})
		case tParam:
			if i := ownerParam(r, t.param); i >= 0 {
				ends = append(ends, end{param: i})
			}
		}
	}
	return ends
}

// ends returns what a callee's edge end (key, or parameter p) is at a
// call whose arguments arg gives.
func (s *summarizer) ends(r *ssa.Function, key string, p int, arg func(int) ssa.Value) []end {
	if key != "" {
		return []end{{key: key, param: -1}}
	}
	a := arg(p)
	if a == nil {
		return nil
	}
	var out []target
	s.resolve(a, 0, map[ssa.Value]bool{}, &out)
	return s.endsOf(r, out)
}

// addEdges records an edge from each of owners to each of owned; one
// between known types set here is a site at pos, made by the library
// function named by ("" for a helper of the module).
func (s *summarizer) addEdges(sum *ownerSummary, r *ssa.Function, owners, owned []end, ctl bool, pos token.Pos, by string) {
	for _, o := range owners {
		for _, d := range owned {
			if o.key == "" && o.param == d.param && d.key == "" {
				continue // an object owning itself says nothing
			}
			if setBool(sum.edges, edgeKey{o.key, d.key, o.param, d.param}, ctl) {
				s.changed = true
			}
			if o.key != "" && d.key != "" && pos.IsValid() && !ssapkg.InTestCode(s.pass, pos) {
				site := Site{Owner: o.key, Owned: d.key, Controller: ctl, Pos: pos, By: by}
				if !s.sites[site] {
					s.sites[site] = true
					s.siteList = append(s.siteList, site)
				}
			}
		}
	}
}

// ownerParam returns the SSA index of p among r's parameters, or -1 for
// the receiver and a closure's parameter.
func ownerParam(r *ssa.Function, p *ssa.Parameter) int {
	if p == nil || p.Parent() != r {
		return -1
	}
	if i := ssaflow.ParamIndex(r, p); i >= ssaflow.ReceiverOffset(r.Object().(*types.Func)) {
		return i
	}
	return -1
}

// objectOf maps &obj.ObjectMeta to obj, through conversions.
func objectOf(v ssa.Value) ssa.Value {
	for i := 0; i < 8; i++ {
		v = ssaflow.Strip(v)
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if crapi.IsNamed(x.Type(), metav1Pkg, "ObjectMeta") {
				if _, isPtr := types.Unalias(x.X.Type()).Underlying().(*types.Pointer); isPtr && typeKnown(x.X.Type()) {
					v = x.X
					continue
				}
			}
		case *ssa.Field:
			if crapi.IsNamed(x.Type(), metav1Pkg, "ObjectMeta") && typeKnown(x.X.Type()) {
				v = x.X
				continue
			}
		}
		return v
	}
	return v
}

func typeKnown(t types.Type) bool {
	_, ok := typeKey(t)
	return ok
}

// typeKey returns the key of an object type: "path.Name" for a named
// object type (through one pointer), "ac:Kind" for a client-go style
// apply configuration KindApplyConfiguration. ok is false for interfaces,
// type parameters, ObjectMeta, and objects whose kind is only data
// (unstructured).
func typeKey(t types.Type) (string, bool) {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	n, ok := t.(*types.Named)
	if !ok {
		return "", false
	}
	n = n.Origin()
	if _, isIface := n.Underlying().(*types.Interface); isIface {
		return "", false
	}
	obj := n.Obj()
	if obj.Pkg() == nil || ctrlmodel.DynamicKind(n) {
		return "", false
	}
	name := obj.Name()
	if kind, ok := strings.CutSuffix(name, "ApplyConfiguration"); ok {
		if kind == "" || kind == "ObjectMeta" {
			return "", false
		}
		return "ac:" + kind, true
	}
	if obj.Pkg().Path() == metav1Pkg && name == "ObjectMeta" {
		return "", false
	}
	return obj.Pkg().Path() + "." + name, true
}

// TypeKeys returns the keys under which objects of type t (the type
// given to Owns) are recorded.
func TypeKeys(t types.Type) []string {
	key, ok := typeKey(t)
	if !ok || strings.HasPrefix(key, "ac:") {
		return nil
	}
	return []string{key, "ac:" + key[strings.LastIndex(key, ".")+1:]}
}

// isObject reports whether v is, or converts, a Kubernetes object or an
// apply configuration: a value whose type has the SetOwnerReferences
// method of metav1.Object, or WithOwnerReferences.
func isObject(v ssa.Value) bool {
	t := objectOf(v).Type()
	if _, ok := types.Unalias(t).Underlying().(*types.Pointer); !ok {
		t = types.NewPointer(t)
	}
	for _, m := range []string{"SetOwnerReferences", "WithOwnerReferences"} {
		if obj, _, _ := types.LookupFieldOrMethod(t, true, nil, m); obj != nil {
			if _, isFunc := obj.(*types.Func); isFunc {
				return true
			}
		}
	}
	return false
}

// mayHoldObject reports whether a parameter of type t may be a
// Kubernetes object: an interface (or type parameter) that objects
// implement, or ObjectMeta.
func mayHoldObject(t types.Type) bool {
	if isMeta(t) {
		return true
	}
	iface, ok := types.Unalias(t).Underlying().(*types.Interface)
	if !ok {
		return false
	}
	if iface.NumMethods() == 0 {
		return true
	}
	for m := range iface.Methods() {
		switch m.Name() {
		case "GetObjectKind", "DeepCopyObject", "GetName", "GetNamespace", "GetOwnerReferences", "SetOwnerReferences":
			return true
		}
	}
	return false
}

func isMeta(t types.Type) bool {
	return crapi.IsNamed(t, metav1Pkg, "ObjectMeta")
}

// resolve appends to out what the object value v is: an object of known
// type, a parameter of its function (of interface type, or an
// ObjectMeta), or unknown.
func (s *summarizer) resolve(v ssa.Value, depth int, seen map[ssa.Value]bool, out *[]target) {
	if v == nil || depth > maxOwnerDepth {
		*out = append(*out, target{kind: tUnknown})
		return
	}
	v = objectOf(v)
	if seen[v] {
		return
	}
	seen[v] = true
	if key, ok := typeKey(v.Type()); ok {
		*out = append(*out, target{kind: tTyped, key: key})
		return
	}
	d := depth + 1
	switch x := v.(type) {
	case *ssa.Parameter:
		*out = append(*out, target{kind: tParam, param: x})
		return
	case *ssa.FreeVar:
		if b := ssaflow.Binding(x); b != nil {
			s.resolve(b, d, seen, out)
			return
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if c, ok := e.(*ssa.Const); ok && c.IsNil() {
				continue
			}
			s.resolve(e, d, seen, out)
		}
		return
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if stored := ssaflow.CellStores(x.X); len(stored) > 0 {
				for _, st := range stored {
					s.resolve(st, d, seen, out)
				}
				return
			}
		}
	}
	if isMeta(v.Type()) {
		// A metadata value of its own: the objects it is copied into.
		s.metaFlow(v, d, seen, out)
		return
	}
	*out = append(*out, target{kind: tUnknown})
}

// metaFlow appends the objects whose ObjectMeta the metadata v (a value,
// or the address of a local variable) is copied into, or the return that
// hands it to the caller; unknown for any other use.
func (s *summarizer) metaFlow(v ssa.Value, depth int, seen map[ssa.Value]bool, out *[]target) {
	n := len(*out)
	defer func() {
		if len(*out) == n {
			*out = append(*out, target{kind: tUnknown})
		}
	}()
	if depth > maxOwnerDepth {
		return
	}
	refs := v.Referrers()
	if refs == nil {
		return
	}
	_, isAddr := types.Unalias(v.Type()).Underlying().(*types.Pointer)
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.FieldAddr, *ssa.Field:
			// Reads and writes of its fields.
		case *ssa.UnOp:
			if isAddr && x.Op == token.MUL {
				s.metaFlow(x, depth+1, seen, out)
			}
		case *ssa.Store:
			if isAddr && x.Addr == v {
				continue // the variable is assigned
			}
			if fa, ok := x.Addr.(*ssa.FieldAddr); ok && x.Val == v && isMeta(fa.Type()) {
				s.resolve(fa, depth+1, seen, out)
				continue
			}
			*out = append(*out, target{kind: tUnknown})
		case *ssa.Return:
			*out = append(*out, target{kind: tMetaResult, ret: x})
		case ssa.CallInstruction:
			// A call given the variable's address (its methods, a helper
			// filling it in) changes it in place; a call given a copy of
			// the value may put it anywhere.
			if isAddr {
				continue
			}
			*out = append(*out, target{kind: tUnknown})
		default:
			*out = append(*out, target{kind: tUnknown})
		}
	}
}
