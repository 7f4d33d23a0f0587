package ownerrefnil

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

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

// Analyzer reports owner-reference fields read without a check.
var Analyzer = &analysis.Analyzer{
	Name:      "ownerrefnil",
	Doc:       checkdoc.MustExtract(doc, "ownerrefnil"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(nilRefs), new(falseOnNil)},
}

// falseOnNil is the fact of an exported function of the module whose one
// result, a bool, is false whenever one of its *metav1.OwnerReference
// parameters (their SSA indexes, a method's receiver first) is nil: it
// tests the parameter first and returns false (MatchesGroupKind(ref, gk)
// of agent-sandbox). Its true side is a nil test of that argument.
type falseOnNil struct {
	Params []int
}

// AFact marks falseOnNil as a fact.
func (*falseOnNil) AFact() {}

func (f *falseOnNil) String() string { return fmt.Sprintf("falseOnNil%v", f.Params) }

// nilRefs is the fact of an exported function of the module whose
// *metav1.OwnerReference results (their indexes) may be nil: a nil
// returned on some path, or the result of GetControllerOf or of another
// such function. Its callers must test them before reading a field.
// Guarded are those nil only beside one constant result (a helper
// returning (true, &ref) or (false, nil), or (unowned, nil) of an enum):
// a test of that result guards them as a nil test would.
type nilRefs struct {
	Results []int
	Guarded []guard
}

// guard says that result Result is nil only when result Flag is the
// constant NilWhen.
type guard struct {
	Result, Flag int
	NilWhen      constKey
}

// constKey is a constant bool, integer or string, comparable with ==:
// its kind and its exact text (constant.Value's ExactString).
type constKey struct {
	Kind constant.Kind
	Text string
}

var trueKey = constKey{constant.Bool, "true"}

// keyOf returns the key of v, a constant bool, integer or string.
func keyOf(v ssa.Value) (constKey, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return constKey{}, false
	}
	switch k := c.Value.Kind(); k {
	case constant.Bool, constant.Int, constant.String:
		return constKey{k, c.Value.ExactString()}, true
	}
	return constKey{}, false
}

// AFact marks nilRefs as a fact.
func (*nilRefs) AFact() {}

// String lists the results: "nilRef[0]", "nilRef[1 unless 0]" (nil only
// when result 0 is false), "nilRef[1 if 0]" (only when it is true),
// "nilRef[1 if 0 == 1]" (only when it is the constant 1).
func (f *nilRefs) String() string {
	var parts []string
	for _, r := range f.Results {
		parts = append(parts, fmt.Sprint(r))
	}
	for _, g := range f.Guarded {
		switch g.NilWhen {
		case trueKey:
			parts = append(parts, fmt.Sprintf("%d if %d", g.Result, g.Flag))
		case constKey{constant.Bool, "false"}:
			parts = append(parts, fmt.Sprintf("%d unless %d", g.Result, g.Flag))
		default:
			parts = append(parts, fmt.Sprintf("%d if %d == %s", g.Result, g.Flag, g.NilWhen.Text))
		}
	}
	return "nilRef[" + strings.Join(parts, " ") + "]"
}

// nilResult is a result of a function that may be a nil reference;
// flag >= 0 when it is nil only while result flag is the constant
// nilWhen.
type nilResult struct {
	index, flag int
	nilWhen     constKey
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	if prog == nil {
		return nil, nil
	}
	objs := objects.Of(pass)
	nr := &nilResults{pass: pass, local: map[*types.Func][]nilResult{}, guards: learnGuards(pass, prog.SrcFuncs())}
	nr.learnNilRefs(prog.SrcFuncs())
	reported := map[token.Pos]bool{}
	report := func(d analysis.Diagnostic) {
		if !reported[d.Pos] {
			reported[d.Pos] = true
			diag.Report(pass, d)
		}
	}
	for _, fn := range prog.SrcFuncs() {
		if len(fn.Blocks) == 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		// One report per reference that may be nil: its first read panics,
		// the ones after it are not reached.
		readRefs := map[ssa.Value]bool{}
		field := func(instr ssa.Instruction, ref ssa.Value) {
			if readRefs[ssaflow.Strip(ref)] {
				return
			}
			if d, ok := controllerField(nr, instr, ref); ok {
				readRefs[ssaflow.Strip(ref)] = true
				report(d)
			}
		}
		for _, b := range fn.DomPreorder() {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.UnOp:
					if x.Op == token.MUL {
						if d, ok := optionalDeref(pass, objs, x); ok {
							report(d)
						}
					}
				case *ssa.IndexAddr:
					if d, ok := unguardedIndex(objs, x, x.X, x.Index); ok {
						report(d)
					}
				case *ssa.Index:
					if d, ok := unguardedIndex(objs, x, x.X, x.Index); ok {
						report(d)
					}
				case *ssa.FieldAddr:
					field(x, x.X)
				case *ssa.Field:
					// A field of *GetControllerOf(obj) goes through a load.
					if u, ok := x.X.(*ssa.UnOp); ok && u.Op == token.MUL {
						field(x, u.X)
					}
				}
			}
		}
	}
	return nil, nil
}

