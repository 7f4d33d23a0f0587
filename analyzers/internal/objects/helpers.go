package objects

import (
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// What the module's own helpers do beyond changing their parameters: a
// removeFinalizer(obj) wrapper, an isBeingDeleted(obj) test, a
// getConfig(ctx, c) whose error is a client error. Known for the package's
// functions (computed) and for other packages of the module (from their
// Summary facts); the maps are complete when run returns and only read
// afterwards, so the checks share them without locking.
type helpers struct {
	// removes: the SSA index of a parameter the function may remove a
	// finalizer from.
	removes map[*types.Func]int
	// adds: the SSA index of a parameter it may add a finalizer to.
	adds  map[*types.Func]int
	tests map[*types.Func]DeletionTest
	// examines: the SSA indexes (bits) of the parameters whose deletion
	// state it may read.
	examines map[*types.Func]uint64
	// errs: the function's error may carry a client error; true if that
	// call may be a write.
	errs map[*types.Func]bool
	// statusWrites: the SSA indexes (bits) of the object parameters
	// whose status subresource it may write.
	statusWrites map[*types.Func]uint64
	// plainDeletes: the SSA indexes (bits) of the interface-typed
	// parameters it may delete with no propagation policy.
	plainDeletes map[*types.Func]uint64
	// serverWrites: the SSA indexes (bits) of the parameters it may
	// update, patch or delete on the server (objects, or lists and slices
	// of objects some item of which it writes).
	serverWrites map[*types.Func]uint64
	// notFound: which NotFound errors the function's error may stand
	// for, unfiltered.
	notFound map[*types.Func]NotFoundKind
}

// DeletionTest says that a function's bool result tests the deletion
// state of its parameter Param (SSA index); WhenDeleting is the result
// while the object is terminating.
type DeletionTest struct {
	Param        int
	WhenDeleting bool
}

var _ lifecycle.Helpers = (*Result)(nil)

// importHelpers fills h from the Summary facts of the packages this one
// imports, directly or not.
func (h *helpers) importHelpers(pass *analysis.Pass) {
	for _, f := range pass.AllObjectFacts() {
		fn, ok := f.Object.(*types.Func)
		s, isSum := f.Fact.(*Summary)
		if !ok || !isSum {
			continue
		}
		h.add(fn, s)
	}
}

func (h *helpers) add(fn *types.Func, s *Summary) {
	for i, p := range s.Params {
		if p.RemovesFinalizer {
			h.removes[fn] = i
		}
		if p.AddsFinalizer {
			h.adds[fn] = i
		}
		if p.ExaminesDeletion && i < 64 {
			h.examines[fn] |= 1 << i
		}
		if p.StatusWritten && i < 64 {
			h.statusWrites[fn] |= 1 << i
		}
		if p.DeletedPlain && i < 64 {
			h.plainDeletes[fn] |= 1 << i
		}
		if p.ServerWritten && i < 64 {
			h.serverWrites[fn] |= 1 << i
		}
	}
	if s.Deletion != nil {
		h.tests[fn] = *s.Deletion
	}
	if s.NotFound != 0 {
		h.notFound[fn] |= s.NotFound
	}
	switch s.ClientError {
	case ErrRead:
		h.errs[fn] = false
	case ErrWrite:
		h.errs[fn] = true
	}
}

// RemovesFinalizer implements lifecycle.Helpers.
func (r *Result) RemovesFinalizer(fn *types.Func) (int, bool) {
	if r.h == nil {
		return 0, false
	}
	i, ok := r.h.removes[fn]
	if !ok || i < ssaflow.ReceiverOffset(fn) {
		return 0, false
	}
	return i - ssaflow.ReceiverOffset(fn), true
}

// AddsFinalizer implements lifecycle.Helpers.
func (r *Result) AddsFinalizer(fn *types.Func) (int, bool) {
	if r.h == nil {
		return 0, false
	}
	i, ok := r.h.adds[fn]
	if !ok || i < ssaflow.ReceiverOffset(fn) {
		return 0, false
	}
	return i - ssaflow.ReceiverOffset(fn), true
}

// ExaminesDeletion implements lifecycle.Helpers.
func (r *Result) ExaminesDeletion(fn *types.Func, param int) bool {
	if r.h == nil {
		return false
	}
	i := param + ssaflow.ReceiverOffset(fn)
	return i < 64 && r.h.examines[fn]&(1<<i) != 0
}

// TestsDeletion implements lifecycle.Helpers.
func (r *Result) TestsDeletion(fn *types.Func) (int, bool, bool) {
	if r.h == nil {
		return 0, false, false
	}
	t, ok := r.h.tests[fn]
	if !ok || t.Param < ssaflow.ReceiverOffset(fn) {
		return 0, false, false
	}
	return t.Param - ssaflow.ReceiverOffset(fn), t.WhenDeleting, true
}

// ClientError reports whether fn's error result may carry a client error,
// and whether that call may be a write.
func (r *Result) ClientError(fn *types.Func) (writes bool, ok bool) {
	if r.h == nil {
		return false, false
	}
	writes, ok = r.h.errs[fn]
	return writes, ok
}

// ClientErrorSource recognises call as a source of a client error: a
// client method, a helper whose error carries one, or a retrier that
// returns the error of a function it runs that returns one (see
// Retried). It returns the value holding the error.
func (r *Result) ClientErrorSource(call *ssa.Call) (errv ssa.Value, writes bool, ok bool) {
	cc := call.Common()
	if c, _, ok := crapi.ClientCallSSA(cc); ok {
		return call, c.IsWrite(), true
	}
	if rt, ok := r.Retried(call); ok {
		return call, rt.Writes, true
	}
	writes, ok = r.ClientError(crapi.Callee(cc))
	if !ok {
		return nil, false, false
	}
	if t, ok := call.Type().(*types.Tuple); ok {
		// The error is the last result: find its Extract.
		if refs := call.Referrers(); refs != nil {
			for _, ref := range *refs {
				if ex, ok := ref.(*ssa.Extract); ok && ex.Index == t.Len()-1 {
					return ex, writes, true
				}
			}
		}
		return nil, false, false
	}
	return call, writes, true
}

// learnHelpers computes what the package's functions do, to a fixed point
// (helpers may call helpers declared later; each round only adds).
func (r *Result) learnHelpers(funcs []*ssa.Function) {
	h := r.h
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			obj := fn.Object().(*types.Func)
			if _, ok := h.removes[obj]; !ok {
				if p, ok := removesFinalizer(fn, r); ok {
					h.removes[obj], changed = p, true
				}
			}
			if _, ok := h.adds[obj]; !ok {
				if p, ok := addsFinalizer(fn, r); ok {
					h.adds[obj], changed = p, true
				}
			}
			if bits := examinesDeletion(fn, r); bits&^h.examines[obj] != 0 {
				h.examines[obj] |= bits
				changed = true
			}
			if bits := r.statusWritten(fn); bits&^h.statusWrites[obj] != 0 {
				h.statusWrites[obj] |= bits
				changed = true
			}
			if bits := r.plainDeleted(fn); bits&^h.plainDeletes[obj] != 0 {
				h.plainDeletes[obj] |= bits
				changed = true
			}
			if bits := r.serverWritten(fn); bits&^h.serverWrites[obj] != 0 {
				h.serverWrites[obj] |= bits
				changed = true
			}
			if _, ok := h.tests[obj]; !ok {
				if t, ok := testsDeletion(fn, r); ok {
					h.tests[obj], changed = t, true
				}
			}
			if bits := r.notFoundOf(fn); bits&^h.notFound[obj] != 0 {
				h.notFound[obj] |= bits
				changed = true
			}
			if old, known := h.errs[obj]; !known || !old {
				if writes, ok := clientError(fn, r); ok && (!known || writes) {
					h.errs[obj], changed = writes, true
				}
			}
		}
	}
}

