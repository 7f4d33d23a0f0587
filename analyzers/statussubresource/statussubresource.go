package statussubresource

import (
	_ "embed"
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fakeclient"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports status writes of module kinds without the status
// subresource.
var Analyzer = &analysis.Analyzer{
	Name:     "statussubresource",
	Doc:      checkdoc.MustExtract(doc, "statussubresource"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, apimarkers.Analyzer, fakeclient.Analyzer, objects.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	funcs := slices.Concat(prog.SrcFuncs(), prog.InitFuncs())
	if len(funcs) == 0 {
		return nil, nil
	}
	c := &checker{pass: pass, markers: apimarkers.Of(pass), objs: objects.Of(pass), fakes: fakeclient.Of(pass)}
	for _, fn := range funcs {
		c.checkFunc(fn)
	}
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	markers *apimarkers.Result
	// objs tells the status writes of the module's helpers.
	objs *objects.Result
	// fakes tells the clients built by controller-runtime's fake package.
	fakes *fakeclient.Index
}

// checkFunc reports the status writes of fn, direct or through a helper,
// of objects of a kind of the module without the status subresource.
func (c *checker) checkFunc(fn *ssa.Function) {
	for call := range ssaflow.Calls(fn) {
		for _, obj := range c.objs.StatusWrites(call.Common()) {
			c.check(call, obj)
		}
	}
}

func (c *checker) check(call ssa.CallInstruction, obj ssa.Value) {
	n := crapi.Named(obj.Type())
	if n == nil || types.IsInterface(n) {
		return
	}
	k, p := c.markers.KindOf(n.Obj())
	if k == nil || p.Err != "" || k.StatusSubresource {
		return
	}
	_, direct := objects.StatusWrite(call.Common())
	if has, ok := c.fakes.StatusSubresource(fakeclient.WriterClient(call.Common()), obj.Type()); direct && ok && has {
		// A fake client given the type with WithStatusSubresource: it
		// serves the status, whatever the CRD says.
		return
	}
	via := ""
	if !direct {
		if callee := call.Common().StaticCallee(); callee != nil {
			via = " (through " + callee.Name() + ")"
		}
	}
	msg := fmt.Sprintf("this writes the status subresource of %s%s, but type %s has no // +kubebuilder:subresource:status marker, so its CRD has no status subresource: the API server answers 404 Not Found to every status write and the status is never saved; add the marker above type %s and regenerate the CRD, or write the status with Update or Patch of the main resource",
		crapi.ObjectTypeString(obj.Type()), via, n.Obj().Name(), n.Obj().Name())
	if p.Group != "" {
		msg = strings.Replace(msg, "its CRD", "the CRD "+k.Plural+"."+p.Group, 1)
	}
	diag.Report(c.pass, analysis.Diagnostic{Pos: call.Pos(), Message: msg})
}
