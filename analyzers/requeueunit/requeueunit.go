package requeueunit

import (
	"bytes"
	_ "embed"
	"go/ast"
	"go/constant"
	"go/printer"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer is the requeueunit check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:     "requeueunit",
	Doc:      checkdoc.MustExtract(doc, "requeueunit"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

// below is the bound under which a constant RequeueAfter is taken as a
// number written without its unit: no one asks controller-runtime to
// wait less than a millisecond before the next reconcile.
const below = int64(1e6)

// run looks at every value given to a reconcile.Result's RequeueAfter,
// in a composite literal (ctrl.Result{RequeueAfter: 10}) or an assignment
// (res.RequeueAfter = 10), outside test code. The check is syntactic on
// purpose: in SSA form `10 * time.Second` and `10000000000` are the same
// constant, and what is wrong is how the number is written.
func run(pass *analysis.Pass) (any, error) {
	for _, f := range pass.Files {
		if ssapkg.InTestCode(pass, f.Pos()) {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if !crapi.IsResult(pass.TypesInfo.TypeOf(n)) {
					return true
				}
				for _, elt := range n.Elts {
					if kv, ok := elt.(*ast.KeyValueExpr); ok {
						if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "RequeueAfter" {
							check(pass, kv.Value)
						}
					}
				}
			case *ast.AssignStmt:
				if len(n.Lhs) != len(n.Rhs) || n.Tok != token.ASSIGN {
					return true
				}
				for i, lhs := range n.Lhs {
					sel, ok := lhs.(*ast.SelectorExpr)
					if ok && sel.Sel.Name == "RequeueAfter" && crapi.IsResult(deref(pass.TypesInfo.TypeOf(sel.X))) {
						check(pass, n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	return nil, nil
}

func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// check reports e, the value of a RequeueAfter, when it is a bare number:
// a constant under a millisecond, or a conversion to time.Duration of an
// integer that holds no duration.
func check(pass *analysis.Pass, e ast.Expr) {
	tv := pass.TypesInfo.Types[e]
	if tv.Value != nil {
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact || v <= 0 || v >= below || mentionsUnit(pass, e) {
			return
		}
		fix := unitFix(pass, e, false)
		unit := "nanoseconds"
		if v == 1 {
			unit = "nanosecond"
		}
		diag.Reportf(pass, e, fix, "RequeueAfter is %d %s: a time.Duration counts nanoseconds, so a number written without its unit makes controller-runtime requeue the object at once, over and over, a hot reconcile loop that floods the API server and the log; write the unit (%d * time.Second)", v, unit, v)
		return
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || !isConversionToDuration(pass, call) {
		return
	}
	arg := call.Args[0]
	at := pass.TypesInfo.TypeOf(arg)
	b, ok := types.Unalias(at).(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 || holdsDuration(pass, arg) {
		return
	}
	x := render(pass, arg)
	diag.Reportf(pass, e, unitFix(pass, e, false), "time.Duration(%s) takes %s as nanoseconds: RequeueAfter is %s nanoseconds, so controller-runtime requeues the object at once, over and over, a hot reconcile loop that floods the API server and the log; multiply by its unit (time.Duration(%s) * time.Second)", x, x, x, x)
}

// isConversionToDuration reports whether call converts to time.Duration.
func isConversionToDuration(pass *analysis.Pass, call *ast.CallExpr) bool {
	tv, ok := pass.TypesInfo.Types[call.Fun]
	return ok && tv.IsType() && crapi.IsDuration(tv.Type)
}

// holdsDuration reports whether the integer expression e is computed from
// a time.Duration (int64(d), d.Nanoseconds(), d.Milliseconds()...), or
// names nanoseconds: then the conversion gives the duration back.
func holdsDuration(pass *analysis.Pass, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok {
			if t := pass.TypesInfo.TypeOf(x); crapi.IsDuration(t) {
				found = true
			}
			if id, ok := x.(*ast.Ident); ok && strings.Contains(strings.ToLower(id.Name), "nano") {
				found = true
			}
		}
		return !found
	})
	return found
}

// mentionsUnit reports whether the constant expression e names a unit
// of package time (500 * time.Microsecond is meant), or a constant of
// the package's own typed as a duration, whose unit its declaration
// says.
func mentionsUnit(pass *analysis.Pass, e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return !found
		}
		c, ok := pass.TypesInfo.Uses[id].(*types.Const)
		if ok && c.Pkg() != nil && c.Pkg().Path() == crapi.TimePkg {
			found = true
		}
		return !found
	})
	return found
}

// unitFix multiplies e by time.Second, converting it first when its
// type is not a duration, and imports time if the file does not.
func unitFix(pass *analysis.Pass, e ast.Expr, convert bool) []analysis.SuggestedFix {
	name, edits, ok := diag.PackageName(pass, e.Pos(), crapi.TimePkg, crapi.TimePkg)
	if !ok {
		return nil
	}
	src := render(pass, e)
	if src == "" {
		return nil
	}
	switch {
	case convert:
		src = name + ".Duration(" + src + ")"
	case needsParens(e):
		src = "(" + src + ")"
	}
	edits = append(edits, analysis.TextEdit{Pos: e.Pos(), End: e.End(), NewText: []byte(src + " * " + name + ".Second")})
	return []analysis.SuggestedFix{{Message: "Count it in seconds", TextEdits: edits}}
}

func needsParens(e ast.Expr) bool {
	_, bin := e.(*ast.BinaryExpr)
	return bin
}

func render(pass *analysis.Pass, e ast.Expr) string {
	var buf bytes.Buffer
	if err := printer.Fprint(&buf, pass.Fset, e); err != nil {
		return ""
	}
	return buf.String()
}