// optionalDeref judges *p where p is an optional field of an owner
// reference read from an object or a parameter.
func optionalDeref(pass *analysis.Pass, objs *objects.Result, deref *ssa.UnOp) (analysis.Diagnostic, bool) {
	field, base, ok := refField(deref.X)
	if !ok || !slices.Contains(knowledge.OwnerRefOptional, field) {
		return analysis.Diagnostic{}, false
	}
	src, obj := origin(base, 0)
	if src == srcNone || src == srcControllerOf && field == "Controller" || src == srcObject && !written(objs, deref, obj) {
		return analysis.Diagnostic{}, false
	}
	if ssaflow.HoldsAt(deref.Block(), func(cond ssa.Value, onTrue bool) bool {
		x, nilOnTrue, ok := ssaflow.NilTest(cond)
		if !ok || nilOnTrue == onTrue {
			return false
		}
		f, b, ok := refField(x)
		return ok && f == field && same(b, base, 0)
	}) {
		return analysis.Diagnostic{}, false
	}
	msg := fmt.Sprintf("*ref.%s dereferences a pointer that is nil in an owner reference written without it (by kubectl, a chart or another controller): the dereference panics on such an object, each time it is handled; read it with ptr.Deref(ref.%s, false), or test it against nil first", field, field)
	d := analysis.Diagnostic{Pos: deref.Pos(), Message: msg}
	if star := starAt(pass, deref.Pos()); star != nil {
		d.End = star.End()
		d.SuggestedFixes = derefFix(pass, star)
	}
	return d, true
}

// unguardedIndex judges refs[i], i constant, on an object's owner
// references with no test of their length on every path to it.
func unguardedIndex(objs *objects.Result, instr ssa.Instruction, slice, index ssa.Value) (analysis.Diagnostic, bool) {
	c, ok := index.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Int {
		return analysis.Diagnostic{}, false
	}
	if !isRefSlice(slice.Type()) {
		return analysis.Diagnostic{}, false
	}
	if src, obj := origin(slice, 0); src != srcObject || !written(objs, instr, obj) {
		return analysis.Diagnostic{}, false
	}
	if ssaflow.HoldsAt(instr.Block(), func(cond ssa.Value, _ bool) bool { return testsLen(cond, slice, 0) }) {
		return analysis.Diagnostic{}, false
	}
	pos := instr.Pos()
	if !pos.IsValid() {
		return analysis.Diagnostic{}, false
	}
	// Not "panics the manager": since controller-runtime v0.19 a reconcile's
	// panic is recovered by default and the object is retried, panicking
	// again; what holds everywhere is the index itself.
	msg := fmt.Sprintf("owner references indexed at %s without a test of their length: the index panics (out of range) when the object has no owner references (orphaned, or made by a user or another client), each time that object is handled; test len(...) first, or look the owner up with metav1.GetControllerOf and test it against nil", c.Value)
	return analysis.Diagnostic{Pos: pos, Message: msg}, true
}

