package ctrlmodel_test

import (
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fixturetest"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// periodics reports, at each Reconcile method, the periodic source of its
// controller.
var periodics = &analysis.Analyzer{
	Name:     "periodicdump",
	Doc:      "report the periodic source of each reconciler's controller",
	Requires: []*analysis.Analyzer{ctrlmodel.Analyzer, ssapkg.Analyzer},
	Run: func(pass *analysis.Pass) (any, error) {
		model := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
		funcs := ssapkg.Of(pass).SrcFuncs()
		for _, r := range crapi.Reconcilers(funcs) {
			recv := r.Fn.Signature.Recv()
			if recv == nil {
				continue
			}
			msg := "periodic: none"
			if call := model.ControllerOf(recv.Type()).Periodic(funcs); call != nil {
				msg = "periodic: " + call.String()
			}
			diag.Report(pass, analysis.Diagnostic{Pos: r.Fn.Pos(), Message: msg})
		}
		return nil, nil
	},
}

func TestPeriodic(t *testing.T) {
	fixturetest.Run(t, periodics, "./periodic")
}
