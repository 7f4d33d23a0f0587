package finalizerreturn

// This file decides whether a return lies behind a test of the object's
// generation ("already reconciled"): not a reason to skip deletion, since
// the API server bumps the generation of a newly terminating object.

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// generationGated reports whether block b is reached only on a side of a
// test of obj's generation (obj.Generation == obj.Status.ObservedGeneration,
// or a helper of the package given obj that reads its generation, such as
// isAlreadyReconciled(obj)). The API server bumps the generation when it
// sets the deletion timestamp of an object with finalizers (apiserver's
// rest.BeforeDelete), so an "already reconciled" gate lets a newly
// terminating object through to its deletion branch.
func generationGated(fn *ssa.Function, objs *objects.Result, obj ssa.Value, b *ssa.BasicBlock) bool {
	for _, blk := range fn.Blocks {
		ifi, ok := ssaflow.Last(blk).(*ssa.If)
		if !ok || !blk.Dominates(b) || blk == b {
			continue
		}
		for _, side := range blk.Succs {
			if len(side.Preds) == 1 && side.Dominates(b) && readsGeneration(fn, objs, obj, ifi.Cond, 0) {
				return true
			}
		}
	}
	return false
}

// readsGeneration reports whether cond is computed from obj's generation:
// a load of its Generation field or GetGeneration(), through operators,
// or a call of a function of the package given obj whose body reads its
// parameter's.
func readsGeneration(fn *ssa.Function, objs *objects.Result, obj, v ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch v := v.(type) {
	case *ssa.UnOp:
		if fa, ok := v.X.(*ssa.FieldAddr); ok && v.Op == token.MUL && generationField(fa) {
			root := ssaflow.Strip(fa.X)
			if inner, ok := root.(*ssa.FieldAddr); ok {
				root = inner.X // obj.ObjectMeta.Generation
			}
			return root == obj || objs.Same(fn, root, obj)
		}
		return readsGeneration(fn, objs, obj, v.X, depth+1)
	case *ssa.BinOp:
		return readsGeneration(fn, objs, obj, v.X, depth+1) || readsGeneration(fn, objs, obj, v.Y, depth+1)
	case *ssa.Phi:
		for _, e := range v.Edges {
			if readsGeneration(fn, objs, obj, e, depth+1) {
				return true
			}
		}
	case *ssa.Call:
		callee := crapi.Callee(v.Common())
		if callee != nil && callee.Name() == "GetGeneration" && callee.Signature().Recv() != nil {
			r := crapi.Receiver(v.Common())
			if r == nil {
				return false
			}
			r = lifecycle.ObjectOf(r) // &obj.ObjectMeta stands for obj
			return r == obj || objs.Same(fn, r, obj)
		}
		sc := v.Call.StaticCallee()
		if sc == nil || len(sc.Blocks) == 0 || sc.Pkg != fn.Pkg || len(sc.Params) != len(v.Call.Args) || depth > 0 {
			return false
		}
		for i, a := range v.Call.Args {
			if a == obj || objs.Same(fn, a, obj) {
				for _, blk := range sc.Blocks {
					for _, instr := range blk.Instrs {
						if val, ok := instr.(ssa.Value); ok && readsGeneration(sc, objs, sc.Params[i], val, 5) {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// generationField reports whether fa addresses ObjectMeta.Generation.
func generationField(fa *ssa.FieldAddr) bool {
	st, ok := ssaflow.Deref(fa.X.Type()).Underlying().(*types.Struct)
	return ok && st.Field(fa.Field).Name() == "Generation" && isObjectMeta(ssaflow.Deref(fa.X.Type()))
}

// isObjectMeta reports whether t is metav1.ObjectMeta.
func isObjectMeta(t types.Type) bool {
	n := crapi.Named(t)
	return n != nil && n.Obj().Name() == "ObjectMeta" && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == lifecycle.MetaV1Pkg
}