// controllerField judges a field of ref, the result of GetControllerOf
// (or of a function of the module that may return nil), read with no nil
// test of ref on every path to it.
func controllerField(nr *nilResults, instr ssa.Instruction, ref ssa.Value) (analysis.Diagnostic, bool) {
	call, fn, res, ok := nr.mayBeNil(ref)
	if !ok {
		return analysis.Diagnostic{}, false
	}
	// IsControlledBy(obj, owner) holds only if obj has a controller.
	if nr.nonNilAt(instr.Block(), ref) || knowledge.ControllerOf(fn) && ssaflow.HoldsAt(instr.Block(), func(cond ssa.Value, onTrue bool) bool {
		return onTrue && controlledBy(cond, call)
	}) || guardedAt(instr.Block(), call, res) {
		return analysis.Diagnostic{}, false
	}
	pos := instr.Pos()
	if !pos.IsValid() {
		return analysis.Diagnostic{}, false
	}
	if res.flag >= 0 {
		is, otherwise := constName(fn, res), "true"
		switch {
		case res.nilWhen == trueKey:
			otherwise = "false"
		case res.nilWhen.Kind != constant.Bool:
			otherwise = "not " + is
		}
		msg := fmt.Sprintf("the result of %s is read without a test: it is nil when its %s result is %s (no such owner), and reading it then panics, each time that object is handled; read it only when that result is %s, or test it against nil first",
			fn.Name(), ordinal(res.flag), is, otherwise)
		return analysis.Diagnostic{Pos: pos, Message: msg}, true
	}
	why := "it is nil for an object without a controller (orphaned, or made by another client)"
	if !knowledge.ControllerOf(fn) {
		why = "it returns nil on some paths (no such owner)"
	}
	msg := fmt.Sprintf("the result of %s is read without a nil test: %s, and reading it then panics, each time that object is handled; test it against nil first", fn.Name(), why)
	return analysis.Diagnostic{Pos: pos, Message: msg}, true
}

// constName names the constant res is nil beside, for a message: the
// constant declared with that value in the package of the result's named
// type (resourceUnowned), else its value (false, 1, "none").
func constName(fn *types.Func, res nilResult) string {
	results := fn.Signature().Results()
	if res.nilWhen.Kind == constant.Bool || res.flag >= results.Len() {
		return res.nilWhen.Text
	}
	t := results.At(res.flag).Type()
	if named, ok := types.Unalias(t).(*types.Named); ok && named.Obj().Pkg() != nil {
		scope := named.Obj().Pkg().Scope()
		for _, name := range scope.Names() {
			c, ok := scope.Lookup(name).(*types.Const)
			if ok && types.Identical(c.Type(), t) && (constKey{c.Val().Kind(), c.Val().ExactString()}) == res.nilWhen {
				return name
			}
		}
	}
	return res.nilWhen.Text
}

// guardedAt reports whether res, a result of call nil only beside a
// constant result, is read where a branch on that result taken on every
// path to b says it is not nil: if ok { ... ref.Name ... }, a switch case
// of other constants, a test that it is not the constant.
func guardedAt(b *ssa.BasicBlock, call *ssa.Call, res nilResult) bool {
	if res.flag < 0 {
		return false
	}
	return ssaflow.HoldsOnEveryPath(b, func(cond ssa.Value, onTrue bool) bool {
		x, k, eq, ok := constTest(cond, onTrue)
		if !ok {
			return false
		}
		e, isExt := ssaflow.Strip(x).(*ssa.Extract)
		// x is k (eq) with k another constant, or x is not k (!eq) with k
		// the one the reference is nil beside.
		return isExt && e.Tuple == call && e.Index == res.flag && eq == (k != res.nilWhen)
	})
}

// constTest returns the value x, the constant k and whether x == k when
// cond has the value onTrue: cond itself (x == true), !x, x == k or
// x != k with k a constant bool, integer or string.
func constTest(cond ssa.Value, onTrue bool) (x ssa.Value, k constKey, eq bool, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			return constTest(c.X, !onTrue)
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			break
		}
		x, y := c.X, c.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, y = y, x
		}
		if k, isConst := keyOf(y); isConst {
			return x, k, onTrue == (c.Op == token.EQL), true
		}
	}
	if crapi.IsBool(cond.Type()) {
		return cond, trueKey, onTrue, true
	}
	return nil, constKey{}, false, false
}

// ordinal names result i for a message: "first", "second"...
func ordinal(i int) string {
	if names := []string{"first", "second", "third", "fourth"}; i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("#%d", i+1)
}

// nilResults knows which functions' owner-reference results may be nil:
// the library's (knowledge.ControllerOf), the package's (learned here)
// and the module's other packages' (nilRefs facts).
type nilResults struct {
	pass  *analysis.Pass
	local map[*types.Func][]nilResult
	// guards are the package's functions false when a reference
	// parameter is nil (learnGuards), with those parameters.
	guards map[*types.Func][]int
}

// results returns fn's results that may be a nil reference.
func (nr *nilResults) results(fn *types.Func) []nilResult {
	if fn == nil {
		return nil
	}
	if knowledge.ControllerOf(fn) {
		return []nilResult{{index: 0, flag: -1}}
	}
	if fn.Pkg() == nr.pass.Pkg {
		return nr.local[fn]
	}
	var f nilRefs
	if fn.Pkg() == nil || !nr.pass.ImportObjectFact(fn, &f) {
		return nil
	}
	var out []nilResult
	for _, r := range f.Results {
		out = append(out, nilResult{index: r, flag: -1})
	}
	for _, g := range f.Guarded {
		out = append(out, nilResult{index: g.Result, flag: g.Flag, nilWhen: g.NilWhen})
	}
	return out
}

