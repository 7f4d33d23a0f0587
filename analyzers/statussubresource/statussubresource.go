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
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports status writes of module kinds without the status
// subresource.
var Analyzer = &analysis.Analyzer{
	Name:      "statussubresource",
	Doc:       checkdoc.MustExtract(doc, "statussubresource"),
	URL:       "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/statussubresource.md",
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, apimarkers.Analyzer, fakeclient.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(StatusWriter)},
}

// StatusWriter is the fact of a function of the module that writes the
// status subresource of some of its parameters whose type is not known
// there (a client.Object): its callers check the objects they give it.
type StatusWriter struct {
	Params []int
}

// AFact implements analysis.Fact.
func (*StatusWriter) AFact() {}

func (f *StatusWriter) String() string { return fmt.Sprintf("statusWriter%v", f.Params) }

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	funcs := slices.Concat(prog.SrcFuncs(), prog.InitFuncs())
	if len(funcs) == 0 {
		return nil, nil
	}
	c := &checker{pass: pass, markers: apimarkers.Of(pass), params: map[*ssa.Function][]int{}, fakes: fakeclient.Of(pass)}
	c.summarise(funcs)
	for _, fn := range funcs {
		c.checkFunc(fn)
	}
	for fn, ps := range c.params {
		if obj, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && len(ps) > 0 {
			pass.ExportObjectFact(obj, &StatusWriter{Params: ps})
		}
	}
	return nil, nil
}

type checker struct {
	pass    *analysis.Pass
	markers *apimarkers.Result
	// params holds, per function of the package, the parameters (of an
	// interface type) whose status subresource it writes.
	params map[*ssa.Function][]int
	// fakes tells the clients built by controller-runtime's fake package.
	fakes *fakeclient.Index
}

// statusWrite returns the object of a status subresource write (Update or
// Patch through Status() or SubResource("status")).
func statusWrite(cc *ssa.CallCommon) (ssa.Value, bool) {
	c, args, ok := crapi.ClientCallSSA(cc)
	if !ok || !crapi.IsStatusWrite(cc, c) || (c.Method != crapi.Update && c.Method != crapi.Patch) || len(args) < 2 {
		return nil, false
	}
	return ssaflow.Strip(args[1]), true
}

// writes returns the objects whose status the call writes: the object of
// a status write, or the arguments a helper writes the status of.
func (c *checker) writes(cc *ssa.CallCommon) []ssa.Value {
	if obj, ok := statusWrite(cc); ok {
		return []ssa.Value{obj}
	}
	var params []int
	if callee := ssaflow.LocalCallee(cc, c.pass.Pkg); callee != nil {
		params = c.params[callee]
	} else if f := c.imported(cc); f != nil {
		params = f.Params
	}
	// SSA indices on both sides: a static method call's first argument is
	// the receiver, as is its function's first parameter.
	args := cc.Args
	var out []ssa.Value
	for _, i := range params {
		if i < len(args) {
			out = append(out, ssaflow.Strip(args[i]))
		}
	}
	return out
}

func (c *checker) imported(cc *ssa.CallCommon) *StatusWriter {
	obj := crapi.Callee(cc)
	if obj == nil || cc.IsInvoke() || obj.Pkg() == c.pass.Pkg {
		return nil
	}
	f := new(StatusWriter)
	if !c.pass.ImportObjectFact(obj, f) {
		return nil
	}
	return f
}

// summarise finds, to a fixed point, the interface-typed parameters each
// function of the package writes the status of, itself or through the
// functions it calls.
func (c *checker) summarise(funcs []*ssa.Function) {
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			if fn.Parent() != nil {
				continue
			}
			for call := range ssaflow.Calls(fn) {
				for _, obj := range c.writes(call.Common()) {
					p, ok := obj.(*ssa.Parameter)
					if !ok || !types.IsInterface(p.Type()) {
						continue
					}
					i := ssaflow.ParamIndex(fn, p)
					if i >= 0 && !slices.Contains(c.params[fn], i) {
						c.params[fn] = append(c.params[fn], i)
						changed = true
					}
				}
			}
		}
	}
}

// checkFunc reports the status writes of fn, direct or through a helper,
// of objects of a kind of the module without the status subresource.
func (c *checker) checkFunc(fn *ssa.Function) {
	for call := range ssaflow.Calls(fn) {
		for _, obj := range c.writes(call.Common()) {
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
	_, direct := statusWrite(call.Common())
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
