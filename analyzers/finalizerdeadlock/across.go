package finalizerdeadlock

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// The variant across functions: a controller adds its finalizer to the
// objects it provisions (often in a helper that fetches each one), a loop
// over them skips the terminating ones, and the removal lives in a cleanup
// helper that runs only when the parent is being deleted. A child deleted
// on its own keeps the finalizer for ever.

// packageFinalizers is what the package's functions do to the finalizers
// of each object type (by its type string).
type packageFinalizers struct {
	objs *objects.Result
	// added: types that get a finalizer somewhere in the package.
	added map[string]bool
	// removers: per type, the functions that remove a finalizer from an
	// object of that type, with one removal each for the message.
	removers map[string]map[*ssa.Function]lifecycle.FinalizerOp
	// callers: the static call sites of each function of the package.
	callers map[*ssa.Function][]ssa.CallInstruction
}

func newPackageFinalizers(objs *objects.Result, funcs []*ssa.Function) *packageFinalizers {
	p := &packageFinalizers{objs: objs, added: map[string]bool{}, removers: map[string]map[*ssa.Function]lifecycle.FinalizerOp{},
		callers: ssaflow.StaticCallers(funcs)}
	for _, fn := range funcs {
		ev := objs.Lifecycle(fn)
		for _, op := range ev.Additions {
			if t := concreteType(op.Obj); t != "" {
				p.added[t] = true
			}
		}
		for _, op := range ev.Removals {
			if t := concreteType(op.Obj); t != "" {
				if p.removers[t] == nil {
					p.removers[t] = map[*ssa.Function]lifecycle.FinalizerOp{}
				}
				if _, seen := p.removers[t][fn]; !seen {
					p.removers[t][fn] = op
				}
			}
		}
	}
	return p
}

// concreteType names the object type of v, "" for an interface.
func concreteType(v ssa.Value) string {
	t := ssaflow.Deref(v.Type())
	if _, ok := t.Underlying().(*types.Struct); !ok {
		return ""
	}
	return types.TypeString(t, nil)
}

// onlyWhenOtherTerminating reports whether every path to fn in the
// package goes through the terminating side of a deletion test of an
// object of another type than typ; it returns that object's type.
func (p *packageFinalizers) onlyWhenOtherTerminating(fn *ssa.Function, typ string) (string, bool) {
	obj, ok := lifecycle.CalledOnlyTerminating(p.callers, fn, p.objs, func(obj ssa.Value) bool {
		t := concreteType(obj)
		return t != "" && t != typ
	})
	if !ok {
		return "", false
	}
	return concreteType(obj), true
}

// checkSkippedChildren reports a deletion test of an object whose
// terminating side skips it (returns or goes on without removing a
// finalizer from it, or handing it to code that might), when its type
// gets a finalizer in the package and every function that removes one
// runs only while an object of another type is terminating.
func (c *checker) checkSkippedChildren(p *packageFinalizers) {
	done := map[ssa.Value]bool{}
	for _, t := range c.tests {
		x := c.objs.Key(c.fn, t.obj)
		typ := concreteType(t.obj)
		if done[x] || typ == "" || !p.added[typ] || c.removesAny(x) || len(p.removers[typ]) == 0 {
			continue
		}
		term := t.block.Succs[1]
		if t.whenDeleting {
			term = t.block.Succs[0]
		}
		skipped := true
		for b := range ssaflow.Reachable(term, nil) {
			for _, instr := range b.Instrs {
				if c.mayRemoveUnknown(instr, x) {
					skipped = false // handed to code that might remove it
				}
			}
		}
		if !skipped {
			continue
		}
		var parent string
		var removal lifecycle.FinalizerOp
		ok := true
		for rf, op := range p.removers[typ] {
			if rf == c.fn {
				ok = false
				break
			}
			pt, only := p.onlyWhenOtherTerminating(rf, typ)
			if !only {
				ok = false
				break
			}
			if removal.Instr == nil || op.Instr.Pos() < removal.Instr.Pos() {
				parent, removal = pt, op
			}
		}
		if !ok {
			continue
		}
		node := condExpr(c.fn, t.pos)
		if node == nil {
			continue
		}
		done[x] = true
		fin := "its finalizer"
		if name := removal.FinalizerName(); name != "" {
			fin = fmt.Sprintf("finalizer %q", name)
		}
		diag.Report(c.pass, analysis.Diagnostic{
			Pos: node.Pos(), End: node.End(),
			Related: []analysis.RelatedInformation{{Pos: removal.Instr.Pos(), Message: "removed here, only while the " + short(parent) + " is being deleted"}},
			Message: fmt.Sprintf("this skips a terminating %s, and %s is removed from %s objects only in %s, which runs only while the %s is being deleted: a %s deleted on its own keeps the finalizer for ever; remove the finalizer here when its deletion timestamp is set",
				short(typ), fin, short(typ), removal.Instr.Parent().Name(), short(parent), short(typ)),
		})
	}
}

// short drops the package path of a type string: v1.Secret.
func short(t string) string {
	for i := len(t) - 1; i >= 0; i-- {
		if t[i] == '/' {
			return t[i+1:]
		}
	}
	return t
}