// mayBeNil reports whether v is a result of a call that may be a nil
// reference, with the call, its function and how the result may be nil.
func (nr *nilResults) mayBeNil(v ssa.Value) (*ssa.Call, *types.Func, nilResult, bool) {
	idx := 0
	v = ssaflow.Strip(v)
	if e, ok := v.(*ssa.Extract); ok {
		idx, v = e.Index, e.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, nil, nilResult{}, false
	}
	fn := crapi.Callee(&call.Call)
	if fn != nil {
		if o := fn.Origin(); o != nil {
			fn = o
		}
	}
	for _, r := range nr.results(fn) {
		if r.index == idx {
			return call, fn, r, true
		}
	}
	return call, fn, nilResult{}, false
}

// learnNilRefs finds, to a fixed point, the package's functions with an
// owner-reference result that may be nil, and exports the facts of the
// exported ones. A result nil only on returns whose result k is the same
// constant (return false, nil; return unowned, nil) is guarded by k: when
// k has another value, the reference is not nil.
func (nr *nilResults) learnNilRefs(funcs []*ssa.Function) {
	pass := nr.pass
	var cands []*ssa.Function
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || len(fn.Blocks) == 0 {
			continue
		}
		res := obj.Signature().Results()
		for i := range res.Len() {
			if p, ok := types.Unalias(res.At(i).Type()).(*types.Pointer); ok && crapi.IsNamed(p.Elem(), crapi.MetaV1Pkg, "OwnerReference") {
				cands = append(cands, fn)
				break
			}
		}
	}
	// Each round recomputes every candidate from the others' current
	// results; a result only ever becomes nil, or loses a guard, so the
	// rounds end.
	for changed := true; changed; {
		changed = false
		for _, fn := range cands {
			obj := fn.Object().(*types.Func)
			if rs := nr.learn(fn, obj); !slices.Equal(rs, nr.local[obj]) {
				nr.local[obj] = rs
				changed = true
			}
		}
	}
	for fn, rs := range nr.local {
		if !fn.Exported() {
			continue
		}
		f := &nilRefs{}
		for _, r := range rs {
			if r.flag < 0 {
				f.Results = append(f.Results, r.index)
			} else {
				f.Guarded = append(f.Guarded, guard{Result: r.index, Flag: r.flag, NilWhen: r.nilWhen})
			}
		}
		pass.ExportObjectFact(fn, f)
	}
}

// learn returns the results of fn that may be a nil reference, in
// order, each with the guard that holds on every return where it may be
// nil, if one does.
func (nr *nilResults) learn(fn *ssa.Function, obj *types.Func) []nilResult {
	type state struct {
		nil    bool
		guards []nilResult // candidates: flag and nilWhen, index unused
	}
	states := map[int]*state{}
	for ret := range ssaflow.Returns(fn) {
		if failing(obj, ret) {
			continue // a nil beside an error: callers test the error
		}
		for i, v := range ret.Results {
			if !crapi.IsNamed(ssaflow.Deref(v.Type()), crapi.MetaV1Pkg, "OwnerReference") {
				continue
			}
			guards, isNil := nr.nilAt(ret, i)
			if !isNil {
				continue
			}
			st := states[i]
			if st == nil {
				states[i] = &state{nil: true, guards: guards}
				continue
			}
			st.guards = slices.DeleteFunc(st.guards, func(g nilResult) bool { return !slices.Contains(guards, g) })
		}
	}
	var out []nilResult
	for i := range fn.Signature.Results().Len() {
		st := states[i]
		if st == nil {
			continue
		}
		r := nilResult{index: i, flag: -1}
		if len(st.guards) > 0 {
			r.flag, r.nilWhen = st.guards[0].flag, st.guards[0].nilWhen
		}
		out = append(out, r)
	}
	return out
}

