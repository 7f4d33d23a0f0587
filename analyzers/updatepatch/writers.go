package updatepatch

import (
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
// known: a ConfigMap, a Service that is not a LoadBalancer.
func (c *checker) namedWriter(t types.Type, ctls []*ctrlmodel.Controller, steps *objects.Steps) (string, bool) {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil {
		return "", false
	}
	if rows, known := knowledge.Writers(n); known {
		for _, w := range rows {
			if w.When == nil {
				return "whose " + w.Part + " " + w.Writer + " also writes", true
			}
			if c.mayHold(t, w, steps) {
				return "whose " + w.Part + " " + w.Writer + " also writes (when its " + w.When.Name + " is " + w.When.Value + ", which this code may set)", true
			}
		}
		return "", false
	}
	if name := c.otherController(t, ctls); name != "" {
		return "which " + name + " also writes", true
	}
	if !hasStatus(t) {
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

// mayHold reports whether an object of type t may meet the condition of
// row w. On the object's path since its fetch (steps), the last word is
// a store into the field: its constant, or a value not known (which may be
// it). Without one, the object is as it was made: the condition may hold
// when code of this package, or of a package of the module it imports,
// sets the field to the value or to one it does not know.
func (c *checker) mayHold(t types.Type, w knowledge.Writer, steps *objects.Steps) bool {
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
	return slices.Contains(c.conditions(), conditionKey(w))
}

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
		}
		return true
	}
	return visit(v)
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
