package mutateoutside

import (
	_ "embed"
	"fmt"
	"go/types"
	"maps"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports desired state set outside a mutate function.
var Analyzer = &analysis.Analyzer{
	Name:      "mutateoutside",
	Doc:       checkdoc.MustExtract(doc, "mutateoutside"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, apimarkers.Analyzer},
	FactTypes: []analysis.Fact{new(Upserts)},
	Run:       run,
}

// Upserts is the fact of a function of the module that hands its object
// parameters to CreateOrUpdate/CreateOrPatch (indexes without the
// receiver) with a mutate function that sets only Resets again:
// what a caller sets on that object before the call is lost the same way.
type Upserts struct {
	Params []Upsert
}

// Upsert is one parameter of an Upserts fact.
type Upsert struct {
	Param  int
	Resets []string
	// Via is the library function (CreateOrUpdate or CreateOrPatch).
	Via string
}

// AFact marks Upserts as a fact.
func (*Upserts) AFact() {}

func (f *Upserts) String() string {
	var parts []string
	for _, p := range f.Params {
		parts = append(parts, fmt.Sprint(p.Param))
	}
	return "upserts(" + strings.Join(parts, ", ") + ")"
}

// site is a call that reads the live object into obj before the mutate
// function, which sets resets again (any: the analysis cannot tell).
type site struct {
	obj    ssa.Value
	resets map[string]bool
	any    bool
	via    string
	helper *types.Func // nil for the library's own call
	arg    int         // index of obj among the call's arguments, receiver excluded
}

type checker struct {
	pass    *analysis.Pass
	objs    *objects.Result
	markers *apimarkers.Result
	local   map[*types.Func][]Upsert
	// callers are the package's static call sites of each function;
	// valued, the functions also used as values (not all callers seen).
	callers map[*ssa.Function][]ssa.CallInstruction
	valued  map[*ssa.Function]bool
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	if prog == nil || ssapkg.IsDependency(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, objs: objects.Of(pass), markers: apimarkers.Of(pass), local: map[*types.Func][]Upsert{}}
	var funcs []*ssa.Function
	for _, fn := range prog.SrcFuncs() {
		if len(fn.Blocks) > 0 && !ssapkg.InTestCode(pass, fn.Pos()) {
			funcs = append(funcs, fn)
		}
	}
	c.callers, c.valued = prog.Callers(pass), ssaflow.UsedAsValue(funcs)
	// The package's upsert helpers first, to a fixed point: a helper may
	// hand its parameter to another.
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			obj, ok := fn.Object().(*types.Func)
			if !ok || fn.Parent() != nil {
				continue
			}
			recv := 0
			if fn.Signature.Recv() != nil {
				recv = 1
			}
			for call := range ssaflow.PlainCalls(fn) {
				for _, s := range c.sitesOf(fn, call.Common()) {
					p := ssaflow.ParamIndex(fn, c.objs.Key(fn, s.obj)) - recv
					if p < 0 || s.any || slices.ContainsFunc(c.local[obj], func(u Upsert) bool { return u.Param == p }) {
						continue
					}
					if steps := c.objs.Steps(fn, call, s.obj); !steps.Entry || len(steps.Starts) > 0 {
						continue // the parameter is not what reaches the call on every path
					}
					c.local[obj] = append(c.local[obj], Upsert{Param: p, Resets: slices.Sorted(maps.Keys(s.resets)), Via: s.via})
					changed = true
				}
			}
		}
	}
	for obj, ups := range c.local {
		if obj.Exported() {
			pass.ExportObjectFact(obj, &Upserts{Params: ups})
		}
	}
	for _, fn := range funcs {
		for call := range ssaflow.PlainCalls(fn) {
			for _, s := range c.sitesOf(fn, call.Common()) {
				if !s.any {
					c.judge(fn, call, s)
				}
			}
		}
	}
	return nil, nil
}

// sitesOf returns what the call reads the live object into before a
// mutate function: CreateOrUpdate/CreateOrPatch's object, or the
// arguments a helper of the module hands to one.
func (c *checker) sitesOf(fn *ssa.Function, cc *ssa.CallCommon) []site {
	callee := crapi.Callee(cc)
	if callee == nil || cc.IsInvoke() {
		return nil
	}
	args := crapi.CallArgs(cc)
	if crapi.IsFuncIn(callee, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") {
		if len(args) < 4 {
			return nil
		}
		s := site{obj: args[2], via: callee.Name(), arg: 2}
		s.resets, s.any = c.resets(fn, args[3], args[2])
		return []site{s}
	}
	ups := c.local[callee]
	if callee.Pkg() != c.pass.Pkg {
		var f Upserts
		if callee.Pkg() != nil && c.pass.ImportObjectFact(callee, &f) {
			ups = f.Params
		}
	}
	var out []site
	for _, u := range ups {
		if u.Param >= len(args) {
			continue
		}
		s := site{obj: args[u.Param], via: u.Via, helper: callee, arg: u.Param, resets: map[string]bool{}}
		for _, n := range u.Resets {
			s.resets[n] = true
		}
		out = append(out, s)
	}
	return out
}

// resets returns the fields the mutate function f sets on obj again; any
// is true when f is not a function literal made here (a function value,
// a method value): what it sets is not known.
func (c *checker) resets(fn *ssa.Function, f, obj ssa.Value) (map[string]bool, bool) {
	eff, captures, known := c.objs.FuncValueEffect(fn, f, obj)
	if !known {
		return nil, true
	}
	if !captures {
		// A function of the package, or a literal that does not capture
		// the caller's object: it cannot reach it.
		return map[string]bool{}, false
	}
	if (eff.Strong|eff.Weak)&objects.Unknown != 0 {
		return nil, true
	}
	out := map[string]bool{}
	for n := range eff.Names {
		out[n] = true
	}
	return out, false
}

