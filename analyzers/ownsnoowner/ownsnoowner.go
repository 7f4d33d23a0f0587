package ownsnoowner

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports Owns of objects that never get a controller reference.
var Analyzer = &analysis.Analyzer{
	Name:     "ownsnoowner",
	Doc:      checkdoc.MustExtract(doc, "ownsnoowner"),
	Requires: []*analysis.Analyzer{ownership.Analyzer, ctrlmodel.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	owns := ownership.Of(pass)
	model, _ := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if owns.Ownership(pass.Pkg) == nil || model == nil {
		return nil, nil
	}
	c := &checker{pass: pass, owns: owns}
	reported := map[*ctrlmodel.Call]bool{}
	for _, ch := range model.Chains {
		var recs []reconciler
		for _, t := range ch.Reconcilers() {
			n := crapi.Named(t)
			if n == nil || n.Obj().Pkg() == nil {
				continue
			}
			if _, isIface := n.Underlying().(*types.Interface); isIface {
				continue
			}
			recs = append(recs, reconciler{pkg: n.Obj().Pkg(), name: n.Obj().Name() + "'s package"})
		}
		if len(recs) == 0 && len(ch.Find(ctrlmodel.Complete))+len(ch.Find(ctrlmodel.Build)) > 0 {
			// The reconciler is built by a constructor that returns an
			// interface, typically a generic wrapper calling the
			// package's own reconcile code: judge this package.
			recs = append(recs, reconciler{pkg: pass.Pkg, name: "package " + pass.Pkg.Name()})
		}
		if len(recs) == 0 {
			continue // completed elsewhere, with a reconciler not known here
		}
		for _, call := range ch.Find(ctrlmodel.Owns) {
			if reported[call] || ssapkg.InTestCode(pass, call.Pos) {
				continue
			}
			if msg := c.verdict(call, recs); msg != "" {
				reported[call] = true
				diag.Report(pass, analysis.Diagnostic{Pos: call.Pos, End: call.End, Message: msg})
			}
		}
	}
	return nil, nil
}

// reconciler is the package whose code reconciles for a chain, and how a
// message names it.
type reconciler struct {
	pkg  *types.Package
	name string
}

type checker struct {
	pass *analysis.Pass
	owns *ownership.Result
}

// verdict returns the message to report about an Owns call of a chain
// whose reconcile code lives in recs, or "".
func (c *checker) verdict(call *ctrlmodel.Call, recs []reconciler) string {
	if call.Object == nil || ctrlmodel.DynamicKind(call.Object) {
		return ""
	}
	keys := ownership.TypeKeys(call.Object)
	kind := crapi.Named(call.Object)
	if len(keys) == 0 || kind == nil {
		return ""
	}
	every := matchEveryOwner(c.pass, call)
	nonController := false
	for _, r := range recs {
		pf := c.owns.Ownership(r.pkg)
		if pf == nil || pf.Unknown || !createsAny(pf, keys) {
			// Objects created elsewhere (adopted, or made by another
			// controller) may well carry a controller reference.
			return ""
		}
		for _, k := range keys {
			ctl, ok := c.owns.Owners()[k]
			if !ok {
				continue
			}
			if ctl || every {
				return ""
			}
			nonController = true
		}
	}
	return message(call, kind.Obj().Name(), recs[0].name, every, nonController)
}

func message(call *ctrlmodel.Call, kind, rec string, every, nonController bool) string {
	if every {
		return fmt.Sprintf("%s maps each %s event to the owners in its owner references, but %s creates %s objects without any owner reference: their changes never trigger a reconcile; call controllerutil.SetControllerReference before creating them",
			call.String(), kind, rec, kind)
	}
	if nonController {
		return fmt.Sprintf("%s maps each %s event to the object's controller owner, but %s gives %s objects only non-controller owner references (SetOwnerReference): their changes never trigger a reconcile; use controllerutil.SetControllerReference, or pass builder.MatchEveryOwner to Owns",
			call.String(), kind, rec, kind)
	}
	return fmt.Sprintf("%s maps each %s event to the object's controller owner, but %s creates %s objects without a controller reference: their changes never trigger a reconcile; call controllerutil.SetControllerReference before creating them",
		call.String(), kind, rec, kind)
}

func createsAny(pf *ownership.Package, keys []string) bool {
	for _, k := range pf.Creates {
		for _, want := range keys {
			if k == want {
				return true
			}
		}
	}
	return false
}

// matchEveryOwner reports whether the Owns call may have the
// builder.MatchEveryOwner option; true when its options are not known.
func matchEveryOwner(pass *analysis.Pass, call *ctrlmodel.Call) bool {
	e := call.Expr
	if e == nil || e.Ellipsis.IsValid() {
		return true
	}
	for _, a := range e.Args[min(1, len(e.Args)):] {
		switch opt := ast.Unparen(a).(type) {
		case *ast.SelectorExpr, *ast.Ident:
			id, ok := opt.(*ast.Ident)
			if sel, isSel := opt.(*ast.SelectorExpr); isSel {
				id, ok = sel.Sel, true
			}
			v, isVar := pass.TypesInfo.Uses[id].(*types.Var)
			if !ok || !isVar || v.Pkg() == nil || v.Pkg().Path() != crapi.BuilderPkg {
				return true // an option held in a variable of the user's
			}
			if v.Name() == "MatchEveryOwner" {
				return true
			}
		case *ast.CallExpr:
			// builder.WithPredicates(...) and the like: not MatchEveryOwner,
			// which is a variable.
			if fn, ok := typeutil.Callee(pass.TypesInfo, opt).(*types.Func); !ok || fn.Pkg() == nil || !strings.HasPrefix(fn.Pkg().Path(), crapi.CtrlPkg) {
				return true
			}
		default:
			return true
		}
	}
	return false
}
