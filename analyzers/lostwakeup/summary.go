package lostwakeup

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxCallDepth bounds how deep helper contexts follow the package's own
// calls.
const maxCallDepth = 4

// phrase describes the write for a message: "creating a v1.Job",
// "updating the status of a v1.StatefulSet".
func phrase(w objects.Write) string {
	t := crapi.ObjectTypeString(w.Type)
	switch {
	case w.Method == "CreateOrUpdate" || w.Method == "CreateOrPatch":
		return fmt.Sprintf("%s of a %s", w.Method, t)
	case w.Sub:
		return fmt.Sprintf("%s the status of a %s", verb(w.Method), t)
	}
	return fmt.Sprintf("%s a %s", verb(w.Method), t)
}

func verb(m string) string {
	switch crapi.ClientMethod(m) {
	case crapi.Create:
		return "creating"
	case crapi.Update:
		return "updating"
	case crapi.Patch:
		return "patching"
	case crapi.Delete:
		return "deleting"
	case crapi.DeleteAllOf:
		return "deleting all of"
	case crapi.Apply:
		return "applying"
	}
	return "writing"
}

// local returns the function of the analysed package that cc calls
// statically (a closure included), nil otherwise.
func (a *analyzer) local(cc *ssa.CallCommon) *ssa.Function {
	return ssaflow.LocalCallee(cc, a.pass.Pkg)
}

// clientish reports whether the call may call the API server: a client
// method, a function of the package that does, or a call of unseen code
// handed a client.
func (a *analyzer) clientish(cc *ssa.CallCommon) bool {
	return a.objs.CallAccess(cc).ClientCalls
}

// sameKind reports whether object types a and b (pointers or not) are the
// same kind.
func sameKind(a, b types.Type) bool {
	if a == nil || b == nil {
		return false
	}
	return ctrlmodel.SameKind(ssaflow.Deref(a), ssaflow.Deref(b))
}

// maxDependDepth bounds the walk of dependsOn.
const maxDependDepth = 24

// dependsOn reports whether v is computed from one of roots: by a field,
// element, map lookup, comparison, arithmetic, conversion, call argument
// or phi, or as a local whose memory is filled from one. It is wider than
// ssaflow.DerivesFrom, which does not look through comparisons: the
// conditions this check follows are comparisons.
func dependsOn(v ssa.Value, roots map[ssa.Value]bool) bool {
	return depends(v, roots, map[ssa.Value]bool{}, 0)
}

func depends(v ssa.Value, roots map[ssa.Value]bool, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > maxDependDepth {
		return false
	}
	if roots[v] {
		return true
	}
	seen[v] = true
	d := depth + 1
	switch x := v.(type) {
	case *ssa.BinOp:
		return depends(x.X, roots, seen, d) || depends(x.Y, roots, seen, d)
	case *ssa.UnOp:
		return depends(x.X, roots, seen, d)
	case *ssa.Field:
		return depends(x.X, roots, seen, d)
	case *ssa.FieldAddr:
		return depends(x.X, roots, seen, d)
	case *ssa.Index:
		return depends(x.X, roots, seen, d) || depends(x.Index, roots, seen, d)
	case *ssa.IndexAddr:
		return depends(x.X, roots, seen, d) || depends(x.Index, roots, seen, d)
	case *ssa.Lookup:
		return depends(x.X, roots, seen, d) || depends(x.Index, roots, seen, d)
	case *ssa.Slice:
		return depends(x.X, roots, seen, d)
	case *ssa.ChangeType:
		return depends(x.X, roots, seen, d)
	case *ssa.Convert:
		return depends(x.X, roots, seen, d)
	case *ssa.MakeInterface:
		return depends(x.X, roots, seen, d)
	case *ssa.ChangeInterface:
		return depends(x.X, roots, seen, d)
	case *ssa.TypeAssert:
		return depends(x.X, roots, seen, d)
	case *ssa.Extract:
		return depends(x.Tuple, roots, seen, d)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if depends(e, roots, seen, d) {
				return true
			}
		}
	case *ssa.Call:
		if x.Call.IsInvoke() && depends(x.Call.Value, roots, seen, d) {
			return true
		}
		for _, a := range x.Call.Args {
			if depends(a, roots, seen, d) {
				return true
			}
		}
	case *ssa.Alloc:
		for _, st := range ssaflow.StoresTo(x) {
			if depends(st.Val, roots, seen, d) {
				return true
			}
		}
	}
	return false
}
