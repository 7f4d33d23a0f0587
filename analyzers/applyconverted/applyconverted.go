package applyconverted

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports server-side apply of converted typed objects.
var Analyzer = &analysis.Analyzer{
	Name:      "applyconverted",
	Doc:       checkdoc.MustExtract(doc, "applyconverted"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer},
	FactTypes: []analysis.Fact{new(Conversions)},
	Run:       run,
}

// Conversions is the fact of a function of the module that returns an
// unstructured object converted from a typed struct (From: the parameter
// converted, indexes without the receiver, or -1 for a typed value of its
// own), or applies a parameter server-side.
type Conversions struct {
	Converted []Conversion
	Applied   []int
}

// Conversion is a result of a Conversions fact.
type Conversion struct {
	Result, From int
}

// AFact marks Conversions as a fact.
func (*Conversions) AFact() {}

func (f *Conversions) String() string {
	var parts []string
	for _, c := range f.Converted {
		parts = append(parts, fmt.Sprintf("converted %d from %d", c.Result, c.From))
	}
	for _, p := range f.Applied {
		parts = append(parts, fmt.Sprintf("applied %d", p))
	}
	return "conversions(" + strings.Join(parts, "; ") + ")"
}

// source is where an applied object's content comes from: a typed value
// converted whole (typ, its static type), or a parameter of the function
// converted (param), in a helper (via) or here.
type source struct {
	typed bool
	typ   types.Type // nil when a helper converted a typed value of its own
	param int
	via   *types.Func
}

type checker struct {
	pass  *analysis.Pass
	local map[*types.Func]*Conversions
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	if prog == nil || ssapkg.IsDependency(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, local: map[*types.Func]*Conversions{}}
	var funcs []*ssa.Function
	for _, fn := range prog.SrcFuncs() {
		if len(fn.Blocks) > 0 && !ssapkg.InTestCode(pass, fn.Pos()) {
			funcs = append(funcs, fn)
		}
	}
	// The package's helpers, to a fixed point.
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			obj, ok := fn.Object().(*types.Func)
			if !ok || fn.Parent() != nil {
				continue
			}
			if c.learn(fn, obj) {
				changed = true
			}
		}
	}
	for obj, f := range c.local {
		if obj.Exported() {
			pass.ExportObjectFact(obj, f)
		}
	}
	for _, fn := range funcs {
		for call := range ssaflow.PlainCalls(fn) {
			c.judge(fn, call)
		}
	}
	return nil, nil
}

// learn adds what fn converts and applies to its entry; true if it grew.
func (c *checker) learn(fn *ssa.Function, obj *types.Func) bool {
	f := c.local[obj]
	if f == nil {
		f = &Conversions{}
	}
	grew := false
	res := fn.Signature.Results()
	for k := 0; k < res.Len(); k++ {
		if slices.ContainsFunc(f.Converted, func(x Conversion) bool { return x.Result == k }) {
			continue
		}
		var from *source
		all := true
		for ret := range ssaflow.Returns(fn) {
			v := ssaflow.Strip(ret.Results[k])
			if ssaflow.IsNil(v) {
				continue
			}
			s, ok := c.sourceOf(fn, v, 0)
			if !ok {
				all = false
				break
			}
			from = &s
		}
		if all && from != nil {
			p := -1
			if !from.typed {
				p = from.param
			}
			f.Converted = append(f.Converted, Conversion{Result: k, From: p})
			grew = true
		}
	}
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	for call := range ssaflow.PlainCalls(fn) {
		for _, v := range c.applied(call.Common()) {
			p := ssaflow.ParamIndex(fn, ssaflow.Strip(v)) - recv
			if p >= 0 && !slices.Contains(f.Applied, p) {
				f.Applied = append(f.Applied, p)
				grew = true
			}
		}
	}
	if grew {
		c.local[obj] = f
	}
	return grew
}

// applied returns what a call applies server-side: the library's call, or
// the arguments of a helper's applied parameters.
func (c *checker) applied(cc *ssa.CallCommon) []ssa.Value {
	if v, ok := crapi.ServerSideApply(cc); ok {
		return []ssa.Value{v}
	}
	f := c.factOf(crapi.Callee(cc), cc)
	if f == nil {
		return nil
	}
	args := crapi.CallArgs(cc)
	var out []ssa.Value
	for _, p := range f.Applied {
		if p < len(args) {
			out = append(out, args[p])
		}
	}
	return out
}

