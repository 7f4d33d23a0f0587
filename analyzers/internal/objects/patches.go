package objects

import (
	"fmt"
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// RawPatchData returns the text of patch, the patch argument of a client
// Patch, when it is client.RawPatch(type, data) and data is known at
// analysis time: a constant, a concatenation of constants, or fmt.Sprintf
// of a constant format with constant arguments
// (ydb-kubernetes-operator's
// fmt.Sprintf(`{"metadata": {"annotations": {"%s": null}}}`, key)). Beside
// MergeBase, it says what a patch writes; ok is false for any other patch,
// whose content only the running program knows.
func RawPatchData(patch ssa.Value) (string, bool) {
	call, ok := crapi.IsCallTo(ssaflow.Strip(patch), crapi.ClientPkg, "RawPatch")
	if !ok || len(call.Call.Args) != 2 {
		return "", false
	}
	return constText(call.Call.Args[1], 0)
}

// constText evaluates v, a string or a byte slice, when it is a constant,
// a conversion, a concatenation or an fmt.Sprintf of such values.
func constText(v ssa.Value, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value == nil || x.Value.Kind() != constant.String {
			return "", false
		}
		return constant.StringVal(x.Value), true
	case *ssa.Convert:
		return constText(x.X, depth+1)
	case *ssa.BinOp:
		if x.Op != token.ADD {
			return "", false
		}
		a, ok := constText(x.X, depth+1)
		if !ok {
			return "", false
		}
		b, ok := constText(x.Y, depth+1)
		return a + b, ok
	case *ssa.Call:
		if !crapi.IsFuncIn(crapi.Callee(x.Common()), "fmt", "Sprintf") || len(x.Call.Args) != 2 {
			return "", false
		}
		format, ok := constText(x.Call.Args[0], depth+1)
		if !ok {
			return "", false
		}
		elems, ok := ssaflow.VariadicElems(x.Call.Args[1])
		if !ok {
			return "", false
		}
		args := make([]any, len(elems))
		for i, e := range elems {
			if mi, isIface := e.(*ssa.MakeInterface); isIface {
				e = mi.X
			}
			c, isConst := e.(*ssa.Const)
			if !isConst || c.Value == nil {
				return "", false
			}
			switch c.Value.Kind() {
			case constant.String:
				args[i] = constant.StringVal(c.Value)
			case constant.Int:
				n, exact := constant.Int64Val(c.Value)
				if !exact {
					return "", false
				}
				args[i] = n
			case constant.Bool:
				args[i] = constant.BoolVal(c.Value)
			default:
				return "", false
			}
		}
		return fmt.Sprintf(format, args...), true
	}
	return "", false
}
