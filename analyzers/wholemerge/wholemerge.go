package wholemerge

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

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

// Analyzer is the wholemerge check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:      "wholemerge",
	Doc:       checkdoc.MustExtract(doc, "wholemerge"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Patches)},
}

// Patches is the fact of a function of the module that sends an object
// parameter whole as a JSON merge patch, as it was given (no read or write
// of it in between): the caller's history of its argument decides, in
// another package as in this one.
type Patches struct {
	// Params are the parameters so patched, indexed as SSA does (the
	// receiver first).
	Params []int
}

// AFact marks Patches as a fact.
func (*Patches) AFact() {}

func (p *Patches) String() string {
	s := make([]string, len(p.Params))
	for i, n := range p.Params {
		s[i] = fmt.Sprint(n)
	}
	return "wholeMerge(" + strings.Join(s, ", ") + ")"
}

// site is a whole merge patch of an object in a function: a client Patch
// with client.Merge or a RawPatch of json.Marshal(obj), or a call of a
// helper that makes one of its parameter.
type site struct {
	call *ssa.Call
	// obj is the object sent; from is where its history is asked: the
	// Patch, the json.Marshal call, or the helper's call.
	obj  ssa.Value
	from ssa.Instruction
	// patchArg is the client.Merge argument of a client Patch, which the
	// suggested fix replaces; nil for a RawPatch or a helper.
	patchArg ssa.Value
	helper   *types.Func
	// arg is the index of the helper's object argument in the call's
	// syntax.
	arg int
}

type checker struct {
	pass *analysis.Pass
	objs *objects.Result
	// local are the functions of this package known to patch parameters
	// whole (Patches), learnt to a fixed point.
	local map[*types.Func][]int
	// names are the patch variables the fixes of each top-level
	// function declare; inserted the name of each copy placed.
	names    map[ast.Node]map[string]bool
	inserted map[insertion]string
}

func run(pass *analysis.Pass) (any, error) {
	c := &checker{pass: pass, objs: objects.Of(pass), local: map[*types.Func][]int{}, names: map[ast.Node]map[string]bool{}, inserted: map[insertion]string{}}
	var fns []*ssa.Function
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if !ssapkg.InTestCode(pass, fn.Pos()) {
			fns = append(fns, fn)
		}
	}
	// A helper may hand its parameter to another helper that patches it:
	// rounds until no function learns a parameter more.
	for changed := true; changed; {
		changed = false
		for _, fn := range fns {
			obj, ok := fn.Object().(*types.Func)
			if !ok {
				continue
			}
			for _, s := range c.sites(fn) {
				p, ok := param(fn, s.obj)
				if !ok || slices.Contains(c.local[obj], p) || !c.objs.Steps(fn, s.from, s.obj).Entry {
					continue
				}
				c.local[obj] = append(c.local[obj], p)
				changed = true
			}
		}
	}
	for obj, ps := range c.local {
		slices.Sort(ps)
		pass.ExportObjectFact(obj, &Patches{Params: ps})
	}
	for _, fn := range fns {
		for _, s := range c.sites(fn) {
			c.check(fn, s)
		}
	}
	return nil, nil
}

// sites returns the whole merge patches of fn.
func (c *checker) sites(fn *ssa.Function) []site {
	var out []site
	for call := range ssaflow.PlainCalls(fn) {
		cc := call.Common()
		if cs, args, ok := crapi.ClientCallSSA(cc); ok {
			if cs.Method != crapi.Patch || len(args) < 3 {
				continue
			}
			marshalled, at, ok := objects.WholeMergePatch(args[2])
			switch {
			case !ok:
			case marshalled == nil:
				out = append(out, site{call: call, obj: ssaflow.Strip(args[1]), from: call, patchArg: args[2]})
			default:
				out = append(out, site{call: call, obj: marshalled, from: at})
			}
			continue
		}
		callee := cc.StaticCallee()
		fobj := crapi.Callee(cc)
		if callee == nil || fobj == nil || len(callee.FreeVars) > 0 {
			continue
		}
		// The receiver of a method is its first parameter, not in the
		// call's syntax.
		recv := 0
		if fobj.Signature().Recv() != nil {
			recv = 1
		}
		for _, p := range c.patched(fobj) {
			if p < len(cc.Args) && p >= recv {
				out = append(out, site{call: call, obj: ssaflow.Strip(cc.Args[p]), from: call, helper: fobj, arg: p - recv})
			}
		}
	}
	return out
}

