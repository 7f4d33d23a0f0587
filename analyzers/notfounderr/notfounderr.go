package notfounderr

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
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
			return filtered(from, to, call, carriers)
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
				if filtered(b, s, h.call, h.carriers) {
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

// filtered reports whether the edge from->to can only be taken when the
// error of get is not NotFound (or is nil), or when the code has looked at
// the error in a way this analyzer does not understand.
func filtered(from, to *ssa.BasicBlock, get *ssa.Call, carriers map[ssa.Value]bool) bool {
	ifi, ok := from.Instrs[len(from.Instrs)-1].(*ssa.If)
	if !ok {
		return false
	}
	onTrue := from.Succs[0] == to
	switch c := ifi.Cond.(type) {
	case *ssa.Call:
		if call, ok := crapi.IsCallTo(c, crapi.APIErrorsPkg, "IsNotFound"); ok && takesCarrier(call, carriers) {
			return !onTrue // the false edge: err is not NotFound
		}
	case *ssa.BinOp:
		if c.Op == token.EQL || c.Op == token.NEQ {
			x, y := c.X, c.Y
			if ssaflow.IsNil(x) {
				x, y = y, x
			}
			if ssaflow.IsNil(y) {
				// err != nil / err == nil: on the nil edge nothing is returned.
				if carriers[x] {
					return onTrue == (c.Op == token.EQL)
				}
				// client.IgnoreNotFound(err) != nil: err is another error.
				if call, ok := crapi.IsCallTo(x, crapi.ClientPkg, "IgnoreNotFound"); ok && takesCarrier(call, carriers) {
					return onTrue == (c.Op == token.NEQ)
				}
			}
		}
	}
	// A condition computed from the error by code we do not know (a
	// helper, errors.Is, errors.As) may well test for NotFound: stay quiet.
	return examinesError(ifi.Cond, carriers)
}

func takesCarrier(call *ssa.Call, carriers map[ssa.Value]bool) bool {
	for c := range carriers {
		if ssaflow.PassedTo(c, call.Common()) {
			return true
		}
	}
	return false
}

// examinesError reports whether cond is computed by a call that takes the
// error, other than the apierrors predicates that cannot mean NotFound.
func examinesError(cond ssa.Value, carriers map[ssa.Value]bool) bool {
	found := false
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if found || depth > 8 {
			return
		}
		switch v := v.(type) {
		case *ssa.Call:
			fn := crapi.Callee(v.Common())
			if fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == crapi.APIErrorsPkg && fn.Name() != "IsNotFound" {
				return // IsConflict, IsAlreadyExists, ...
			}
			if takesCarrier(v, carriers) {
				found = true
				return
			}
			for _, a := range v.Call.Args {
				visit(a, depth+1)
			}
		case *ssa.UnOp:
			visit(v.X, depth+1)
		case *ssa.BinOp:
			visit(v.X, depth+1)
			visit(v.Y, depth+1)
		case *ssa.Phi:
			for _, e := range v.Edges {
				visit(e, depth+1)
			}
		case *ssa.Extract:
			visit(v.Tuple, depth+1)
		}
	}
	visit(cond, 0)
	return found
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