// factOf returns what the module's function callee converts and applies.
func (c *checker) factOf(callee *types.Func, cc *ssa.CallCommon) *Conversions {
	if callee == nil || cc.IsInvoke() {
		return nil
	}
	if callee.Pkg() == c.pass.Pkg {
		return c.local[callee]
	}
	var f Conversions
	if callee.Pkg() != nil && c.pass.ImportObjectFact(callee, &f) {
		return &f
	}
	return nil
}

// sourceOf tells whether v, an unstructured object, a map of one, or an
// apply configuration made from one, holds the whole content of a typed
// struct converted by ToUnstructured (here or in the module's helpers),
// and not pruned since.
func (c *checker) sourceOf(fn *ssa.Function, v ssa.Value, depth int) (source, bool) {
	if depth > 8 {
		return source{}, false
	}
	v = ssaflow.Strip(v)
	switch x := v.(type) {
	case *ssa.Parameter:
		recv := 0
		if fn.Signature.Recv() != nil {
			recv = 1
		}
		if p := ssaflow.ParamIndex(fn, x) - recv; p >= 0 {
			return source{param: p}, true // for a helper: the caller's argument
		}
	case *ssa.Alloc:
		return c.unstructuredOf(fn, x, depth)
	case *ssa.Call:
		return c.callSource(fn, x, 0, depth)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if conv, ok := toUnstructured(call); ok && x.Index == 0 {
				return c.convertedArg(fn, conv, depth)
			}
			return c.callSource(fn, call, x.Index, depth)
		}
	}
	return source{}, false
}

// callSource follows the result k of a call: ApplyConfigurationFromUnstructured,
// or a conversion helper of the module.
func (c *checker) callSource(fn *ssa.Function, call *ssa.Call, k, depth int) (source, bool) {
	callee := crapi.Callee(call.Common())
	if crapi.IsFuncIn(callee, crapi.ClientPkg, "ApplyConfigurationFromUnstructured") && len(call.Common().Args) == 1 {
		return c.sourceOf(fn, call.Common().Args[0], depth+1)
	}
	f := c.factOf(callee, call.Common())
	if f == nil {
		return source{}, false
	}
	for _, conv := range f.Converted {
		if conv.Result != k {
			continue
		}
		if conv.From < 0 {
			return source{typed: true, via: callee}, true
		}
		args := crapi.CallArgs(call.Common())
		if conv.From >= len(args) {
			return source{}, false
		}
		s, ok := typedArg(fn, args[conv.From])
		if !ok {
			if p, isParam := ssaflow.Strip(args[conv.From]).(*ssa.Parameter); isParam {
				return c.sourceOf(fn, p, depth+1)
			}
			return source{}, false
		}
		s.via = callee
		return s, true
	}
	return source{}, false
}

// unstructuredOf follows an unstructured.Unstructured made here to the
// content stored in it (its literal's Object, a store to Object,
// SetUnstructuredContent), unless fields are removed from it.
func (c *checker) unstructuredOf(fn *ssa.Function, alloc *ssa.Alloc, depth int) (source, bool) {
	if !crapi.IsNamed(alloc.Type().Underlying().(*types.Pointer).Elem(), crapi.UnstructuredPkg, "Unstructured") {
		return source{}, false
	}
	var contents []ssa.Value
	for _, ref := range *alloc.Referrers() {
		switch r := ref.(type) {
		case *ssa.FieldAddr:
			for _, fr := range *r.Referrers() {
				if st, ok := fr.(*ssa.Store); ok && st.Addr == r {
					contents = append(contents, st.Val)
				}
			}
		case *ssa.Call:
			if callee := crapi.Callee(r.Common()); callee != nil && callee.Name() == "SetUnstructuredContent" && len(r.Common().Args) == 2 {
				contents = append(contents, r.Common().Args[1])
			}
		}
	}
	if len(contents) != 1 || pruned(fn, alloc, contents[0]) {
		return source{}, false
	}
	return c.sourceOf(fn, contents[0], depth+1)
}

// convertedArg is the typed value a ToUnstructured call converts.
func (c *checker) convertedArg(fn *ssa.Function, conv *ssa.Call, depth int) (source, bool) {
	arg := conv.Common().Args[len(conv.Common().Args)-1]
	if s, ok := typedArg(fn, arg); ok {
		return s, true
	}
	if p, ok := ssaflow.Strip(arg).(*ssa.Parameter); ok {
		return c.sourceOf(fn, p, depth+1)
	}
	return source{}, false
}

