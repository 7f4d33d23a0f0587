package droppederr

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// periodicOnly returns the functions of the package that run only in the
// reconciles of controllers with a periodic source (ctrlmodel's
// Controller.Periodic): a request comes back on every tick, so an error
// logged and dropped there is retried on the next one. A function also
// run by another reconciler, or by none known, is not in it.
func periodicOnly(pass *analysis.Pass) map[*ssa.Function]bool {
	prog := ssapkg.Of(pass)
	funcs := prog.SrcFuncs()
	model, _ := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if model == nil || len(model.Chains) == 0 || prog.Package() == nil {
		return nil
	}
	var periodic, other []*ssa.Function
	for _, r := range crapi.Reconcilers(funcs) {
		recv := r.Fn.Signature.Recv()
		if recv != nil && model.ControllerOf(recv.Type()).Periodic(funcs) != nil {
			periodic = append(periodic, r.Fn)
		} else {
			other = append(other, r.Fn)
		}
	}
	if len(periodic) == 0 {
		return nil
	}
	g := reach.Of(pass).Calls()
	out := g.From(periodic, nil)
	for fn := range g.From(other, nil) {
		delete(out, fn)
	}
	return out
}
