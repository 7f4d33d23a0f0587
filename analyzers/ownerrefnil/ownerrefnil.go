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
	URL:       "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/ownerrefnil.md",
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(nilRefs)},
}

// nilRefs is the fact of an exported function of the module whose
// *metav1.OwnerReference results (their indexes) may be nil: a nil
// returned on some path, or the result of GetControllerOf or of another
// such function. Its callers must test them before reading a field.
// Guarded are those nil only beside a constant bool result (a helper
// returning (true, &ref) or (false, nil)): a test of that bool guards
// them as a nil test would.
type nilRefs struct {
	Results []int
	Guarded []guard
}

// guard says that result Result is nil only when bool result Flag is
// NilWhen.
type guard struct {
	Result, Flag int
	NilWhen      bool
}

// AFact marks nilRefs as a fact.
func (*nilRefs) AFact() {}

// String lists the results: "nilRef[0]", "nilRef[1 unless 0]" (nil only
// when result 0 is false), "nilRef[1 if 0]" (only when it is true).
func (f *nilRefs) String() string {
	var parts []string
	for _, r := range f.Results {
		parts = append(parts, fmt.Sprint(r))
	}
	for _, g := range f.Guarded {
		word := "unless"
		if g.NilWhen {
			word = "if"
		}
		parts = append(parts, fmt.Sprintf("%d %s %d", g.Result, word, g.Flag))
	}
	return "nilRef[" + strings.Join(parts, " ") + "]"
}

// nilResult is a result of a function that may be a nil reference;
// flag >= 0 when it is nil only while bool result flag is nilWhen.
type nilResult struct {
	index, flag int
	nilWhen     bool
}

func run(pass *analysis.Pass) (any, error) {
	prog := ssapkg.Of(pass)
	if prog == nil {
		return nil, nil
	}
	objs := objects.Of(pass)
	nr := learnNilRefs(pass, prog.SrcFuncs())
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
	msg := fmt.Sprintf("*ref.%s dereferences a pointer that is nil in an owner reference written without it (by kubectl, a chart or another controller): the manager panics on such an object; read it with ptr.Deref(ref.%s, false), or test it against nil first", field, field)
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
	msg := fmt.Sprintf("owner references indexed at %s without a test of their length: an object without owners (orphaned, or made by another client) panics the manager with an index out of range; test len(...) first, or look the owner up with metav1.GetControllerOf", c.Value)
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
	if nonNilAt(instr.Block(), ref) || knowledge.ControllerOf(fn) && ssaflow.HoldsAt(instr.Block(), func(cond ssa.Value, onTrue bool) bool {
		return onTrue && controlledBy(cond, call)
	}) || guardedAt(instr.Block(), call, res) {
		return analysis.Diagnostic{}, false
	}
	pos := instr.Pos()
	if !pos.IsValid() {
		return analysis.Diagnostic{}, false
	}
	if res.flag >= 0 {
		msg := fmt.Sprintf("the result of %s is read without a test: it is nil when its %s result is %t (no such owner), and the manager panics on it; read it only when that result is %t, or test it against nil first",
			fn.Name(), ordinal(res.flag), res.nilWhen, !res.nilWhen)
		return analysis.Diagnostic{Pos: pos, Message: msg}, true
	}
	why := "it is nil for an object without a controller (orphaned, or made by another client)"
	if !knowledge.ControllerOf(fn) {
		why = "it returns nil on some paths (no such owner)"
	}
	msg := fmt.Sprintf("the result of %s is read without a nil test: %s, and the manager panics on it; test it against nil first", fn.Name(), why)
	return analysis.Diagnostic{Pos: pos, Message: msg}, true
}

// guardedAt reports whether res, a result of call nil only beside a
// constant bool result, is read where a branch on that bool taken on
// every path to b says it is not nil (if ok { ... ref.Name ... }).
func guardedAt(b *ssa.BasicBlock, call *ssa.Call, res nilResult) bool {
	if res.flag < 0 {
		return false
	}
	return ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool {
		x, val, ok := boolTest(cond, onTrue)
		if !ok {
			return false
		}
		e, isExt := ssaflow.Strip(x).(*ssa.Extract)
		return isExt && e.Tuple == call && e.Index == res.flag && val != res.nilWhen
	})
}

// boolTest returns the bool value x and its value val when cond has the
// value onTrue: cond itself, !x, x == c or x != c with c constant.
func boolTest(cond ssa.Value, onTrue bool) (x ssa.Value, val bool, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			return boolTest(c.X, !onTrue)
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			break
		}
		x, k := c.X, c.Y
		if _, isConst := x.(*ssa.Const); isConst {
			x, k = k, x
		}
		kv, isBool := boolConst(k)
		if !isBool {
			break
		}
		// x == k holds onTrue: x is k when that is true, else !k.
		eq := onTrue == (c.Op == token.EQL)
		return x, kv == eq, true
	}
	if isBool(cond.Type()) {
		return cond, onTrue, true
	}
	return nil, false, false
}

// boolConst returns the value of a constant bool.
func boolConst(v ssa.Value) (bool, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.Bool {
		return false, false
	}
	return constant.BoolVal(c.Value), true
}

func isBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
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
// exported ones. A result nil only on returns whose bool result k is the
// same constant (return false, nil) is guarded by k: when k has the other
// value, the reference is not nil.
func learnNilRefs(pass *analysis.Pass, funcs []*ssa.Function) *nilResults {
	nr := &nilResults{pass: pass, local: map[*types.Func][]nilResult{}}
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
	return nr
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
// so, the guards that hold for it there (index unused): a bool result
// returned as a constant beside it, or the bool of the call it comes
// from when that bool is returned too (return ref, ok).
func (nr *nilResults) nilAt(ret *ssa.Return, i int) ([]nilResult, bool) {
	v := ret.Results[i]
	if !nr.nilValue(v, 0) || nonNilAt(ret.Block(), v) {
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
		if val, ok := boolConst(w); ok && k != i {
			guards = append(guards, nilResult{flag: k, nilWhen: val})
		}
	}
	return guards, true
}

// nonNilAt reports whether v is tested not nil on every path to b.
func nonNilAt(b *ssa.BasicBlock, v ssa.Value) bool {
	return ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool {
		x, nilOnTrue, ok := ssaflow.NilTest(cond)
		return ok && nilOnTrue != onTrue && same(x, v, 0)
	})
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
