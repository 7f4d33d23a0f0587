package updatepatch

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// This file decides who else writes an object: a Kubernetes component
// (the knowledge table, with its conditions on the object), another
// controller of the package (the controller model), the controller of a
// custom resource of the module, or the operator of another API group.

// Conditions is the package fact of a package of the module that may set
// the field of a condition of the writers table to its value (or to a
// value it does not know): a Service built there may be of type
// LoadBalancer. A reconciler updating a Service it fetched counts the
// service controller when its package, or a package of the module it
// imports, may make one.
type Conditions struct {
	Keys []string
}

// AFact implements analysis.Fact.
func (*Conditions) AFact() {}

func (f *Conditions) String() string { return "conditions(" + strings.Join(f.Keys, " ") + ")" }

// conditionKey names the condition of a row: the object type and the
// field, with the value, as the fact keeps it.
func conditionKey(w knowledge.Writer) string {
	return w.Pkg + "." + w.Type + " " + w.When.Name + "=" + w.When.Value
}

// namedWriter returns, for the message, who else writes an object of type
// t that the controllers ctls update (their For types already excluded):
// "whose status the deployment controller also writes". steps are the
// object's changes since it was fetched, nil when only its type is known
// (an Update in another package). ok is false when no other writer is
// known: a ConfigMap, a Service that is not a LoadBalancer. holds says
// whether the object may meet a conditional row's condition (mayHold).
func (c *checker) namedWriter(t types.Type, ctls []*ctrlmodel.Controller, holds func(knowledge.Writer) bool) (string, bool) {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return "", false
	}
	if rows, known := knowledge.Writers(n); known {
		for _, w := range rows {
			if w.When == nil {
				return "whose " + w.Part + " " + w.Writer + " also writes", true
			}
			if holds(w) {
				return "whose " + w.Part + " " + w.Writer + " also writes (when its " + w.When.Name + " is " + w.When.Value + ", which this code may set)", true
			}
		}
		return "", false
	}
	if name := c.otherController(t, ctls); name != "" {
		return "which " + name + " also writes", true
	}
	if objects.StatusField(t) == nil {
		return "", false
	}
	path := n.Obj().Pkg().Path()
	switch {
	case knowledge.BuiltinAPI(path):
		return "whose status another controller also writes", true
	case c.inModule(path):
		// A custom resource of the module no controller of this package
		// is For: its own controller writes its status.
		return "whose status its controller also writes", true
	}
	if c.owns != nil && c.owns.CreatesOwned(t) {
		// The operator's own child of an outside API: whether that API's
		// operator writes it is not known (istiod writes the status of a
		// VirtualService only with status reporting on, off by default:
		// worker-operator's).
		return "", false
	}
	if g := knowledge.APIGroup(n.Obj().Pkg()); g != "" {
		return "which the operator of API group " + g + " also writes", true
	}
	return "which the operator of its API (" + path + ") also writes", true
}

// inModule reports whether the package path is of the module analysed;
// true when the module is not known.
func (c *checker) inModule(path string) bool {
	m := c.pass.Module
	if m == nil || m.Path == "" {
		return true
	}
	return path == m.Path || strings.HasPrefix(path, m.Path+"/")
}

// otherController names a controller of the package's model, not one of
// ctls, that is For objects of type t: "the FooReconciler controller (For
// v1.Foo)"; "" if none.
func (c *checker) otherController(t types.Type, ctls []*ctrlmodel.Controller) string {
	if c.model == nil || ctrlmodel.DynamicKind(ssaflow.Deref(t)) {
		return ""
	}
	mine := map[*ctrlmodel.Chain]bool{}
	for _, ctl := range ctls {
		for _, ch := range ctl.Chains {
			mine[ch] = true
		}
	}
	for _, ch := range c.model.Chains {
		if mine[ch] {
			continue
		}
		for _, call := range ch.Find(ctrlmodel.For) {
			if call.Object == nil || !ctrlmodel.SameKind(ssaflow.Deref(call.Object), ssaflow.Deref(t)) {
				continue
			}
			for _, r := range ch.Reconcilers() {
				if rn := crapi.Named(r); rn != nil {
					return "the " + rn.Obj().Name() + " controller (For " + crapi.ObjectTypeString(t) + ")"
				}
			}
			return "another controller of this package (For " + crapi.ObjectTypeString(t) + ")"
		}
	}
	return ""
}

