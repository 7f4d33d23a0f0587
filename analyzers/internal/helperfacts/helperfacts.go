// Package helperfacts learns what the project's own helper functions do,
// so that checks see through them in the same and in other packages:
// a removeFinalizer(obj) wrapper, an isBeingDeleted(obj) test, a
// getConfig(ctx, c) that returns a client error.
//
// The knowledge travels between packages as analysis facts. Facts are only
// computed for the user's own modules (see ssapkg): helpers inside
// dependency modules are not looked into, which keeps "go vet" from doing
// SSA work on every dependency.
package helperfacts

import (
	"fmt"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// RemovesFinalizer is the fact that a function may remove a finalizer from
// its parameter Param (receiver excluded).
type RemovesFinalizer struct{ Param int }

// TestsDeletion is the fact that a function's bool result tests the
// deletion state of its parameter Param; WhenDeleting is the result while
// the object is terminating.
type TestsDeletion struct {
	Param        int
	WhenDeleting bool
}

// ClientError is the fact that a function's error result may carry the
// error of a client call; Writes is true if that call may be a write.
type ClientError struct{ Writes bool }

// AFact marks RemovesFinalizer as an analysis fact.
func (*RemovesFinalizer) AFact() {}

// AFact marks TestsDeletion as an analysis fact.
func (*TestsDeletion) AFact() {}

// AFact marks ClientError as an analysis fact.
func (*ClientError) AFact() {}

func (f *RemovesFinalizer) String() string { return fmt.Sprintf("removesFinalizer(%d)", f.Param) }
func (f *TestsDeletion) String() string {
	return fmt.Sprintf("testsDeletion(%d, %v)", f.Param, f.WhenDeleting)
}
func (f *ClientError) String() string { return fmt.Sprintf("clientError(writes=%v)", f.Writes) }

// Analyzer computes and exports the facts, and provides a *Helpers.
var Analyzer = &analysis.Analyzer{
	Name:       "helperfacts",
	Doc:        "learn what the project's helper functions do to objects, finalizers and client errors",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf((*Helpers)(nil)),
	FactTypes:  []analysis.Fact{new(RemovesFinalizer), new(TestsDeletion), new(ClientError)},
}

// Helpers answers questions about functions of this package (computed)
// and of other packages of the user's modules (imported facts). It is
// immutable once built, so analyzers running in parallel share it. It
// implements lifecycle.Helpers.
type Helpers struct {
	removes map[*types.Func]*RemovesFinalizer
	tests   map[*types.Func]*TestsDeletion
	errs    map[*types.Func]*ClientError
}

var _ lifecycle.Helpers = (*Helpers)(nil)

// Of returns the Helpers of pass, whose analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Helpers {
	return pass.ResultOf[Analyzer].(*Helpers)
}

// RemovesFinalizer implements lifecycle.Helpers.
func (h *Helpers) RemovesFinalizer(fn *types.Func) (int, bool) {
	if f := h.removes[fn]; f != nil {
		return f.Param, true
	}
	return 0, false
}

// TestsDeletion implements lifecycle.Helpers.
func (h *Helpers) TestsDeletion(fn *types.Func) (int, bool, bool) {
	if f := h.tests[fn]; f != nil {
		return f.Param, f.WhenDeleting, true
	}
	return 0, false, false
}

// ClientError reports whether fn's error result may carry a client error.
func (h *Helpers) ClientError(fn *types.Func) (writes bool, ok bool) {
	if f := h.errs[fn]; f != nil {
		return f.Writes, true
	}
	return false, false
}

// ClientErrorSource recognises call as a source of a client error: a
// client method, or a helper whose error carries one. It returns the value
// holding the error.
func (h *Helpers) ClientErrorSource(call *ssa.Call) (errv ssa.Value, writes bool, ok bool) {
	cc := call.Common()
	if c, _, ok := crapi.ClientCallSSA(cc); ok {
		return call, c.IsWrite(), true
	}
	fn := crapi.Callee(cc)
	writes, ok = h.ClientError(fn)
	if !ok {
		return nil, false, false
	}
	res := call.Type()
	if t, ok := res.(*types.Tuple); ok {
		// The error is the last result: find its Extract.
		if refs := call.Referrers(); refs != nil {
			for _, r := range *refs {
				if ex, ok := r.(*ssa.Extract); ok && ex.Index == t.Len()-1 {
					return ex, writes, true
				}
			}
		}
		return nil, false, false
	}
	return call, writes, true
}