// nilAt reports whether result i of ret may be a nil reference and, if
// so, the guards that hold for it there (index unused): a result
// returned as a constant beside it, or the guard of the call it comes
// from when that result is returned too (return ref, ok).
func (nr *nilResults) nilAt(ret *ssa.Return, i int) ([]nilResult, bool) {
	v := ret.Results[i]
	if !nr.nilValue(v, 0) || nr.nonNilAt(ret.Block(), v) {
		return nil, false
	}
	var guards []nilResult
	if call, _, res, ok := nr.mayBeNil(v); ok && res.flag >= 0 {
		if guardedAt(ret.Block(), call, res) {
			return nil, false // returned only where its bool says it is there
		}
		for k, w := range ret.Results {
			if e, isExt := ssaflow.Strip(w).(*ssa.Extract); isExt && e.Tuple == call && e.Index == res.flag {
				guards = append(guards, nilResult{flag: k, nilWhen: res.nilWhen})
			}
		}
	}
	for k, w := range ret.Results {
		if val, ok := keyOf(w); ok && k != i {
			guards = append(guards, nilResult{flag: k, nilWhen: val})
		}
	}
	return guards, true
}

// nonNilAt reports whether v is tested not nil on every path to b: a nil
// test, or a call of a function false when it is nil (falseOnNil) that
// returned true.
func (nr *nilResults) nonNilAt(b *ssa.BasicBlock, v ssa.Value) bool {
	return ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool {
		if x, nilOnTrue, ok := ssaflow.NilTest(cond); ok {
			return nilOnTrue != onTrue && same(x, v, 0)
		}
		x, k, eq, ok := constTest(cond, onTrue)
		if !ok || k.Kind != constant.Bool || eq != (k == trueKey) {
			return false // not where x is true
		}
		call, isCall := ssaflow.Strip(x).(*ssa.Call)
		return isCall && nr.guardsArg(call, v)
	})
}

// nonNilAt reports whether v is tested against nil on every path to b.
func nonNilAt(b *ssa.BasicBlock, v ssa.Value) bool {
	return ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool {
		x, nilOnTrue, ok := ssaflow.NilTest(cond)
		return ok && nilOnTrue != onTrue && same(x, v, 0)
	})
}

// guardParams returns the parameters (SSA indexes) of fn whose nil makes
// it return false: the package's (learned), the module's (falseOnNil).
func guardParams(pass *analysis.Pass, local map[*types.Func][]int, fn *types.Func) []int {
	if fn == nil {
		return nil
	}
	if fn.Pkg() == pass.Pkg {
		return local[fn]
	}
	var f falseOnNil
	if fn.Pkg() != nil && pass.ImportObjectFact(fn, &f) {
		return f.Params
	}
	return nil
}

// guardsArg reports whether call, a static call, is false when v, one of
// its arguments, is nil.
func (nr *nilResults) guardsArg(call *ssa.Call, v ssa.Value) bool {
	return callGuards(nr.pass, nr.guards, call, func(arg ssa.Value) bool { return same(arg, v, 0) })
}

func callGuards(pass *analysis.Pass, local map[*types.Func][]int, call *ssa.Call, match func(arg ssa.Value) bool) bool {
	if call.Call.IsInvoke() {
		return false
	}
	fn := crapi.Callee(&call.Call)
	if fn != nil {
		if o := fn.Origin(); o != nil {
			fn = o
		}
	}
	for _, i := range guardParams(pass, local, fn) {
		if i < len(call.Call.Args) && match(call.Call.Args[i]) {
			return true
		}
	}
	return false
}

