package objects

import (
	"fmt"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Finalized is the fact of a package of the module: the object types its
// code, or the code of the module's packages it imports, may give a
// finalizer, and whether that answer is complete. A package that sees
// every package of a binary (its package main) asks it "does anything
// this binary runs ever give a T a finalizer?".
type Finalized struct {
	// Types maps the key of each object type that may get a finalizer
	// ("<package path>.<name>", see TypeKey) to the place of one such
	// addition ("file.go:12").
	Types map[string]string
	// Open, when not "", says where code may give a finalizer to an
	// object whose type is not known (an interface, unstructured, a
	// function value, an apply configuration): the answer is then
	// incomplete for every type.
	Open string
}

// AFact marks Finalized as a fact.
func (*Finalized) AFact() {}

func (f *Finalized) String() string {
	parts := slices.Sorted(maps.Keys(f.Types))
	s := "finalized(" + strings.Join(parts, " ")
	if f.Open != "" {
		s += "; open: " + f.Open
	}
	return s + ")"
}

// TypeKey is the key of an object type in Finalized: its package path
// and name, a pointer or not; "" for a type without a name.
func TypeKey(t types.Type) string {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name()
}

// GivesFinalizer reports whether the code the package sees (its own and
// that of the module's packages it imports) may give an object of type t
// a finalizer, with the place of one addition; complete is false when
// some addition's type is not known, and a "no" then means nothing.
func (r *Result) GivesFinalizer(t types.Type) (at string, gives, complete bool) {
	return r.GivesFinalizerKey(TypeKey(t))
}

// GivesFinalizerKey is GivesFinalizer for a type known by its key
// (TypeKey), as a fact of another package names it.
func (r *Result) GivesFinalizerKey(key string) (at string, gives, complete bool) {
	f := r.fin
	if f == nil {
		return "", false, false
	}
	at, gives = f.Types[key]
	return at, gives, f.Open == ""
}

// FinalizedOpen is the place where an addition of unknown type makes
// GivesFinalizer incomplete ("" when it is complete; "no analysis" for a
// package the layer did not analyse).
func (r *Result) FinalizedOpen() string {
	if r.fin == nil {
		return "no analysis"
	}
	return r.fin.Open
}

// finalized computes the package's Finalized fact from its functions
// (test code left out: it runs in no binary) and the facts of the
// module's packages it imports, and exports it.
func (r *Result) finalized(pass *analysis.Pass, funcs []*ssa.Function) {
	f := &Finalized{Types: map[string]string{}}
	for _, imp := range pass.Pkg.Imports() {
		var g Finalized
		if ssapkg.InModule(pass, imp.Path()) && pass.ImportPackageFact(imp, &g) {
			for k, at := range g.Types {
				if _, ok := f.Types[k]; !ok {
					f.Types[k] = at
				}
			}
			if f.Open == "" {
				f.Open = g.Open
			}
		}
	}
	if r.e != nil {
		var src []*ssa.Function
		for _, fn := range funcs {
			if !ssapkg.InTestCode(pass, fn.Pos()) {
				src = append(src, fn)
			}
		}
		s := &finScan{pass: pass, r: r, f: f, values: valueRefs(src)}
		for _, fn := range src {
			s.scan(fn)
		}
	}
	r.fin = f
	if len(f.Types) > 0 || f.Open != "" {
		pass.ExportPackageFact(f)
	}
}

// finScan collects the additions of one package.
type finScan struct {
	pass   *analysis.Pass
	r      *Result
	f      *Finalized
	values map[*types.Func]bool
}

func (s *finScan) at(pos token.Pos) string {
	p := s.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", filepath.Base(p.Filename), p.Line)
}

// argOf returns the argument of the call instr that obj (a value
// stripped of its conversions) was given as, which keeps a type
// assertion (obj.(*api.Kind)) that tells its type; obj if none.
func argOf(instr ssa.Instruction, obj ssa.Value) ssa.Value {
	if call, ok := instr.(ssa.CallInstruction); ok {
		for _, a := range crapi.CallArgs(call.Common()) {
			if ssaflow.Strip(a) == obj {
				return a
			}
		}
	}
	return obj
}

// knownType is the object type of v: the type it is asserted to, when
// it is (obj.(*api.Kind)), else ObjectType's.
func knownType(v ssa.Value) types.Type {
	if t := ssaflow.StripConv(v).Type(); ObjectParam(t) && !types.IsInterface(t) {
		return t
	}
	return ObjectType(v)
}

// give records that obj, at pos, may get a finalizer: its type when
// known, else the answer opens (what says how it was met).
func (s *finScan) give(obj ssa.Value, pos token.Pos, what string) {
	t := knownType(obj)
	if t != nil && crapi.IsNamed(t, lifecycle.MetaV1Pkg, "ObjectMeta") {
		// A standalone ObjectMeta: the objects it is copied into.
		owners, ok := metaOwners(ssaflow.Strip(obj))
		if !ok {
			s.open(pos, what+" of an ObjectMeta not kept in an object here")
			return
		}
		for _, o := range owners {
			s.typ(o, pos)
		}
		return
	}
	if t == nil || !ObjectParam(t) {
		s.open(pos, what+" of an object of unknown type")
		return
	}
	s.typ(t, pos)
}

func (s *finScan) typ(t types.Type, pos token.Pos) {
	if k := TypeKey(t); k != "" {
		if _, ok := s.f.Types[k]; !ok {
			s.f.Types[k] = s.at(pos)
		}
	}
}

func (s *finScan) open(pos token.Pos, why string) {
	if s.f.Open == "" {
		s.f.Open = s.at(pos) + ": " + why
	}
}

// scan records what fn may give finalizers to.
func (s *finScan) scan(fn *ssa.Function) {
	ev := s.r.Lifecycle(fn)
	for _, op := range ev.Additions {
		if s.deferred(fn, op.Obj) {
			continue // the callers' calls are additions of their arguments
		}
		s.give(argOf(op.Instr, op.Obj), op.Instr.Pos(), "a finalizer added")
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			s.net(instr)
			if obj, list, ok := lifecycle.FinalizersSet(instr); ok {
				if !lifecycle.EmptyList(list) {
					s.give(obj, instrPos(instr, fn), "a finalizer list set")
				}
				continue
			}
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isAdd := ev.AdditionAt(instr); isAdd {
				continue
			}
			s.call(fn, call)
		}
	}
}