func run(pass *analysis.Pass) (any, error) {
	h := &Helpers{
		removes: map[*types.Func]*RemovesFinalizer{},
		tests:   map[*types.Func]*TestsDeletion{},
		errs:    map[*types.Func]*ClientError{},
	}
	// Facts of the packages this one imports, directly or not.
	for _, f := range pass.AllObjectFacts() {
		fn, ok := f.Object.(*types.Func)
		if !ok {
			continue
		}
		switch f := f.Fact.(type) {
		case *RemovesFinalizer:
			h.removes[fn] = f
		case *TestsDeletion:
			h.tests[fn] = f
		case *ClientError:
			h.errs[fn] = f
		}
	}
	var funcs []*ssa.Function
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			funcs = append(funcs, fn)
		}
	}
	// Helpers may call helpers declared later: iterate to a fixed point
	// (each round only adds facts, so it ends).
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			obj := fn.Object().(*types.Func)
			if h.removes[obj] == nil {
				if p, ok := removesFinalizer(fn, h); ok {
					h.removes[obj], changed = &RemovesFinalizer{Param: p}, true
				}
			}
			if h.tests[obj] == nil {
				if f, ok := testsDeletion(fn, h); ok {
					h.tests[obj], changed = f, true
				}
			}
			if old := h.errs[obj]; old == nil || !old.Writes {
				if f, ok := clientError(fn, h); ok && (old == nil || f.Writes) {
					h.errs[obj], changed = f, true
				}
			}
		}
	}
	for _, fn := range funcs {
		obj := fn.Object().(*types.Func)
		if f := h.removes[obj]; f != nil {
			pass.ExportObjectFact(obj, f)
		}
		if f := h.tests[obj]; f != nil {
			pass.ExportObjectFact(obj, f)
		}
		if f := h.errs[obj]; f != nil {
			pass.ExportObjectFact(obj, f)
		}
	}
	return h, nil
}

// paramIndex returns the index of v among fn's parameters, receiver
// excluded, or -1.
func paramIndex(fn *ssa.Function, v ssa.Value) int {
	p, ok := v.(*ssa.Parameter)
	if !ok {
		return -1
	}
	off := 0
	if fn.Signature.Recv() != nil {
		off = 1
	}
	for i, q := range fn.Params {
		if q == p && i >= off {
			return i - off
		}
	}
	return -1
}

func removesFinalizer(fn *ssa.Function, h *Helpers) (int, bool) {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if op, ok := lifecycle.Removal(instr, h); ok {
				if i := paramIndex(fn, op.Obj); i >= 0 {
					return i, true
				}
			}
		}
	}
	return 0, false
}

func testsDeletion(fn *ssa.Function, h *Helpers) (*TestsDeletion, bool) {
	res := fn.Signature.Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) {
		return nil, false
	}
	var fact *TestsDeletion
	for _, b := range fn.Blocks {
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || len(ret.Results) != 1 {
			continue
		}
		if _, ok := ret.Results[0].(*ssa.Const); ok {
			continue // a guard such as "if obj == nil { return false }"
		}
		obj, when, ok := lifecycle.DeletionTest(ret.Results[0], h)
		if !ok {
			return nil, false
		}
		i := paramIndex(fn, obj)
		if i < 0 || (fact != nil && (fact.Param != i || fact.WhenDeleting != when)) {
			return nil, false
		}
		fact = &TestsDeletion{Param: i, WhenDeleting: when}
	}
	return fact, fact != nil
}

func clientError(fn *ssa.Function, h *Helpers) (*ClientError, bool) {
	res := fn.Signature.Results()
	if res.Len() == 0 || !crapi.IsError(res.At(res.Len()-1).Type()) {
		return nil, false
	}
	var fact *ClientError
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			errv, writes, ok := h.ClientErrorSource(call)
			if !ok {
				continue
			}
			carriers := ssaflow.ErrorCarriers(fn, errv)
			for _, rb := range fn.Blocks {
				ret, ok := rb.Instrs[len(rb.Instrs)-1].(*ssa.Return)
				if ok && len(ret.Results) > 0 && carriers[ret.Results[len(ret.Results)-1]] {
					if fact == nil {
						fact = &ClientError{}
					}
					fact.Writes = fact.Writes || writes
					break
				}
			}
		}
	}
	return fact, fact != nil
}