func removesFinalizer(fn *ssa.Function, r *Result) (int, bool) {
	return finalizerParam(fn, func(instr ssa.Instruction) (lifecycle.FinalizerOp, bool) { return lifecycle.Removal(instr, r) })
}

func addsFinalizer(fn *ssa.Function, r *Result) (int, bool) {
	return finalizerParam(fn, func(instr ssa.Instruction) (lifecycle.FinalizerOp, bool) { return lifecycle.Addition(instr, r) })
}

// finalizerParam returns the SSA index of the first parameter of fn (the
// receiver excluded) that an operation op recognises acts on.
func finalizerParam(fn *ssa.Function, op func(ssa.Instruction) (lifecycle.FinalizerOp, bool)) (int, bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if o, ok := op(instr); ok {
				if i := ssaflow.ParamIndex(fn, o.Obj); i >= ssaflow.ReceiverOffset(fn.Object().(*types.Func)) {
					return i, true
				}
			}
		}
	}
	return 0, false
}

// examinesDeletion returns the SSA indexes (bits) of fn's parameters
// whose deletion state fn reads.
func examinesDeletion(fn *ssa.Function, r *Result) uint64 {
	var bits uint64
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if obj, ok := lifecycle.DeletionRead(instr, r); ok {
				if i := ssaflow.ParamIndex(fn, obj); i >= ssaflow.ReceiverOffset(fn.Object().(*types.Func)) && i < 64 {
					bits |= 1 << i
				}
			}
		}
	}
	return bits
}

