package finalizername

import (
	"fmt"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// NameParams is the fact of a function of the user's module whose string
// parameters Params (indexes without the receiver, as lifecycle.NameArg
// counts) are finalizer names: each is given, unchanged, where a
// finalizer's name goes (the name argument of controllerutil.AddFinalizer
// and the other functions of lifecycle.NameArg, or of another such
// helper). A constant its callers pass is checked like one given to
// AddFinalizer.
type NameParams struct {
	Params []int
}

// AFact marks NameParams as a fact.
func (*NameParams) AFact() {}

func (f *NameParams) String() string {
	s := make([]string, len(f.Params))
	for i, p := range f.Params {
		s[i] = fmt.Sprint(p)
	}
	return "nameParams(" + strings.Join(s, ", ") + ")"
}

// nameParams computes, to a fixed point (helpers may call helpers declared
// later), the finalizer-name parameters of the package's declared
// functions, and exports the fact of the exported ones.
func nameParams(pass *analysis.Pass) map[*types.Func][]int {
	out := map[*types.Func][]int{}
	prog := ssapkg.Of(pass)
	if prog == nil {
		return out
	}
	var funcs []*ssa.Function
	for _, fn := range prog.SrcFuncs() {
		if _, ok := fn.Object().(*types.Func); ok && fn.Parent() == nil && fn.Synthetic == "" && len(fn.Params) > 0 {
			funcs = append(funcs, fn)
		}
	}
	known := func(fn *types.Func) []int {
		if fn == nil {
			return nil
		}
		if i, ok := lifecycle.NameArg(fn); ok {
			return []int{i}
		}
		if fn.Pkg() == pass.Pkg {
			return out[fn]
		}
		var f NameParams
		if fn.Pkg() != nil && pass.ImportObjectFact(fn, &f) {
			return f.Params
		}
		return nil
	}
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			obj := fn.Object().(*types.Func)
			for _, i := range namesOf(fn, known) {
				if !slices.Contains(out[obj], i) {
					out[obj] = append(out[obj], i)
					changed = true
				}
			}
		}
	}
	for _, fn := range funcs {
		obj := fn.Object().(*types.Func)
		if ps := out[obj]; len(ps) > 0 && obj.Exported() && !ssapkg.InTestFile(pass, fn.Pos()) {
			ps = slices.Clone(ps)
			slices.Sort(ps)
			pass.ExportObjectFact(obj, &NameParams{Params: ps})
		}
	}
	return out
}

// namesOf returns the string parameters of fn (indexes without the
// receiver) that a call in fn's own body gives, unchanged up to
// conversions between string types, where known says a finalizer's name
// goes. A parameter combined with other text (domain + "/" + name), or
// captured by a closure, is not one: what reaches the call is not what the
// caller passed.
func namesOf(fn *ssa.Function, known func(*types.Func) []int) []int {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	var out []int
	for c := range ssaflow.Calls(fn) {
		if _, isGo := c.(*ssa.Go); isGo {
			continue
		}
		cc := c.Common()
		args := crapi.CallArgs(cc)
		for _, i := range known(crapi.Callee(cc)) {
			if i < 0 || i >= len(args) {
				continue
			}
			p := ssaflow.ParamIndex(fn, ssaflow.StripConv(args[i])) - recv
			if p < 0 || slices.Contains(out, p) {
				continue
			}
			if b, ok := fn.Params[p+recv].Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
				out = append(out, p)
			}
		}
	}
	return out
}

// helperNames returns the finalizer-name parameters of fn, a function of
// this package or, through its fact, of another package of the module.
func (c *checker) helperNames(fn *types.Func) []int {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Pkg() == c.pass.Pkg {
		return c.params[fn]
	}
	var f NameParams
	if fn.Pkg() != nil && c.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// helperVia names, for a message, the helper fn whose parameter i is a
// finalizer name: " (the finalizer name finalizers.Ensure takes as name)".
func helperVia(pass *analysis.Pass, fn *types.Func, i int) string {
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		if n := crapi.Named(recv.Type()); n != nil {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil && fn.Pkg() != pass.Pkg {
		name = fn.Pkg().Name() + "." + name
	}
	param := ""
	if ps := fn.Signature().Params(); i < ps.Len() {
		if n := ps.At(i).Name(); n != "" && n != "_" {
			param = " as " + n
		}
	}
	return " (the finalizer name " + name + " takes" + param + ")"
}