// mayHold reports whether an object of type t, updated in fn, may meet
// the condition of row w. On the object's path since its fetch (steps),
// the last word is a store into the field: its constant, or a value not
// known (which may be it). Without one, the object is as it was made: by
// fn itself when fn also creates objects of type t (a get-or-create: the
// condition may hold if a store of fn into the field may meet it; none
// leaves the default, which no condition is); otherwise the condition
// may hold when code of this package, or of a package of the module it
// imports, sets the field to the value or to one it does not know.
func (c *checker) mayHold(fn *ssa.Function, t types.Type, w knowledge.Writer, steps *objects.Steps) bool {
	field := w.When.Resolve(t)
	if field == nil {
		return true // not a field of t: cannot tell, count the writer
	}
	if steps != nil {
		var holds, set bool
		for _, in := range steps.Changes {
			if v, ok := storedInto(in, field); ok {
				set = true
				holds = holds || mayBe(v, w.When)
			}
		}
		if set {
			return holds
		}
	}
	if fn != nil && c.owns.CreatesIn(fn, t) {
		return storesMayMeet(fn, field, w.When)
	}
	return slices.Contains(c.conditions(), conditionKey(w))
}

// storesMayMeet reports whether a store of fn (or of its closures) into
// the field may meet the condition.
func storesMayMeet(fn *ssa.Function, field *types.Var, cond *knowledge.Condition) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := storedInto(instr, field); ok && mayBe(v, cond) {
				return true
			}
			if holdsField(instr, field) {
				return true // the struct holding it stored whole: not known
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if storesMayMeet(anon, field, cond) {
			return true
		}
	}
	return false
}

// holdsField reports whether instr stores a whole struct value that has
// the field (svc.Spec = spec()), whose value there is not known. A
// struct literal built in the function (Spec: corev1.ServiceSpec{...})
// is known: its field stores are instructions of the function, and a
// field it does not set keeps the default.
func holdsField(instr ssa.Instruction, field *types.Var) bool {
	st, ok := instr.(*ssa.Store)
	if !ok {
		return false
	}
	if load, ok := st.Val.(*ssa.UnOp); ok && load.Op == token.MUL {
		if alloc, ok := load.X.(*ssa.Alloc); ok && alloc.Parent() == instr.Parent() && literalOnly(alloc) {
			return false
		}
	}
	s, ok := st.Val.Type().Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for f := range s.Fields() {
		if f == field {
			return true
		}
	}
	return false
}

// literalOnly reports whether the local struct alloc is only written
// through its fields' addresses and read whole: a composite literal, whose
// every field store is an instruction of its function.
func literalOnly(alloc *ssa.Alloc) bool { return addrLocal(alloc, 0) }

// addrLocal reports whether the address addr is only stored to, loaded
// from, or taken a field of (the same again), never handed on.
func addrLocal(addr ssa.Value, depth int) bool {
	if depth > maxFieldDepth {
		return false
	}
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr:
			if !addrLocal(r, depth+1) {
				return false
			}
		case *ssa.Store:
			if r.Addr != addr {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return false
			}
		case *ssa.DebugRef:
		default:
			return false
		}
	}
	return true
}

// maxFieldDepth bounds the nesting of struct literals addrLocal follows.
const maxFieldDepth = 6

// storedInto returns the value instr stores into the field, if it is such
// a store.
func storedInto(instr ssa.Instruction, field *types.Var) (ssa.Value, bool) {
	st, ok := instr.(*ssa.Store)
	if !ok {
		return nil, false
	}
	fa, ok := st.Addr.(*ssa.FieldAddr)
	if !ok || fieldOf(fa) != field {
		return nil, false
	}
	return st.Val, true
}

// mayBe reports whether the value v may meet the condition: one of the
// constants it is (through conversions and the edges of phis) is the
// condition's value, or it may be something else than a constant.
func mayBe(v ssa.Value, cond *knowledge.Condition) bool {
	seen := map[ssa.Value]bool{}
	var visit func(v ssa.Value) bool
	visit = func(v ssa.Value) bool {
		v = ssaflow.StripConv(v)
		if seen[v] {
			return false
		}
		seen[v] = true
		switch v := v.(type) {
		case *ssa.Const:
			return cond.Holds(v.Value)
		case *ssa.Phi:
			for _, e := range v.Edges {
				if visit(e) {
					return true
				}
			}
			return false
		case *ssa.Field:
			// spec().Type: the field of what a function of the package
			// returns, as it stores it there.
			return fieldOfCallMayBe(v.X, v.Field, visit)
		case *ssa.UnOp:
			// want := spec(); ... want.Type: the field of a local
			// struct, as its stores give it.
			fa, ok := v.X.(*ssa.FieldAddr)
			if !ok || v.Op != token.MUL {
				return true
			}
			alloc, ok := fa.X.(*ssa.Alloc)
			if !ok {
				return true
			}
			for _, ref := range *alloc.Referrers() {
				switch ref := ref.(type) {
				case *ssa.Store:
					if ref.Addr == alloc && fieldOfCallMayBe(ref.Val, fa.Field, visit) {
						return true
					}
				case *ssa.FieldAddr:
					if ref.Field == fa.Field && anyMayBe(ref, visit) {
						return true
					}
				case *ssa.UnOp, *ssa.DebugRef:
				default:
					return true // the local escapes
				}
			}
			return false
		}
		return true
	}
	return visit(v)
}

