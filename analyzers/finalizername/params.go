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
		if ps := out[obj]; len(ps) > 0 && obj.Exported() && !ssapkg.InTestCode(pass, fn.Pos()) {
			ps = slices.Clone(ps)
			slices.Sort(ps)
			pass.ExportObjectFact(obj, &NameParams{Params: ps})
		}
	}
	return out
}

// namesOf returns the string parameters of fn (indexes without the
// receiver) that fn's own body gives, unchanged up to conversions between
// string types, where known says a finalizer's name goes, or appends to
// (or lists in) an object's finalizers: stored in its Finalizers field or
// given to SetFinalizers. A parameter combined with other text
// (domain + "/" + name), or captured by a closure, is not one: what
// reaches the call is not what the caller passed.
func namesOf(fn *ssa.Function, known func(*types.Func) []int) []int {
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	var out []int
	add := func(v ssa.Value) {
		p := ssaflow.ParamIndex(fn, ssaflow.StripConv(v)) - recv
		if p < 0 || slices.Contains(out, p) {
			return
		}
		if b, ok := fn.Params[p+recv].Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			out = append(out, p)
		}
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Go:
			case *ssa.Store:
				// obj.Finalizers = append(obj.Finalizers, name), or = []string{name}.
				if isFinalizersAddr(x.Addr) {
					for _, e := range listElems(x.Val) {
						add(e)
					}
				}
			case ssa.CallInstruction:
				cc := x.Common()
				callee := crapi.Callee(cc)
				args := crapi.CallArgs(cc)
				for _, i := range known(callee) {
					if i >= 0 && i < len(args) {
						add(args[i])
					}
				}
				// obj.SetFinalizers(append(obj.GetFinalizers(), name)).
				if callee != nil && callee.Name() == "SetFinalizers" && callee.Signature().Recv() != nil && callee.Pkg() != nil && callee.Pkg().Path() == lifecycle.MetaV1Pkg && len(args) == 1 {
					for _, e := range listElems(args[0]) {
						add(e)
					}
				}
			}
		}
	}
	return out
}

// isFinalizersAddr reports whether addr is the address of an ObjectMeta's
// Finalizers field (obj.Finalizers through the embedded ObjectMeta too).
func isFinalizersAddr(addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok || !crapi.IsNamed(ptr.Elem(), lifecycle.MetaV1Pkg, "ObjectMeta") {
		return false
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	return ok && fa.Field >= 0 && fa.Field < st.NumFields() && st.Field(fa.Field).Name() == "Finalizers"
}

// listElems returns the elements a finalizer list adds, when they are
// known: those appended (append(list, a, b)) or those of a slice literal
// ([]string{a, b}).
func listElems(v ssa.Value) []ssa.Value {
	v = ssaflow.StripConv(v)
	if call, ok := v.(*ssa.Call); ok {
		b, isBuiltin := call.Call.Value.(*ssa.Builtin)
		if !isBuiltin || b.Name() != "append" || len(call.Call.Args) != 2 {
			return nil
		}
		v = call.Call.Args[1]
	}
	elems, ok := ssaflow.VariadicElems(v)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, e := range elems {
		if e != nil {
			out = append(out, e)
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
