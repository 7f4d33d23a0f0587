package resulterr

import (
	"go/ast"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// checkDeferred reports the requeues a deferred closure of fn assigns to
// fn's named Result while fn's named error may be non-nil. A function with
// named results returns what they hold after its deferred calls ran, so
// `res = ctrl.Result{RequeueAfter: d}` in a deferred status patch
// (k0smotron's K0sControlPlane controller) goes out with whatever error
// the reconcile chose. An assignment the closure makes only where the
// error is nil (if err == nil, after if err != nil { return }), or next to
// one that clears the error, is not reported.
func checkDeferred(pass *analysis.Pass, fn *ssa.Function, at int, fw *forwarding) {
	resVar, errVar := ssaflow.NamedResult(fn, at), ssaflow.NamedResult(fn, at+1)
	if resVar == nil || errVar == nil {
		return
	}
	for _, d := range ssaflow.DeferredClosures(fn) {
		resFV := d.FreeVarOf(resVar)
		if resFV == nil {
			continue
		}
		errFV := d.FreeVarOf(errVar)
		if errFV != nil && storesNil(d.Fn, errFV) {
			continue // the closure decides the error too
		}
		if !mayStoreError(fn, errVar) && (errFV == nil || !mayStoreError(d.Fn, errFV)) {
			continue // nothing ever puts an error in the result
		}
		for _, st := range ssaflow.StoresInto(d.Fn, resFV) {
			if !storeRequeues(st, resFV) || ssaflow.Dead(st.Block()) {
				continue
			}
			if errFV != nil && ssaflow.HoldsAt(st.Block(), func(cond ssa.Value, onTrue bool) bool {
				x, nilOnTrue, ok := ssaflow.NilTest(cond)
				return ok && onTrue == nilOnTrue && ssaflow.IsLoadOf(x, errFV)
			}) {
				continue
			}
			if !fw.reaches(fn, 0) {
				return
			}
			reportDeferred(pass, d.Fn, st)
		}
	}
}

// storeRequeues reports whether st, a store into the Result variable v or
// into one of its fields, asks for a requeue.
func storeRequeues(st *ssa.Store, v ssa.Value) bool {
	if st.Addr == v {
		return crapi.ResultRequeue(st.Val) == crapi.RequeueSet
	}
	fa := st.Addr.(*ssa.FieldAddr)
	switch ssaflow.FieldName(v.Type(), fa.Field) {
	case "Requeue", "RequeueAfter":
		return !provablyZero(st.Val, 0)
	}
	return false
}

// storesNil reports whether fn assigns nil to the error variable v.
func storesNil(fn *ssa.Function, v ssa.Value) bool {
	for _, st := range ssaflow.StoresInto(fn, v) {
		if st.Addr == v && ssaflow.IsNil(st.Val) {
			return true
		}
	}
	return false
}

// mayStoreError reports whether fn assigns the error variable v a value
// that may be non-nil (return ..., err stores into a named result).
func mayStoreError(fn *ssa.Function, v ssa.Value) bool {
	for _, st := range ssaflow.StoresInto(fn, v) {
		if st.Addr == v && mayBeNonNil(st.Val, 0) {
			return true
		}
	}
	return false
}

// reportDeferred reports the assignment statement of st.
func reportDeferred(pass *analysis.Pass, closure *ssa.Function, st *ssa.Store) {
	lit, ok := closure.Syntax().(*ast.FuncLit)
	if !ok {
		return
	}
	var stmt *ast.AssignStmt
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && a.Pos() <= st.Pos() && st.Pos() < a.End() {
			stmt = a
		}
		return stmt == nil
	})
	if stmt == nil || len(stmt.Rhs) != 1 {
		return
	}
	field := requeueField(stmt.Rhs[0])
	if sel, ok := stmt.Lhs[0].(*ast.SelectorExpr); ok {
		field = sel.Sel.Name
	}
	what := "a Result that asks for a requeue"
	if field != "" {
		what = "a Result with " + field + " set"
	}
	diag.Reportf(pass, stmt, nil, "%s is set by a deferred function while the error result may be non-nil: the function returns both, and when the error is non-nil controller-runtime ignores the Result's requeue and retries with error backoff (logging a warning since v0.16); set the Result only when the error is nil (if err == nil), or clear the error with it", what)
}