func testsDeletion(fn *ssa.Function, r *Result) (DeletionTest, bool) {
	res := fn.Signature.Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) {
		return DeletionTest{}, false
	}
	var t *DeletionTest
	for ret := range ssaflow.Returns(fn) {
		if len(ret.Results) != 1 {
			continue
		}
		if _, ok := ret.Results[0].(*ssa.Const); ok {
			continue // a guard such as "if obj == nil { return false }"
		}
		obj, when, ok := lifecycle.DeletionTest(ret.Results[0], r)
		if !ok {
			return DeletionTest{}, false
		}
		i := ssaflow.ParamIndex(fn, obj)
		if i < ssaflow.ReceiverOffset(fn.Object().(*types.Func)) || (t != nil && (t.Param != i || t.WhenDeleting != when)) {
			return DeletionTest{}, false
		}
		t = &DeletionTest{Param: i, WhenDeleting: when}
	}
	if t == nil {
		return DeletionTest{}, false
	}
	return *t, true
}

func clientError(fn *ssa.Function, r *Result) (writes bool, found bool) {
	for _, s := range returnedSources(fn, r) {
		found, writes = true, writes || s.writes
	}
	return writes, found
}

// returnedSource is a call of fn whose client error fn may return.
type returnedSource struct {
	call   *ssa.Call
	writes bool
}

// returnedSources returns the calls of fn, in block order, whose client
// error fn's error result may carry.
func returnedSources(fn *ssa.Function, r *Result) []returnedSource {
	res := fn.Signature.Results()
	if res.Len() == 0 || !crapi.IsError(res.At(res.Len()-1).Type()) {
		return nil
	}
	var out []returnedSource
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			errv, w, ok := r.ClientErrorSource(call)
			if !ok || errv == nil {
				continue
			}
			carriers := ssaflow.ErrorCarriers(fn, errv)
			for ret := range ssaflow.Returns(fn) {
				if len(ret.Results) > 0 && carriers[ret.Results[len(ret.Results)-1]] {
					out = append(out, returnedSource{call, w})
					break
				}
			}
		}
	}
	return out
}

// Retry is what a retrier call runs: retry.RetryOnConflict(backoff,
// func() error { ...; return r.Status().Update(ctx, obj) }) returns the
// error of the last attempt, so when the retries run out (or the error is
// not one it retries) it returns the client error of the function it
// runs.
type Retry struct {
	// Retrier is the retrying function (RetryOnConflict, OnError).
	Retrier *types.Func
	// Func is the function it runs.
	Func *ssa.Function
	// Inner is the call of Func whose client error Func returns, a write
	// if one is (the first in block order); nil when Func is a function
	// of the module known by its summary only.
	Inner *ssa.Call
	// Writes: that error may be a write's.
	Writes bool
}

// Retried recognises call as a call of a retrier that runs a function
// until it returns nil and returns the last error (knowledge.RetrierOf,
// RetriesOnError: client-go's retry.RetryOnConflict and retry.OnError;
// gomega's Eventually returns no error), given a function that may return
// a client error: a literal (also kept in a variable first), a method
// value or a function of the module. The error of the retrier is then
// that client error, as if the call were not wrapped.
func (r *Result) Retried(call *ssa.Call) (Retry, bool) {
	cc := call.Common()
	callee := crapi.Callee(cc)
	rt, ok := knowledge.RetrierOf(callee)
	if !ok || rt.Kind != knowledge.RetriesOnError || !crapi.IsError(call.Type()) {
		return Retry{}, false
	}
	args := crapi.CallArgs(cc)
	if rt.Arg >= len(args) {
		return Retry{}, false
	}
	f := ssaflow.FuncOf(args[rt.Arg])
	if f == nil {
		return Retry{}, false
	}
	out := Retry{Retrier: callee, Func: f}
	if obj, ok := f.Object().(*types.Func); ok && f.Synthetic == "" {
		// A function of the module: its summary, computed to the fixed
		// point with the others (walking its body here could recurse
		// through a function handed to a retrier inside itself).
		out.Writes, ok = r.ClientError(obj)
		return out, ok
	}
	if f.Parent() == nil && f.Synthetic == "" {
		return Retry{}, false
	}
	// A literal (its body is nested in the caller's, so the walk ends) or
	// a method value's wrapper (its body calls the method, known by its
	// summary).
	for _, s := range returnedSources(f, r) {
		if out.Inner == nil || (s.writes && !out.Writes) {
			out.Inner, out.Writes = s.call, s.writes
		}
	}
	return out, out.Inner != nil
}