// anyMayBe reports whether a value stored at fa may meet the condition
// (visit), or fa escapes, so that what it holds is not known.
func anyMayBe(fa *ssa.FieldAddr, visit func(ssa.Value) bool) bool {
	stores, escapes := ssaflow.FieldStores(fa)
	if escapes {
		return true
	}
	for _, v := range stores {
		if visit(v) {
			return true
		}
	}
	return false
}

// fieldOfCallMayBe reports whether field i of the struct value x may
// meet the condition: x the result of a static call of a function of the
// package (returnedFieldMayBe); any other value may.
func fieldOfCallMayBe(x ssa.Value, i int, visit func(ssa.Value) bool) bool {
	call, ok := x.(*ssa.Call)
	if !ok {
		return true
	}
	callee := call.Common().StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || callee.Pkg != call.Parent().Pkg {
		return true
	}
	return returnedFieldMayBe(callee, i, visit)
}

// returnedFieldMayBe reports whether field i of a struct fn returns may
// meet the condition (visit): each return of a struct built in a local
// (the SSA of a composite literal) has the value stored in its field, or
// the zero value when none is; any other return may.
func returnedFieldMayBe(fn *ssa.Function, i int, visit func(ssa.Value) bool) bool {
	for _, b := range fn.Blocks {
		ret, ok := ssaflow.Last(b).(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		load, ok := ret.Results[0].(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			return true
		}
		alloc, ok := load.X.(*ssa.Alloc)
		if !ok {
			return true
		}
		for _, ref := range *alloc.Referrers() {
			fa, ok := ref.(*ssa.FieldAddr)
			if !ok {
				if _, isLoad := ref.(*ssa.UnOp); isLoad {
					continue
				}
				return true // the local escapes or is stored whole
			}
			if fa.Field == i && anyMayBe(fa, visit) {
				return true
			}
		}
	}
	return false
}

// fieldOf returns the field a FieldAddr points to, or nil.
func fieldOf(fa *ssa.FieldAddr) *types.Var {
	p, ok := types.Unalias(fa.X.Type()).Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	s, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= s.NumFields() {
		return nil
	}
	return s.Field(fa.Field)
}

// conditions returns the keys of the conditions that code of this
// package or of a package of the module it imports may meet: this
// package's (computed once, exported as a fact) and its imports' facts.
func (c *checker) conditions() []string {
	if c.conds != nil {
		return c.conds
	}
	c.conds = slices.Clone(c.localConditions())
	for _, f := range c.pass.AllPackageFacts() {
		if fc, ok := f.Fact.(*Conditions); ok {
			c.conds = append(c.conds, fc.Keys...)
		}
	}
	slices.Sort(c.conds)
	c.conds = slices.Compact(c.conds)
	if c.conds == nil {
		c.conds = []string{}
	}
	return c.conds
}

// localConditions scans the package's functions for stores into the
// fields of the table's conditions, of their value or of a value not
// known.
func (c *checker) localConditions() []string {
	if c.local != nil {
		return c.local
	}
	c.local = []string{}
	// The rows with a condition by the name of their field; each field is
	// resolved in the package that declares it, which must be the type's.
	byName := map[string][]knowledge.Writer{}
	for _, w := range knowledge.WriterRows() {
		if w.When != nil && len(w.When.Field) > 0 {
			leaf := w.When.Field[len(w.When.Field)-1]
			byName[leaf] = append(byName[leaf], w)
		}
	}
	resolved := map[string]*types.Var{}
	match := func(f *types.Var) (knowledge.Writer, bool) {
		if f == nil || f.Pkg() == nil {
			return knowledge.Writer{}, false
		}
		for _, w := range byName[f.Name()] {
			if w.Pkg != f.Pkg().Path() {
				continue
			}
			key := conditionKey(w)
			rf, ok := resolved[key]
			if !ok {
				if obj, isType := f.Pkg().Scope().Lookup(w.Type).(*types.TypeName); isType {
					rf = w.When.Resolve(obj.Type())
				}
				resolved[key] = rf
			}
			if rf == f {
				return w, true
			}
		}
		return knowledge.Writer{}, false
	}
	for _, fn := range c.funcs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				st, ok := in.(*ssa.Store)
				if !ok {
					continue
				}
				fa, ok := st.Addr.(*ssa.FieldAddr)
				if !ok {
					continue
				}
				w, ok := match(fieldOf(fa))
				if !ok {
					continue
				}
				if mayBe(st.Val, w.When) {
					c.local = append(c.local, conditionKey(w))
				}
			}
		}
	}
	slices.Sort(c.local)
	c.local = slices.Compact(c.local)
	return c.local
}

// exportConditions exports the package's Conditions fact, if any.
func (c *checker) exportConditions() {
	if keys := c.localConditions(); len(keys) > 0 {
		c.pass.ExportPackageFact(&Conditions{Keys: keys})
	}
}