// typedArg tells whether v is a pointer to a typed struct (not an
// unstructured object).
func typedArg(fn *ssa.Function, v ssa.Value) (source, bool) {
	t := ssaflow.Strip(v).Type()
	ptr, ok := t.Underlying().(*types.Pointer)
	if !ok {
		return source{}, false
	}
	if _, isStruct := ptr.Elem().Underlying().(*types.Struct); !isStruct || crapi.IsNamed(ptr.Elem(), crapi.UnstructuredPkg, "Unstructured") {
		return source{}, false
	}
	return source{typed: true, typ: t}, true
}

// toUnstructured reports whether call is runtime's ToUnstructured.
func toUnstructured(call *ssa.Call) (*ssa.Call, bool) {
	callee := crapi.Callee(call.Common())
	if callee == nil || callee.Name() != "ToUnstructured" || callee.Pkg() == nil || callee.Pkg().Path() != crapi.RuntimePkg || len(call.Common().Args) == 0 {
		return nil, false
	}
	return call, true
}

// pruned reports whether fields are removed from the object's content
// after the conversion: RemoveNestedField or delete on its map.
func pruned(fn *ssa.Function, alloc *ssa.Alloc, content ssa.Value) bool {
	mine := func(v ssa.Value) bool {
		v = ssaflow.Strip(v)
		if v == ssaflow.Strip(content) {
			return true
		}
		ld, ok := v.(*ssa.UnOp)
		if !ok || ld.Op != token.MUL {
			return false
		}
		fa, ok := ld.X.(*ssa.FieldAddr)
		return ok && fa.X == alloc
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || len(call.Common().Args) == 0 {
				continue
			}
			cc := call.Common()
			if bi, ok := cc.Value.(*ssa.Builtin); ok && bi.Name() == "delete" && mine(cc.Args[0]) {
				return true
			}
			if crapi.IsFuncIn(crapi.Callee(cc), crapi.UnstructuredPkg, "RemoveNestedField") && mine(cc.Args[0]) {
				return true
			}
		}
	}
	return false
}

// judge reports a server-side apply of a converted typed object.
func (c *checker) judge(fn *ssa.Function, call *ssa.Call) {
	cc := call.Common()
	direct := false
	var objs []ssa.Value
	if v, ok := crapi.ServerSideApply(cc); ok {
		objs, direct = []ssa.Value{v}, true
	} else {
		objs = c.applied(cc)
	}
	for _, v := range objs {
		s, ok := c.sourceOf(fn, v, 0)
		if !ok || !s.typed {
			continue
		}
		c.report(fn, call, v, s, direct)
		return
	}
}

func (c *checker) report(fn *ssa.Function, call *ssa.Call, v ssa.Value, s source, direct bool) {
	ce := ssaflow.CallExpr(fn, call)
	if ce == nil {
		return
	}
	name := "the object"
	if e := ssaflow.ArgExpr(fn, call, func(a ssa.Value) bool { return a == v }); e != nil {
		name = types.ExprString(e)
		if _, lit := ast.Unparen(e).(*ast.UnaryExpr); lit || strings.Contains(name, "{") {
			name = "an unstructured object"
		}
	}
	in := ""
	if s.via != nil {
		in = " (in " + crapi.FuncName(c.pass.Pkg, s.via) + ")"
	}
	what := "server-side apply of " + name
	if !direct {
		what = crapi.FuncName(c.pass.Pkg, crapi.Callee(call.Common())) + " applies " + name + " server-side"
	}
	typ := "object"
	if s.typ != nil {
		typ = crapi.ObjectTypeString(s.typ)
	}
	msg := fmt.Sprintf("%s, converted from a typed %s with ToUnstructured%s: every field the struct serialises with its zero value (an empty struct such as a container's resources: {}, a zero such as a port's targetPort: 0) becomes a field this manager owns: a value another manager sets there is reset by each apply with ForceOwnership, and makes the apply fail with a conflict without it; build it with apply configurations (k8s.io/client-go/applyconfigurations) or an unstructured holding only the intended fields",
		what, typ, in)
	diag.Report(c.pass, analysis.Diagnostic{Pos: ce.Pos(), End: ce.End(), Message: msg})
}
