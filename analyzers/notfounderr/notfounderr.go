package notfounderr

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports Reconcile returning the NotFound error of the object it
// reconciles.
var Analyzer = &analysis.Analyzer{
	Name:     "notfounderr",
	Doc:      checkdoc.MustExtract(doc, "notfounderr"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	for _, rec := range crapi.Reconcilers(ssapkg.Of(pass).SrcFuncs()) {
		checkReconciler(pass, rec)
	}
	return nil, nil
}

func checkReconciler(pass *analysis.Pass, rec crapi.Reconciler) {
	reported := map[*ssa.Return]bool{}
	var gets []requestGet
	for _, site := range crapi.ClientCalls(rec.Fn) {
		key, obj, ok := site.IsGetOf()
		if !ok || !ssaflow.IsRequestKey(key, rec.Req) {
			continue // not the requested object: its NotFound may be worth a retry
		}
		gets = append(gets, requestGet{
			call:     site.Call,
			typ:      ssaflow.Strip(obj).Type(),
			carriers: ssaflow.ErrorCarriers(rec.Fn, site.Call),
		})
	}
	for _, g := range gets {
		if refetch(rec.Fn, g, gets) {
			continue
		}
		call, carriers := g.call, g.carriers
		reach := ssaflow.Reachable(call.Block(), func(from, to *ssa.BasicBlock) bool {
			return ssaflow.NotFoundFiltered(from, to, carriers)
		})
		for blk := range reach {
			ret, ok := blk.Instrs[len(blk.Instrs)-1].(*ssa.Return)
			if !ok || len(ret.Results) == 0 || reported[ret] {
				continue
			}
			errv := ret.Results[len(ret.Results)-1]
			if !carriers[errv] {
				continue
			}
			reported[ret] = true
			report(pass, rec.Fn, ret, errv)
		}
	}
}

// requestGet is a Get of the requested object.
type requestGet struct {
	call     *ssa.Call
	typ      types.Type // the object's type, conversions to client.Object stripped
	carriers map[ssa.Value]bool
}

// refetch reports whether g can only run after an earlier Get of the same
// object (same key, same type) has succeeded or failed with another error
// than NotFound: on every path from the entry to g, an edge that such a Get's
// error check takes only when that error is nil or not NotFound. The earlier
// Get already dealt with a deleted object (returned, ignored or filtered its
// NotFound), so a NotFound of g means the object went away in between: the
// error is returned once, and the next reconcile's first Get ends it. This is
// the scaffolds' re-fetch after a status update.
func refetch(fn *ssa.Function, g requestGet, gets []requestGet) bool {
	cut := map[[2]*ssa.BasicBlock]bool{}
	for _, h := range gets {
		if h.call == g.call || !types.Identical(h.typ, g.typ) {
			continue
		}
		for b := range ssaflow.Reachable(h.call.Block(), nil) {
			for _, s := range b.Succs {
				if ssaflow.NotFoundFiltered(b, s, h.carriers) {
					cut[[2]*ssa.BasicBlock{b, s}] = true
				}
			}
		}
	}
	if len(cut) == 0 || len(fn.Blocks) == 0 {
		return false
	}
	reach := ssaflow.Reachable(fn.Blocks[0], func(from, to *ssa.BasicBlock) bool {
		return cut[[2]*ssa.BasicBlock{from, to}]
	})
	return !reach[g.call.Block()]
}

// keepsNotFound reports whether a wrapper keeps the NotFound error
// reachable by errors.As, so that client.IgnoreNotFound still sees it.
func keepsNotFound(call *ssa.Call) bool {
	fn := crapi.Callee(call.Common())
	if !knowledge.WrapsByVerb(fn) {
		return true // pkg/errors wrappers implement Unwrap
	}
	if c, ok := call.Call.Args[0].(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return strings.Contains(constant.StringVal(c.Value), "%w")
	}
	return false
}

func report(pass *analysis.Pass, fn *ssa.Function, ret *ssa.Return, errv ssa.Value) {
	rs := ssaflow.ReturnStmt(fn, ret)
	if rs == nil {
		return
	}
	var node ast.Node = rs
	var fixes []analysis.SuggestedFix
	if len(rs.Results) > 1 {
		expr := rs.Results[len(rs.Results)-1]
		node = expr
		if w, ok := errv.(*ssa.Call); !ok || keepsNotFound(w) {
			fixes = ignoreNotFoundFix(pass, expr)
		}
	}
	diag.Reportf(pass, node, fixes,
		"Reconcile returns the NotFound error of getting the requested object: once it is deleted, the request is retried with backoff and logged as a Reconciler error for ever; return client.IgnoreNotFound(err) instead")
}

func ignoreNotFoundFix(pass *analysis.Pass, expr ast.Expr) []analysis.SuggestedFix {
	name, edits, ok := diag.PackageName(pass, expr.Pos(), crapi.ClientPkg, "client")
	if !ok {
		return nil
	}
	edits = append(edits,
		analysis.TextEdit{Pos: expr.Pos(), End: expr.Pos(), NewText: []byte(name + ".IgnoreNotFound(")},
		analysis.TextEdit{Pos: expr.End(), End: expr.End(), NewText: []byte(")")},
	)
	return []analysis.SuggestedFix{{Message: "Wrap the error in client.IgnoreNotFound", TextEdits: edits}}
}
