package overwrittenerr

import (
	"maps"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// withUnwrapped returns from and the variables that an unwrapper
// (errors.As(err, &target)) filled, on every path to the store st, with
// an error of the chain of a value computed from from: st is in a block
// that only the true branch of that call leads to. target is then a part
// of the current error, and an error that wraps it still carries the
// failure.
func withUnwrapped(st *ssa.Store, from map[ssa.Value]bool) map[ssa.Value]bool {
	if len(from) == 0 {
		return from
	}
	var out map[ssa.Value]bool
	for _, b := range st.Parent().Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || len(b.Succs) != 2 || len(b.Succs[0].Preds) != 1 || !b.Succs[0].Dominates(st.Block()) {
			continue
		}
		call, ok := ifi.Cond.(*ssa.Call)
		if !ok {
			continue
		}
		src, into, ok := knowledge.ErrorUnwrapper(crapi.Callee(call.Common()))
		args := call.Common().Args
		if !ok || src >= len(args) || into >= len(args) || !ssaflow.DependsOn(args[src], from) {
			continue
		}
		if target, ok := ssaflow.Strip(args[into]).(*ssa.Alloc); ok && onlyZeroed(target) {
			if out == nil {
				out = maps.Clone(from)
			}
			out[target] = true
		}
	}
	if out == nil {
		return from
	}
	return out
}

// onlyZeroed reports whether the code stores nothing into alloc but its
// zero value (var target *T, a constant): what it holds comes from the unwrapper.
func onlyZeroed(alloc *ssa.Alloc) bool {
	for _, st := range ssaflow.StoresTo(alloc) {
		if _, zero := st.Val.(*ssa.Const); !zero {
			return false
		}
	}
	return true
}
