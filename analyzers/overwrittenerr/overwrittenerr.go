package overwrittenerr

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports deferred functions that overwrite the error result.
var Analyzer = &analysis.Analyzer{
	Name:     "overwrittenerr",
	Doc:      checkdoc.MustExtract(doc, "overwrittenerr"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	if len(ssapkg.Of(pass).SrcFuncs()) == 0 {
		return nil, nil // a dependency, or a package with nothing of Kubernetes
	}
	checkShadows(pass)
	prog := ssapkg.Of(pass)
	for _, fn := range slices.Concat(prog.SrcFuncs(), prog.InitFuncs()) {
		cell := errorResult(fn)
		if cell == nil || !returnsError(fn, cell) {
			continue
		}
		for _, d := range ssaflow.DeferredClosures(fn) {
			if fv := d.FreeVarOf(cell); fv != nil {
				checkDeferred(pass, fn, d.Fn, fv)
			}
		}
	}
	return nil, nil
}

// errorResult returns the variable of fn's named error result (the last
// result, of type error), which every return loads: nil when the result
// is not named, or fn has no defer (returns do not load it then).
func errorResult(fn *ssa.Function) *ssa.Alloc {
	res := fn.Signature.Results()
	if res.Len() == 0 || !crapi.IsError(res.At(res.Len()-1).Type()) || res.At(res.Len()-1).Name() == "" {
		return nil
	}
	var cell *ssa.Alloc
	for ret := range ssaflow.Returns(fn) {
		ld, ok := ret.Results[len(ret.Results)-1].(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return nil
		}
		a, ok := ld.X.(*ssa.Alloc)
		if !ok || (cell != nil && a != cell) {
			return nil
		}
		cell = a
	}
	return cell
}

// returnsError reports whether fn may set its error result to something
// other than nil: an error a deferred function would replace.
func returnsError(fn *ssa.Function, cell *ssa.Alloc) bool {
	for _, st := range ssaflow.StoresTo(cell) {
		if !ssaflow.IsNil(st.Val) {
			return true
		}
	}
	return false
}

// checkDeferred reports the stores of the deferred function lit into the
// error result (its free variable fv) that replace the current error.
func checkDeferred(pass *analysis.Pass, fn, lit *ssa.Function, fv *ssa.FreeVar) {
	loads := map[ssa.Value]bool{}
	var stores []*ssa.Store
	for _, b := range lit.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.UnOp:
				if x.Op == token.MUL && x.X == fv {
					loads[x] = true
				}
			case *ssa.Store:
				if x.Addr == fv {
					stores = append(stores, x)
				}
			}
		}
	}
	if replacesOnEveryPath(lit, stores) {
		// No path of the deferred function lets the body's error through
		// (it ends with err = nil: errors go to the status, not to
		// controller-runtime): by design, none is lost by a replacement.
		return
	}
	for _, st := range stores {
		if ssaflow.IsNil(st.Val) || derived(st.Val, withUnwrapped(st, loads)) || onlyWhenNil(st, fv) || onPanic(st) {
			continue
		}
		report(pass, fn, lit, st, fv.Name())
	}
}

// replacesOnEveryPath reports whether every path through lit to a return
// stores into the error result, one of them an explicit nil: the deferred function means to return only its own
// errors (a store of a call's error on every path, which clears the
// body's error by accident, does not count).
func replacesOnEveryPath(lit *ssa.Function, stores []*ssa.Store) bool {
	if len(lit.Blocks) == 0 || len(stores) == 0 {
		return false
	}
	kills := map[*ssa.BasicBlock]bool{}
	explicitNil := false
	for _, st := range stores {
		// A store computed from the error carries it: it decides the
		// result as well as any other.
		kills[st.Block()] = true
		explicitNil = explicitNil || ssaflow.IsNil(st.Val)
	}
	if !explicitNil {
		return false
	}
	reach := ssaflow.Reachable(lit.Blocks[0], func(_, to *ssa.BasicBlock) bool { return kills[to] })
	if kills[lit.Blocks[0]] {
		return true
	}
	for b := range reach {
		if _, ok := ssaflow.Last(b).(*ssa.Return); ok && !kills[b] {
			return false
		}
	}
	return true
}

// derived reports whether v is computed from the current error (an
// aggregate, a wrap): it does not lose it.
func derived(v ssa.Value, loads map[ssa.Value]bool) bool {
	return len(loads) > 0 && ssaflow.DependsOn(v, loads)
}