// judge reports the fields set on the site's object before the call that
// the mutate function does not set again.
func (c *checker) judge(fn *ssa.Function, call *ssa.Call, s site) {
	steps := c.objs.Steps(fn, call, s.obj)
	set := map[string]bool{}
	for n := range steps.Names {
		set[n] = true
	}
	for start, ev := range steps.Starts {
		if ev != objects.Made {
			continue
		}
		for n := range c.objs.MadeFields(start) {
			set[n] = true
		}
	}
	tn := typeName(objects.ObjectType(s.obj))
	if c.createOnly(fn, call, objects.ObjectType(s.obj), 0) {
		return
	}
	var lost []string
	for n := range set {
		if !reported(n) || covered(n, s.resets) || knowledge.Immutable(tn, n) || c.markers.Immutable(tn, n) {
			continue
		}
		lost = append(lost, n)
	}
	if len(lost) == 0 {
		return
	}
	sort.Strings(lost)
	ce := ssaflow.CallExpr(fn, call)
	if ce == nil || s.arg >= len(ce.Args) {
		return
	}
	kind := "object"
	if tn != nil {
		kind = tn.Name()
	}
	fields := fieldList(lost)
	name := types.ExprString(ce.Args[s.arg])
	var msg string
	if s.helper != nil {
		msg = fmt.Sprintf("%s hands %s to %s, which reads the live %s into it before the mutate function, which does not set %s again: an existing %s is never updated with the %s set before the call; set %s inside the mutate function",
			crapi.FuncName(c.pass.Pkg, s.helper), name, s.via, kind, fields, kind, fields, them(lost))
	} else {
		msg = fmt.Sprintf("%s reads the live %s into %s before it calls the mutate function, which does not set %s again: an existing %s is never updated with the %s set before the call; set %s inside the mutate function",
			s.via, kind, name, fields, kind, fields, them(lost))
	}
	var fixes []analysis.SuggestedFix
	if s.helper == nil {
		fixes = fix(c.pass, ce, lost)
	}
	diag.Report(c.pass, analysis.Diagnostic{Pos: ce.Pos(), End: ce.End(), Message: msg, SuggestedFixes: fixes})
}

// createOnly reports whether the call runs only where a Get of an object
// of its type has just failed with NotFound (if apierrors.IsNotFound(err)
// { ... CreateOrUpdate ... }): it creates the object, with what was set.
// The test may be in the callers: an unexported function every call of
// which in the package is so guarded (up to three calls up; openyurt's
// initFramework, called only when the framework ConfigMap is not found).
func (c *checker) createOnly(fn *ssa.Function, call ssa.CallInstruction, t types.Type, depth int) bool {
	if guardedByNotFound(fn, call, t) {
		return true
	}
	if depth >= 3 || fn.Object() == nil || fn.Object().Exported() || c.valued[fn] || len(c.callers[fn]) == 0 {
		return false
	}
	for _, site := range c.callers[fn] {
		if up := site.Parent(); up == nil || !c.createOnly(up, site, t, depth+1) {
			return false
		}
	}
	return true
}

// guardedByNotFound is createOnly's test in fn itself.
func guardedByNotFound(fn *ssa.Function, call ssa.CallInstruction, t types.Type) bool {
	for _, b := range fn.Blocks {
		ifi, ok := ssaflow.Last(b).(*ssa.If)
		if !ok || len(b.Succs) != 2 || len(b.Succs[0].Preds) != 1 || !b.Succs[0].Dominates(call.Block()) {
			continue
		}
		test, ok := ifi.Cond.(*ssa.Call)
		if !ok || !crapi.IsFuncIn(crapi.Callee(test.Common()), crapi.APIErrorsPkg, "IsNotFound") || len(test.Common().Args) != 1 {
			continue
		}
		get, ok := ssaflow.Strip(test.Common().Args[0]).(*ssa.Call)
		if !ok {
			continue
		}
		c, args, ok := crapi.ClientCallSSA(get.Common())
		if ok && c.Method == crapi.Get && len(args) >= 3 && types.Identical(objects.ObjectType(args[2]), t) {
			return true
		}
	}
	return false
}

// reported tells whether a field set before the call matters: the spec
// and data, labels and annotations; not the name and namespace the read
// needs, the status CreateOrUpdate never writes, metadata the server
// keeps, or a whole ObjectMeta (which may hold only the name).
func reported(n string) bool {
	switch n {
	case "Labels", "Annotations":
		return true
	case "Status", "TypeMeta", "Kind", "APIVersion":
		return false
	}
	return objects.ClassOfName(n) == objects.Spec
}

// covered tells whether the mutate function sets the field again: by its
// name, or by its part's name when a fact carries only the part ("Spec",
// "metadata").
func covered(n string, resets map[string]bool) bool {
	if resets[n] {
		return true
	}
	switch objects.ClassOfName(n) {
	case objects.Meta:
		return resets["metadata"]
	case objects.Spec:
		return resets["Spec"]
	}
	return false
}

func fieldList(ns []string) string {
	out := make([]string, len(ns))
	for i, n := range ns {
		out[i] = "." + n
	}
	if len(out) == 1 {
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

func them(ns []string) string {
	if len(ns) == 1 {
		return "it"
	}
	return "them"
}

func typeName(t types.Type) *types.TypeName {
	if n := crapi.Named(t); n != nil {
		return n.Obj()
	}
	return nil
}