// patched returns the parameters fn sends whole as a merge patch: this
// package's from the rounds, another's from its fact.
func (c *checker) patched(fn *types.Func) []int {
	fn = fn.Origin()
	if fn.Pkg() == c.pass.Pkg {
		return c.local[fn]
	}
	var f Patches
	if c.pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// param returns the index of the parameter of fn that v is.
func param(fn *ssa.Function, v ssa.Value) (int, bool) {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return 0, false
	}
	i := slices.Index(fn.Params, p)
	return i, i >= 0
}

// check reports the site when the object sent was read from the server
// (or written to it, its answer decoded back) on some path to it.
func (c *checker) check(fn *ssa.Function, s site) {
	h := c.objs.Steps(fn, s.from, s.obj)
	source := ""
	for st, ev := range h.Starts {
		switch {
		case ev == objects.Fetched, ev == objects.Made && c.copyOfRead(st):
			source = "as read from the server"
		case ev == objects.Written && source == "":
			source = "as the server answered an earlier write"
		}
	}
	if source == "" {
		return // built here, or given: its maker or caller decides
	}
	expr := ssaflow.CallExpr(fn, s.call)
	if expr == nil {
		return
	}
	name := "the object"
	if text, ok := objectText(fn, s); ok {
		name = strings.TrimPrefix(text, "&")
	}
	var what, fix string
	var fixes []analysis.SuggestedFix
	switch {
	case s.helper != nil:
		what = fmt.Sprintf("%s sends all of %s (a client.Merge patch)", crapi.FuncName(c.pass.Pkg, s.helper), name)
		fix = "give it a copy taken right after the read and patch with client.MergeFrom(copy)"
	case s.patchArg == nil:
		what = fmt.Sprintf("this merge patch of json.Marshal sends all of %s", name)
		fix = fmt.Sprintf("patch with client.MergeFrom(%s.DeepCopy()), the copy taken right after the read", name)
	default:
		what = fmt.Sprintf("client.Merge sends all of %s", name)
		fix = fmt.Sprintf("patch with client.MergeFrom(%s.DeepCopy()), the copy taken right after the read", name)
		fixes = c.fix(fn, expr, s, h)
	}
	diag.Reportf(c.pass, expr, fixes,
		"%s %s, resourceVersion included, as a JSON merge patch: the API server answers 409 Conflict whenever the object was written since, and what the code removed (a label, an annotation, a map key, an omitempty field emptied, the last finalizer) is not in the patch and stays on the server; %s",
		what, source, fix)
}

// copyOfRead reports whether the instruction st, where the patched
// object's history starts, is a deep copy of an object read from the
// server that keeps its identity (k0smotron's m := machine.DeepCopy()):
// the copy carries the resourceVersion and every field read.
func (c *checker) copyOfRead(st ssa.Instruction) bool {
	v, ok := st.(ssa.Value)
	if !ok {
		return false
	}
	orig, ok := objects.KeptCopy(v)
	return ok && c.objs.Steps(st.Parent(), st, orig).Fetched()
}

// objectText is the object's expression as written at the site: the
// Patch's object argument, json.Marshal's, or the helper's argument.
func objectText(fn *ssa.Function, s site) (string, bool) {
	var call *ast.CallExpr
	idx := -1
	switch {
	case s.patchArg != nil:
		call, idx = ssaflow.CallExpr(fn, s.call), 1
	case s.helper == nil:
		if m, ok := s.from.(*ssa.Call); ok {
			call, idx = ssaflow.CallExpr(fn, m), 0
		}
	default:
		call, idx = ssaflow.CallExpr(fn, s.call), s.arg
	}
	if call == nil || idx < 0 || idx >= len(call.Args) {
		return "", false
	}
	return types.ExprString(ast.Unparen(call.Args[idx])), true
}
