package statuslost

import (
	_ "embed"
	"fmt"
	"go/types"
	"slices"
	"sort"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports status lost to a write of the main resource.
var Analyzer = &analysis.Analyzer{
	Name:     "statuslost",
	Doc:      checkdoc.MustExtract(doc, "statuslost"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, apimarkers.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	if prog == nil || ssapkg.IsDependency(pass) {
		return nil, nil
	}
	objs := objects.Of(pass)
	markers := apimarkers.Of(pass)
	c := &checker{objs: objs, pkg: prog.Package()}
	reported := map[ssa.Instruction]bool{}
	for _, fn := range prog.SrcFuncs() {
		if len(fn.Blocks) == 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for call := range ssaflow.Calls(fn) {
			for _, obj := range objs.WritesStatus(call.Common()) {
				if !hasStatusSubresource(markers, obj.Type()) {
					continue
				}
				steps := objs.Steps(fn, call, obj)
				if c.setsStatus(fn, call, obj, 0) {
					continue
				}
				for start, ev := range steps.Starts {
					if ev != objects.Written || reported[start] || writesStatusOf(objs, fn, start, obj) {
						continue
					}
					if c.mayResetStatus(fn, start, steps, obj) {
						// Set again after the write on some path, or maybe
						// (handed to code that may set it: karpenter's
						// nodeClaim.StatusConditions().SetTrue).
						continue
					}
					before := objs.Steps(fn, start, obj)
					if before.Strong&objects.Status == 0 && (!before.Entry || len(before.Starts) != 0) {
						// Neither set here nor handed in by the caller with
						// what it set: the status write only writes back
						// what the server has.
						continue
					}
					reported[start] = true
					report(pass, objs, fn, start, call, obj, before)
				}
			}
		}
	}
	return nil, nil
}

// setsStatus reports whether the status write is a helper of the module
// that sets the status of the object it is given before writing it: the
// status it writes is its own. A helper of this package is read through,
// helpers it calls included; one of another package by its fact.
func (c *checker) setsStatus(fn *ssa.Function, call ssa.CallInstruction, obj ssa.Value, depth int) bool {
	cc := call.Common()
	if _, direct := objects.StatusWrite(cc); direct || depth > 3 {
		return false
	}
	callee := crapi.Callee(cc)
	if callee == nil || cc.IsInvoke() {
		return false
	}
	for i, a := range cc.Args {
		if !c.objs.Same(fn, a, obj) {
			continue
		}
		if f := c.pkg.Prog.FuncValue(callee); f != nil && f.Pkg == c.pkg && len(f.Blocks) > 0 {
			if i < len(f.Params) && c.setsBeforeWrite(f, f.Params[i], depth+1) {
				return true
			}
			continue
		}
		if eff, ok := c.objs.ParamEffect(callee, i); ok && (eff.Strong|eff.Weak)&objects.Status != 0 {
			return true
		}
	}
	return false
}

// setsBeforeWrite reports whether fn sets the status of its parameter p
// before a status write of it, itself or in the helper that writes it.
func (c *checker) setsBeforeWrite(fn *ssa.Function, p ssa.Value, depth int) bool {
	for call := range ssaflow.Calls(fn) {
		for _, o := range c.objs.WritesStatus(call.Common()) {
			if !c.objs.Same(fn, o, p) {
				continue
			}
			// What may set the status counts (a helper given the
			// conditions' address, the object handed to unknown code).
			if st := c.objs.Steps(fn, call, p); (st.Strong|st.Weak)&(objects.Status|objects.Unknown) != 0 || c.setsStatus(fn, call, p, depth) {
				return true
			}
		}
	}
	return false
}

// mayResetStatus reports whether something the write start may precede,
// among the steps that reach the status write, sets the object's status
// or may.
func (c *checker) mayResetStatus(fn *ssa.Function, start ssa.Instruction, steps objects.Steps, obj ssa.Value) bool {
	for _, instr := range append(slices.Clip(steps.Changes), steps.Unknown...) {
		if !ssaflow.MayPrecede(start, instr) {
			continue
		}
		eff, _ := c.objs.EffectOf(fn, instr, obj)
		if (eff.Strong|eff.Weak)&(objects.Status|objects.Unknown) != 0 {
			return true
		}
	}
	return false
}

type checker struct {
	objs *objects.Result
	pkg  *ssa.Package
}

// writesStatusOf reports whether the event instr is itself a status write
// of obj (the history of the object restarts at a status write too).
func writesStatusOf(objs *objects.Result, fn *ssa.Function, instr ssa.Instruction, obj ssa.Value) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	for _, o := range objs.WritesStatus(call.Common()) {
		if objs.Same(fn, o, obj) {
			return true
		}
	}
	return false
}

// hasStatusSubresource reports whether objects of type t may have the
// status subresource: a built-in kind that has one, a kind of the module
// marked so, a kind of unknown markers or an object of any kind (the
// status write says the code expects one).
func hasStatusSubresource(markers *apimarkers.Result, t types.Type) bool {
	n := crapi.Named(t)
	if n == nil || types.IsInterface(n) {
		return true // any kind: the status write says the code expects one
	}
	has, known := markers.StatusSubresource(n.Obj())
	return has || !known
}

func report(pass *analysis.Pass, objs *objects.Result, fn *ssa.Function, write ssa.Instruction, statusWrite ssa.CallInstruction, obj ssa.Value, before objects.Steps) {
	wc, ok := write.(ssa.CallInstruction)
	if !ok {
		return
	}
	ce := ssaflow.CallExpr(fn, wc)
	if ce == nil {
		return
	}
	name := objName(objs, fn, wc, obj)
	what := writeName(pass, wc) + " of " + name
	if c, _, ok := crapi.ClientCallSSA(wc.Common()); !ok || !c.IsWrite() {
		what = writeName(pass, wc) + " writes " + name + " and"
	}
	statusWhat := "the status write of " + writeName(pass, statusWrite)
	if _, direct := objects.StatusWrite(statusWrite.Common()); direct {
		statusWhat = "the " + statusCall(statusWrite)
	}
	var lines []int
	for _, c := range before.Changes {
		if statusChange(objs, fn, c, obj) {
			lines = append(lines, pass.Fset.Position(c.Pos()).Line)
		}
	}
	sort.Ints(lines)
	set := "the " + before.FieldNames(objects.Status) + " set before it"
	if len(lines) > 0 {
		set += fmt.Sprintf(" (line %d)", lines[0])
	} else {
		set = "the status its caller set"
	}
	msg := fmt.Sprintf("%s reads the server's copy back into it, replacing %s: %s at line %d then writes the old status; write the status before this %s, or set it again after",
		what, set, statusWhat, pass.Fset.Position(statusWrite.Pos()).Line, writeName(pass, wc))
	diag.Report(pass, analysis.Diagnostic{Pos: ce.Pos(), End: ce.End(), Message: msg})
}

// statusChange reports whether the instruction c of the steps sets the
// object's status.
func statusChange(objs *objects.Result, fn *ssa.Function, c ssa.Instruction, obj ssa.Value) bool {
	eff, _ := objs.EffectOf(fn, c, obj)
	return eff.Strong&objects.Status != 0
}

// writeName names the write: the client method, or the helper.
func writeName(pass *analysis.Pass, call ssa.CallInstruction) string {
	if c, _, ok := crapi.ClientCallSSA(call.Common()); ok {
		return string(c.Method)
	}
	if callee := crapi.Callee(call.Common()); callee != nil {
		return crapi.FuncName(pass.Pkg, callee)
	}
	return "this call"
}

// statusCall names a direct status write: Status().Update.
func statusCall(call ssa.CallInstruction) string {
	c, _, _ := crapi.ClientCallSSA(call.Common())
	return "Status()." + string(c.Method)
}

// objName is the object's expression at the write, as written.
func objName(objs *objects.Result, fn *ssa.Function, call ssa.CallInstruction, obj ssa.Value) string {
	if e := ssaflow.ArgExpr(fn, call, func(a ssa.Value) bool { return objs.Same(fn, a, obj) }); e != nil {
		return types.ExprString(e)
	}
	return "the object"
}
