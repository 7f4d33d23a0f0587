package crapi

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// SourcePkg is where controller-runtime's event sources live.
const SourcePkg = "sigs.k8s.io/controller-runtime/pkg/source"

// SourceChannel recognises a call of source.Channel or source.TypedChannel
// and returns its channel argument (a conversion to a receive-only channel
// left in place).
func SourceChannel(cc *ssa.CallCommon) (ssa.Value, bool) {
	if cc == nil || !IsFuncIn(Callee(cc), SourcePkg, "Channel", "TypedChannel") {
		return nil, false
	}
	args := CallArgs(cc)
	if len(args) == 0 {
		return nil, false
	}
	return args[0], true
}

// IsSourceFunc reports whether t is source.TypedFunc (source.Func is an
// alias of it): a function that starts a source with a context and the
// controller's queue.
func IsSourceFunc(t types.Type) bool {
	return IsNamed(t, SourcePkg, "TypedFunc")
}