// learnGuards finds, to a fixed point, the package's functions whose one
// result, a bool, is false whenever a *metav1.OwnerReference parameter is
// nil, and exports the facts of the exported ones. Each return must give
// false, or be reached only where the parameter is tested not nil, or
// give the parameter's nil test (ref != nil) or another such function's
// call on it; a phi is judged on each edge.
func learnGuards(pass *analysis.Pass, funcs []*ssa.Function) map[*types.Func][]int {
	local := map[*types.Func][]int{}
	type cand struct {
		fn    *ssa.Function
		obj   *types.Func
		param int
	}
	var cands []cand
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 || !crapi.IsBool(fn.Signature.Results().At(0).Type()) {
			continue
		}
		for i, p := range fn.Params {
			if pt, isPtr := types.Unalias(p.Type()).(*types.Pointer); isPtr && crapi.IsNamed(pt.Elem(), crapi.MetaV1Pkg, "OwnerReference") {
				cands = append(cands, cand{fn, obj, i})
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, c := range cands {
			if slices.Contains(local[c.obj], c.param) {
				continue
			}
			p := c.fn.Params[c.param]
			all := true
			for ret := range ssaflow.Returns(c.fn) {
				if !falseIfNil(pass, local, ret.Results[0], ret.Block(), p, 0) {
					all = false
					break
				}
			}
			if all {
				local[c.obj] = append(local[c.obj], c.param)
				changed = true
			}
		}
	}
	for fn, ps := range local {
		if fn.Exported() {
			slices.Sort(ps)
			pass.ExportObjectFact(fn, &falseOnNil{Params: ps})
		}
	}
	return local
}

// falseIfNil reports whether v, a bool computed at b, is false whenever
// p is nil.
func falseIfNil(pass *analysis.Pass, local map[*types.Func][]int, v ssa.Value, b *ssa.BasicBlock, p *ssa.Parameter, depth int) bool {
	if depth > 8 {
		return false
	}
	if k, ok := keyOf(v); ok && k == (constKey{constant.Bool, "false"}) || nonNilAt(b, p) {
		return true
	}
	switch x := ssaflow.Strip(v).(type) {
	case *ssa.BinOp:
		ref, nilOnTrue, ok := ssaflow.NilTest(x)
		return ok && !nilOnTrue && same(ref, p, 0)
	case *ssa.Call:
		return callGuards(pass, local, x, func(arg ssa.Value) bool { return same(arg, p, 0) })
	case *ssa.Phi:
		for i, e := range x.Edges {
			pred := x.Block().Preds[i]
			nonNilEdge := ssaflow.EdgeImplies(pred, x.Block(), func(cond ssa.Value, onTrue bool) bool {
				ref, nilOnTrue, ok := ssaflow.NilTest(cond)
				return ok && nilOnTrue != onTrue && same(ref, p, 0)
			})
			if !nonNilEdge && !falseIfNil(pass, local, e, pred, p, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// failing reports whether ret, a return of fn whose last result is an
// error, may return a non-nil error: only a nil error makes its other
// results the answer.
func failing(fn *types.Func, ret *ssa.Return) bool {
	res := fn.Signature().Results()
	n := res.Len()
	if n < 2 || len(ret.Results) != n || !types.Identical(res.At(n-1).Type(), types.Universe.Lookup("error").Type()) {
		return false
	}
	return !ssaflow.IsNil(ret.Results[n-1])
}

// nilValue reports whether v may be a nil reference: nil itself, a call
// that may return one, or a phi of either.
func (nr *nilResults) nilValue(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := ssaflow.Strip(v).(type) {
	case *ssa.Const:
		return x.IsNil()
	case *ssa.Phi:
		for _, e := range x.Edges {
			if nr.nilValue(e, depth+1) {
				return true
			}
		}
		return false
	}
	_, _, _, ok := nr.mayBeNil(v)
	return ok
}

// controlledBy reports whether cond is metav1.IsControlledBy(obj, _) of
// the object whose controller call looks up.
func controlledBy(cond ssa.Value, call *ssa.Call) bool {
	c, ok := cond.(*ssa.Call)
	if !ok || len(c.Call.Args) == 0 || len(call.Call.Args) == 0 {
		return false
	}
	fn := crapi.Callee(&c.Call)
	return fn != nil && crapi.IsFunc(fn, crapi.MetaV1Pkg, "IsControlledBy") && same(c.Call.Args[0], call.Call.Args[0], 0)
}

// refField returns the field of an owner reference that v reads (v is
// ref.F: a Field of the value, or the load of a FieldAddr), and the
// reference.
func refField(v ssa.Value) (field string, ref ssa.Value, ok bool) {
	switch x := v.(type) {
	case *ssa.Field:
		if crapi.IsNamed(x.X.Type(), crapi.MetaV1Pkg, "OwnerReference") {
			return ssaflow.FieldName(x.X.Type(), x.Field), x.X, true
		}
	case *ssa.UnOp:
		if fa, isFA := x.X.(*ssa.FieldAddr); isFA && x.Op == token.MUL && crapi.IsNamed(ssaflow.Deref(fa.X.Type()), crapi.MetaV1Pkg, "OwnerReference") {
			return ssaflow.FieldName(fa.X.Type(), fa.Field), fa.X, true
		}
	}
	return "", nil, false
}

func isRefSlice(t types.Type) bool {
	s, ok := types.Unalias(t).Underlying().(*types.Slice)
	return ok && crapi.IsNamed(s.Elem(), crapi.MetaV1Pkg, "OwnerReference")
}

// source is where an owner reference comes from.
type source uint8

const (
	srcNone         source = iota // built here (NewControllerRef, a literal), or unknown
	srcObject                     // read from an object
	srcParam                      // a parameter: its callers' objects
	srcControllerOf               // GetControllerOf's result
)

// origin returns where the reference or list of references v comes from,
// and for one read from an object, the object.
func origin(v ssa.Value, depth int) (source, ssa.Value) {
	if v == nil || depth > 8 {
		return srcNone, nil
	}
	switch x := ssaflow.Strip(v).(type) {
	case *ssa.Call:
		fn := crapi.Callee(&x.Call)
		switch {
		case fn == nil:
		case knowledge.ControllerOf(fn):
			return srcControllerOf, nil
		case fn.Name() == "GetOwnerReferences" && fn.Signature().Recv() != nil && isRefSlice(x.Type()):
			return srcObject, listOwner(x)
		}
	case *ssa.Parameter:
		if isRefSlice(x.Type()) || crapi.IsNamed(ssaflow.Deref(x.Type()), crapi.MetaV1Pkg, "OwnerReference") {
			return srcParam, nil
		}
	case *ssa.Field:
		if ssaflow.FieldName(x.X.Type(), x.Field) == "OwnerReferences" && crapi.IsNamed(x.X.Type(), crapi.MetaV1Pkg, "ObjectMeta") {
			return srcObject, nil
		}
	case *ssa.FieldAddr:
		if ssaflow.FieldName(x.X.Type(), x.Field) == "OwnerReferences" && crapi.IsNamed(ssaflow.Deref(x.X.Type()), crapi.MetaV1Pkg, "ObjectMeta") {
			return srcObject, objectOf(x.X)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return origin(x.X, depth+1)
		}
	case *ssa.Index:
		return origin(x.X, depth+1)
	case *ssa.IndexAddr:
		return origin(x.X, depth+1)
	case *ssa.Slice:
		return origin(x.X, depth+1)
	case *ssa.Alloc:
		// A local variable whose fields are read: what is stored in it.
		var vals []ssa.Value
		for _, st := range ssaflow.StoresTo(x) {
			vals = append(vals, st.Val)
		}
		return anyOrigin(vals, depth)
	case *ssa.Phi:
		return anyOrigin(x.Edges, depth)
	}
	return srcNone, nil
}

// anyOrigin is the origin of one of vals: an object's first, so that a
// reference that may be read from an object is judged.
func anyOrigin(vals []ssa.Value, depth int) (source, ssa.Value) {
	best, obj := srcNone, ssa.Value(nil)
	for _, v := range vals {
		if s, o := origin(v, depth+1); s != srcNone && (best == srcNone || s == srcObject && best != srcObject) {
			best, obj = s, o
		}
	}
	return best, obj
}

// receiverState reports whether obj is held in a field of fn's receiver:
// the component's own state (a desired object it built and keeps), not an
// object read from the server.
func receiverState(fn *ssa.Function, obj ssa.Value) bool {
	u, ok := ssaflow.Strip(obj).(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	fn = ssaflow.Declared(fn)
	p, ok := ssaflow.Strip(fa.X).(*ssa.Parameter)
	return ok && fn.Signature.Recv() != nil && len(fn.Params) > 0 && fn.Params[0] == p
}

// written reports whether the references were read from an object that
// another client may have written: one fetched from the server or given
// to the function (a parameter), whose owner references the code did not
// itself set since. An object made here (a literal, a constructor's
// result) carries the references the code gave it.
func written(objs *objects.Result, at ssa.Instruction, obj ssa.Value) bool {
	if obj == nil {
		return true // a field of a value the layer cannot name
	}
	if receiverState(at.Parent(), obj) {
		return false
	}
	s := objs.Steps(at.Parent(), at, obj)
	return (s.Fetched() || s.Entry) && !s.Names["OwnerReferences"]
}

// same reports whether a and b read the same value: the same SSA value,
// or the same field, element or load of the same value, or the same
// getter called on it.
func same(a, b ssa.Value, depth int) bool {
	a, b = ssaflow.Strip(a), ssaflow.Strip(b)
	if a == b {
		return true
	}
	if depth > 8 {
		return false
	}
	switch x := a.(type) {
	case *ssa.UnOp:
		y, ok := b.(*ssa.UnOp)
		return ok && x.Op == y.Op && x.Op == token.MUL && same(x.X, y.X, depth+1)
	case *ssa.Field:
		y, ok := b.(*ssa.Field)
		return ok && x.Field == y.Field && same(x.X, y.X, depth+1)
	case *ssa.FieldAddr:
		y, ok := b.(*ssa.FieldAddr)
		return ok && x.Field == y.Field && same(x.X, y.X, depth+1)
	case *ssa.Index:
		y, ok := b.(*ssa.Index)
		return ok && same(x.Index, y.Index, depth+1) && same(x.X, y.X, depth+1)
	case *ssa.IndexAddr:
		y, ok := b.(*ssa.IndexAddr)
		return ok && same(x.Index, y.Index, depth+1) && same(x.X, y.X, depth+1)
	case *ssa.Const:
		y, ok := b.(*ssa.Const)
		return ok && x.Value != nil && y.Value != nil && constant.Compare(x.Value, token.EQL, y.Value)
	case *ssa.Call:
		y, ok := b.(*ssa.Call)
		if !ok || len(x.Call.Args) != len(y.Call.Args) {
			return false
		}
		f, g := crapi.Callee(&x.Call), crapi.Callee(&y.Call)
		if f == nil || f != g && (!x.Call.IsInvoke() || !y.Call.IsInvoke() || f.Name() != g.Name()) {
			return false
		}
		if x.Call.IsInvoke() != y.Call.IsInvoke() || x.Call.IsInvoke() && !same(x.Call.Value, y.Call.Value, depth+1) {
			return false
		}
		for i := range x.Call.Args {
			if !same(x.Call.Args[i], y.Call.Args[i], depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// testsLen reports whether cond compares the length of the list slice
// (or of the same list read again): len(refs) == 0, len(refs) > 1, ...
func testsLen(cond ssa.Value, slice ssa.Value, depth int) bool {
	if depth > 6 {
		return false
	}
	switch x := cond.(type) {
	case *ssa.UnOp:
		return testsLen(x.X, slice, depth+1)
	case *ssa.BinOp:
		return testsLen(x.X, slice, depth+1) || testsLen(x.Y, slice, depth+1)
	case *ssa.Call:
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "len" && len(x.Call.Args) == 1 {
			return same(x.Call.Args[0], slice, 0) || sameList(x.Call.Args[0], slice)
		}
	}
	return false
}

// sameList reports whether a and b are the owner references of the same
// object, one read with GetOwnerReferences and the other from the field.
func sameList(a, b ssa.Value) bool {
	oa, ob := listOwner(a), listOwner(b)
	return oa != nil && ob != nil && same(oa, ob, 0)
}

// listOwner returns the object whose owner references v reads.
func listOwner(v ssa.Value) ssa.Value {
	switch x := ssaflow.Strip(v).(type) {
	case *ssa.Call:
		if fn := crapi.Callee(&x.Call); fn != nil && fn.Name() == "GetOwnerReferences" {
			if x.Call.IsInvoke() {
				return x.Call.Value
			}
			if len(x.Call.Args) > 0 {
				return objectOf(x.Call.Args[0])
			}
		}
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL && ssaflow.FieldName(fa.X.Type(), fa.Field) == "OwnerReferences" {
			return objectOf(fa.X)
		}
	}
	return nil
}

// objectOf maps &obj.ObjectMeta to obj.
func objectOf(v ssa.Value) ssa.Value {
	v = ssaflow.Strip(v)
	if fa, ok := v.(*ssa.FieldAddr); ok && crapi.IsNamed(ssaflow.Deref(fa.Type()), crapi.MetaV1Pkg, "ObjectMeta") {
		return ssaflow.Strip(fa.X)
	}
	return v
}

// starAt returns the dereference *x.F written at pos.
func starAt(pass *analysis.Pass, pos token.Pos) *ast.StarExpr {
	for _, n := range diag.Path(pass, pos) {
		if s, ok := n.(*ast.StarExpr); ok && s.Star == pos {
			if _, isSel := ast.Unparen(s.X).(*ast.SelectorExpr); isSel {
				return s
			}
			return nil
		}
	}
	return nil
}

// derefFix replaces *x.F by ptr.Deref(x.F, false), importing ptr, when the
// module can import it (a package it depends on does).
func derefFix(pass *analysis.Pass, star *ast.StarExpr) []analysis.SuggestedFix {
	if crapi.FindImport(pass.Pkg, knowledge.PtrDeref.Pkg) == nil {
		return nil
	}
	name, edits, ok := diag.PackageName(pass, star.Pos(), knowledge.PtrDeref.Pkg, "ptr")
	if !ok {
		return nil
	}
	x, ok := diag.Text(pass, star.X)
	if !ok {
		return nil
	}
	edits = append(edits, analysis.TextEdit{Pos: star.Pos(), End: star.End(), NewText: fmt.Appendf(nil, "%s.%s(%s, false)", name, knowledge.PtrDeref.Name, x)})
	return []analysis.SuggestedFix{{Message: "read it with ptr.Deref", TextEdits: edits}}
}
