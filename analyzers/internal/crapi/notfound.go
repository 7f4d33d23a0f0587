package crapi

import (
	"go/token"

	"golang.org/x/tools/go/ssa"
)

// NotFoundTest recognises cond, the condition of an If, as a test of
// whether an error is NotFound: apierrors.IsNotFound(err), its negation,
// or client.IgnoreNotFound(err) compared with nil. It returns the error
// tested and the index of the If's successor taken when that error is
// NotFound (0 the true edge, 1 the false one); an error other than
// NotFound takes the other edge, as IgnoreNotFound passes it through.
func NotFoundTest(cond ssa.Value) (err ssa.Value, notFound int, ok bool) {
	if not, isNot := cond.(*ssa.UnOp); isNot && not.Op == token.NOT {
		err, notFound, ok = NotFoundTest(not.X)
		return err, 1 - notFound, ok
	}
	if call, isCall := IsCallTo(cond, APIErrorsPkg, "IsNotFound"); isCall && len(call.Call.Args) == 1 {
		return call.Call.Args[0], 0, true
	}
	cmp, isCmp := cond.(*ssa.BinOp)
	if !isCmp || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return nil, 0, false
	}
	x, y := cmp.X, cmp.Y
	if isNilConst(x) {
		x, y = y, x
	}
	if !isNilConst(y) {
		return nil, 0, false
	}
	call, isCall := IsCallTo(x, ClientPkg, "IgnoreNotFound")
	if !isCall || len(call.Call.Args) != 1 {
		return nil, 0, false
	}
	// IgnoreNotFound(err) is nil for NotFound: the edge of "== nil".
	if cmp.Op == token.EQL {
		return call.Call.Args[0], 0, true
	}
	return call.Call.Args[0], 1, true
}

func isNilConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}