// onlyWhenNil reports whether the store st runs only when the error
// result fv is nil: if retErr == nil { retErr = err }.
func onlyWhenNil(st *ssa.Store, fv *ssa.FreeVar) bool {
	for _, b := range st.Parent().Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok {
			continue
		}
		x, nilOnTrue, ok := ssaflow.NilTest(ifi.Cond)
		if !ok {
			continue
		}
		ld, ok := x.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL || ld.X != fv {
			continue
		}
		nilSucc := b.Succs[0]
		if !nilOnTrue {
			nilSucc = b.Succs[1]
		}
		if len(nilSucc.Preds) == 1 && nilSucc.Dominates(st.Block()) {
			return true
		}
	}
	return false
}

// onPanic reports whether the store st runs only when recover() returned
// a panic: the function was not returning an error then.
func onPanic(st *ssa.Store) bool {
	for _, b := range st.Parent().Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || !dependsOnRecover(ifi.Cond) {
			continue
		}
		for _, succ := range b.Succs {
			if len(succ.Preds) == 1 && succ.Dominates(st.Block()) {
				return true
			}
		}
	}
	return false
}

// dependsOnRecover reports whether cond is computed from recover().
func dependsOnRecover(cond ssa.Value) bool {
	roots := map[ssa.Value]bool{}
	for call := range ssaflow.PlainCalls(cond.Parent()) {
		if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "recover" {
			roots[call] = true
		}
	}
	return len(roots) > 0 && ssaflow.DependsOn(cond, roots)
}

func report(pass *analysis.Pass, fn, lit *ssa.Function, st *ssa.Store, name string) {
	as := assignAt(lit, st.Pos())
	if as == nil || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return
	}
	what := "the function"
	if fn.Name() == "Reconcile" {
		what = "Reconcile"
	}
	diag.Reportf(pass, as, joinFix(pass, as, name),
		"the deferred function assigns its own error to %s, the error %s returns: when it already failed, that error is replaced (and a nil from a successful call clears it), so the real failure is lost from the logs, and from metrics and backoff too when a nil clears it; aggregate them, for example %s = errors.Join(%s, %s)",
		name, what, name, name, short(as.Rhs[0]))
}

// short renders e for a message, cut when long.
func short(e ast.Expr) string {
	s := types.ExprString(e)
	if len(s) > 40 || strings.Contains(s, "\n") {
		if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
			if f := types.ExprString(call.Fun); len(f) <= 36 {
				return f + "(...)"
			}
		}
		return "the new error"
	}
	return s
}

// assignAt finds the assignment statement of lit's syntax at pos.
func assignAt(lit *ssa.Function, pos token.Pos) *ast.AssignStmt {
	syntax := lit.Syntax()
	if syntax == nil || !pos.IsValid() {
		return nil
	}
	var out *ast.AssignStmt
	ast.Inspect(syntax, func(n ast.Node) bool {
		if out != nil || n == nil || n.Pos() > pos || n.End() < pos {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.Tok == token.ASSIGN && (as.TokPos == pos || as.Lhs[0].Pos() == pos) {
			out = as
		}
		return true
	})
	return out
}

// joinFix aggregates the assigned error with the current one:
// name = errors.Join(name, rhs).
func joinFix(pass *analysis.Pass, as *ast.AssignStmt, name string) []analysis.SuggestedFix {
	if id, ok := as.Lhs[0].(*ast.Ident); !ok || id.Name != name {
		return nil
	}
	if v := pass.Module; v != nil && v.GoVersion != "" && versionBefore(v.GoVersion, 20) {
		return nil // errors.Join is Go 1.20
	}
	errorsName, edits, ok := diag.PackageName(pass, as.Pos(), "errors", "errors")
	if !ok {
		return nil
	}
	rhs := as.Rhs[0]
	edits = append(edits,
		analysis.TextEdit{Pos: rhs.Pos(), End: rhs.Pos(), NewText: []byte(errorsName + ".Join(" + name + ", ")},
		analysis.TextEdit{Pos: rhs.End(), End: rhs.End(), NewText: []byte(")")})
	return []analysis.SuggestedFix{{Message: "Aggregate with errors.Join", TextEdits: edits}}
}

// versionBefore reports whether a go.mod version "1.N[.x]" is before 1.minor.
func versionBefore(v string, minor int) bool {
	rest, ok := strings.CutPrefix(v, "1.")
	if !ok {
		return false
	}
	n := 0
	for _, c := range rest {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n < minor
}
