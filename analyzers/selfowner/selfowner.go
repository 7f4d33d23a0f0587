package selfowner

import (
	_ "embed"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports owner references from an object to itself.
var Analyzer = &analysis.Analyzer{
	Name:     "selfowner",
	Doc:      checkdoc.MustExtract(doc, "selfowner"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{objs: objects.Of(pass)}
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		for call := range ssaflow.PlainCalls(fn) {
			if name, owner, owned, ok := ownerCall(call.Common()); ok {
				if why, same := c.sameObject(owner, owned); same {
					reportSetter(pass, fn, call, name, why)
				}
				continue
			}
			if c.selfApply(fn, call) {
				reportApply(pass, fn, call)
			}
		}
	}
	return nil, nil
}

// ownerCall recognises a call of controllerutil.SetControllerReference or
// SetOwnerReference, directly or through the ctrl.SetControllerReference
// variable, and returns the function's name and its owner and owned
// arguments.
func ownerCall(cc *ssa.CallCommon) (name string, owner, owned ssa.Value, ok bool) {
	if fn := crapi.Callee(cc); fn != nil {
		if !crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "SetControllerReference", "SetOwnerReference") {
			return "", nil, nil, false
		}
		name = fn.Name()
	} else if name = crapi.CtrlVar(cc.Value); name != "SetControllerReference" {
		return "", nil, nil, false
	}
	if len(cc.Args) < 2 {
		return "", nil, nil, false
	}
	return name, cc.Args[0], cc.Args[1], true
}

func reportSetter(pass *analysis.Pass, fn *ssa.Function, call *ssa.Call, name, why string) {
	ce := ssaflow.CallExpr(fn, call)
	if ce == nil || len(ce.Args) < 2 {
		return
	}
	owner, owned := types.ExprString(ce.Args[0]), types.ExprString(ce.Args[1])
	role := "controlled"
	if name == "SetOwnerReference" {
		role = "owned"
	}
	subject := "gives " + owned + " an owner reference to itself"
	if owner != owned {
		subject = "gives " + owned + " an owner reference to " + owner + ", which is the same object (" + why + ")"
	}
	diag.Reportf(pass, ce, nil,
		"%s %s: the reference is useless, and the child meant to be owned gets none, so it is neither garbage-collected with its owner nor mapped back to it; pass the child object as the %s argument",
		name, subject, role)
}

func reportApply(pass *analysis.Pass, fn *ssa.Function, call *ssa.Call) {
	ce := ssaflow.CallExpr(fn, call)
	if ce == nil {
		return
	}
	var node ast.Node = ce
	if sel, ok := ast.Unparen(ce.Fun).(*ast.SelectorExpr); ok {
		node = span{sel.Sel.Pos(), ce.End()}
	}
	diag.Reportf(pass, node, nil,
		"WithOwnerReferences gives an apply configuration an owner reference carrying the UID of the object it is built for, so the object would own itself: the reference is useless, and the child meant to be owned gets none; set the owner reference on the child's apply configuration instead")
}

// span is an ast.Node covering [pos, end).
type span struct{ pos, end token.Pos }

func (s span) Pos() token.Pos { return s.pos }
func (s span) End() token.Pos { return s.end }