// instrPos is instr's position, or its function's when it has none (a
// store of a composite literal's field).
func instrPos(instr ssa.Instruction, fn *ssa.Function) token.Pos {
	if p := instr.Pos(); p.IsValid() {
		return p
	}
	return fn.Pos()
}

// net opens the answer at text that writes finalizers by name: an
// unstructured path or a map key "finalizers", a JSON patch path or a
// raw patch mentioning them. Whose they are is not known.
func (s *finScan) net(instr ssa.Instruction) {
	var ops [8]*ssa.Value
	for _, op := range instr.Operands(ops[:0]) {
		c, ok := (*op).(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.String {
			continue
		}
		v := constant.StringVal(c.Value)
		if v == "finalizers" || strings.Contains(v, "/finalizers") || strings.Contains(v, `"finalizers"`) {
			s.open(instrPos(instr, instr.Parent()), fmt.Sprintf("the text %q, which may write an object's finalizers", v))
		}
	}
}

// call records what a call may give finalizers to besides the additions
// lifecycle recognises: controller-runtime's finalizer.Finalizers.Finalize
// (which adds the registered finalizers to a live object), a deletion
// naming a propagation policy (foreground and orphan deletion add the API
// server's finalizer), a server-side
// apply configuration's WithFinalizers, a library function the knowledge
// table does not know given an object, and code the analysis cannot see
// (a function value, a method of the module's interfaces) given one.
func (s *finScan) call(fn *ssa.Function, call ssa.CallInstruction) {
	cc := call.Common()
	callee := crapi.Callee(cc)
	args := crapi.CallArgs(cc)
	if callee != nil && callee.Name() == "Finalize" && callee.Pkg() != nil && callee.Pkg().Path() == crapi.FinalizerPkg && len(args) == 2 {
		s.give(args[1], call.Pos(), "the registered finalizers added")
		return
	}
	if callee != nil && callee.Name() == "WithFinalizers" && callee.Signature().Recv() != nil {
		s.open(call.Pos(), "an apply configuration given finalizers")
		return
	}
	if d, ok := Delete(cc); ok && d.Policy != knowledge.PropagationNone && !backgroundOnly(args[len(args)-1]) {
		// A foreground (or orphan) deletion: the API server gives the
		// object its own finalizer while the dependents go.
		s.give(d.Obj, call.Pos(), "a deletion with a propagation policy")
		return
	}
	if _, _, ok := crapi.ClientCallSSA(cc); ok {
		return // a client sends what the object holds
	}
	if _, ok := knowledge.FinalizerHelperOf(callee); ok {
		return // an addition is one of ev.Additions; a removal adds none
	}
	switch {
	case cc.StaticCallee() == nil && (!cc.IsInvoke() || inModule(s.pass, callee)):
		// A function value, or a method of an interface of the module:
		// its code is not known here.
		for _, a := range args {
			if ObjectParam(ssaflow.Strip(a).Type()) {
				s.give(a, call.Pos(), "an object handed to code not known here")
			}
		}
	case callee != nil && !inModule(s.pass, callee) && !knowledge.LeavesFinalizers(callee):
		// A library not known to leave finalizers alone (crossplane's
		// APIFinalizer.AddFinalizer adds one and updates the object).
		for _, a := range args {
			if ObjectParam(ssaflow.Strip(a).Type()) {
				s.give(a, call.Pos(), "an object handed to "+callee.FullName())
			}
		}
	case callee != nil && callee.Name() == "SetFinalizers" && !inModule(s.pass, callee):
		// unstructured.Unstructured's, which FinalizersSet leaves to this
		// (metav1's is recognised there).
		if recv := crapi.Receiver(cc); recv != nil && (len(args) != 1 || !lifecycle.EmptyList(args[0])) {
			s.give(recv, call.Pos(), "a finalizer list set")
		}
	}
}

// backgroundOnly reports whether delete options (a variadic argument)
// name no policy but background deletion, the default, which adds no
// finalizer: client.PropagationPolicy(metav1.DeletePropagationBackground).
func backgroundOnly(v ssa.Value) bool {
	elems, ok := ssaflow.VariadicElems(v)
	if !ok {
		return false
	}
	for _, e := range elems {
		mi, ok := e.(*ssa.MakeInterface)
		if !ok {
			return false
		}
		if knowledge.DeleteOptionPropagation(mi.X.Type()) == knowledge.PropagationNone {
			continue
		}
		c, ok := mi.X.(*ssa.Const)
		if !ok || c.Value == nil || c.Value.Kind() != constant.String || constant.StringVal(c.Value) != "Background" {
			return false
		}
	}
	return true
}

func inModule(pass *analysis.Pass, fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && (fn.Pkg() == pass.Pkg || ssapkg.InModule(pass, fn.Pkg().Path()))
}

// deferred reports whether an addition to obj in fn is its callers' to
// record: obj is the parameter the summary says fn adds a finalizer to,
// so each static call is an addition of the caller's argument
// (lifecycle.Addition through Helpers), and fn is called only so: a
// declared function or an unexported method (an exported one may
// implement a library's interface, called by code not seen) that the
// package never takes as a value. A call through a function value or an
// interface of the module is recorded by call, in any package.
func (s *finScan) deferred(fn *ssa.Function, obj ssa.Value) bool {
	if fn.Parent() != nil || ObjectType(obj) != nil {
		return false // a closure's, or an object whose type is known here
	}
	f, ok := fn.Object().(*types.Func)
	if !ok || s.values[f] || (f.Signature().Recv() != nil && f.Exported()) {
		return false
	}
	i := ssaflow.ParamIndex(fn, ssaflow.Strip(obj))
	p, ok := s.r.h.adds[f]
	return ok && i >= 0 && i == p
}

// valueRefs returns the package's functions that its code takes as
// values (a function value, a method value's wrapper, a method
// expression) rather than only calls.
func valueRefs(funcs []*ssa.Function) map[*types.Func]bool {
	out := map[*types.Func]bool{}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var static ssa.Value
				if call, ok := instr.(ssa.CallInstruction); ok && !call.Common().IsInvoke() {
					static = call.Common().Value
				}
				for _, op := range instr.Operands(ops[:0]) {
					g, ok := (*op).(*ssa.Function)
					if !ok || *op == static {
						continue
					}
					if obj, ok := g.Object().(*types.Func); ok {
						out[obj] = true
					}
				}
			}
		}
	}
	return out
}

// metaOwners returns the types of the objects a standalone ObjectMeta
// (an allocation) is copied into whole (obj.ObjectMeta = meta, or
// T{ObjectMeta: meta}); false when it goes anywhere else.
func metaOwners(v ssa.Value) ([]types.Type, bool) {
	alloc, ok := v.(*ssa.Alloc)
	if !ok || alloc.Referrers() == nil {
		return nil, false
	}
	var out []types.Type
	for _, ref := range *alloc.Referrers() {
		switch x := ref.(type) {
		case *ssa.FieldAddr:
			continue // its own fields being filled
		case *ssa.UnOp:
			if x.Op != token.MUL || x.Referrers() == nil {
				return nil, false
			}
			for _, use := range *x.Referrers() {
				st, ok := use.(*ssa.Store)
				if !ok || st.Val != x {
					return nil, false
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					return nil, false
				}
				t := ObjectType(fa.X)
				if t == nil || !ObjectParam(t) {
					return nil, false
				}
				out = append(out, t)
			}
		case *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return out, len(out) > 0
}