// StatusWrite returns the object of a status subresource write: an Update
// or Patch through Status() or SubResource("status").
func StatusWrite(cc *ssa.CallCommon) (ssa.Value, bool) {
	c, args, ok := crapi.ClientCallSSA(cc)
	if !ok || !crapi.IsStatusWrite(cc, c) || (c.Method != crapi.Update && c.Method != crapi.Patch) || len(args) < 2 {
		return nil, false
	}
	return ssaflow.Strip(args[1]), true
}

// StatusWrites returns the objects whose status subresource the call
// writes: the object of a status write, or the arguments given to the
// parameters a helper of the module writes the status of (when their type
// is an interface, the caller's argument tells the kind).
func (r *Result) StatusWrites(cc *ssa.CallCommon) []ssa.Value {
	return r.statusWrites(cc, true)
}

// WritesStatus is StatusWrites through every helper of the module that
// writes the status of an object it is given, whatever the parameter's
// type (a *v1.Widget helper's call included).
func (r *Result) WritesStatus(cc *ssa.CallCommon) []ssa.Value {
	return r.statusWrites(cc, false)
}

func (r *Result) statusWrites(cc *ssa.CallCommon, ifaceOnly bool) []ssa.Value {
	if obj, ok := StatusWrite(cc); ok {
		return []ssa.Value{obj}
	}
	callee := crapi.Callee(cc)
	if callee == nil || cc.IsInvoke() || r.h == nil {
		return nil
	}
	bits := r.h.statusWrites[callee]
	if bits == 0 || len(cc.Args) != callee.Signature().Params().Len()+ssaflow.ReceiverOffset(callee) {
		return nil // a bound method's call lacks the receiver: the indexes would shift
	}
	// SSA indexes on both sides: a static method call's first argument
	// is the receiver, as is its function's first parameter.
	off := ssaflow.ReceiverOffset(callee)
	var out []ssa.Value
	for i, a := range cc.Args {
		if i >= 64 || bits&(1<<i) == 0 {
			continue
		}
		if ifaceOnly && (i < off || !types.IsInterface(callee.Signature().Params().At(i-off).Type())) {
			continue
		}
		out = append(out, ssaflow.Strip(a))
	}
	return out
}

// statusWritten returns the SSA indexes (bits) of fn's object parameters
// whose status subresource it writes, itself or through the helpers it
// calls.
func (r *Result) statusWritten(fn *ssa.Function) uint64 {
	return objectParams(fn, r.WritesStatus, false)
}

// interfaceParams returns the SSA indexes (bits) of fn's interface-typed
// parameters among the objects that of gives for each call of fn: what
// a helper does to an object whose kind only its caller knows.
func interfaceParams(fn *ssa.Function, of func(*ssa.CallCommon) []ssa.Value) uint64 {
	return objectParams(fn, of, true)
}

// objectParams returns the SSA indexes (bits) of fn's object parameters
// (interface-typed only, if ifaceOnly) among the objects that of gives
// for each call of fn.
func objectParams(fn *ssa.Function, of func(*ssa.CallCommon) []ssa.Value, ifaceOnly bool) uint64 {
	var bits uint64
	for call := range ssaflow.Calls(fn) {
		for _, obj := range of(call.Common()) {
			p, ok := obj.(*ssa.Parameter)
			if !ok || (ifaceOnly && !types.IsInterface(p.Type())) || !ObjectParam(p.Type()) {
				continue
			}
			if i := ssaflow.ParamIndex(fn, p); i >= 0 && i < 64 {
				bits |= 1 << i
			}
		}
	}
	return bits
}
