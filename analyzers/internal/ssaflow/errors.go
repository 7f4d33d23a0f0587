package ssaflow

import (
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// ErrorCarriers returns the values of fn that hold the error err: err
// itself, phis merging it, and wrappers of it (fmt.Errorf, pkg/errors).
func ErrorCarriers(fn *ssa.Function, err ssa.Value) map[ssa.Value]bool {
	set := map[ssa.Value]bool{err: true}
	// Only phis and wrapper calls can carry the error onwards.
	var cands []ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch v := instr.(type) {
			case *ssa.Phi:
				cands = append(cands, v)
			case *ssa.Call:
				if IsErrorWrapper(v) {
					cands = append(cands, v)
				}
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, v := range cands {
			if set[v] {
				continue
			}
			switch v := v.(type) {
			case *ssa.Phi:
				for _, e := range v.Edges {
					if set[e] {
						set[v], changed = true, true
						break
					}
				}
			case *ssa.Call:
				for c := range set {
					if PassedTo(c, v.Common()) {
						set[v], changed = true, true
						break
					}
				}
			}
		}
	}
	return set
}

// IsErrorWrapper reports whether call returns an error that wraps or annotates
// its error argument.
func IsErrorWrapper(call *ssa.Call) bool {
	return knowledge.CarriesError(crapi.Callee(call.Common()))
}
