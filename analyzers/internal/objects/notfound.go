package objects

// This file says which client calls' NotFound errors a function may
// return unfiltered, directly or through the module's helpers: a lookup
// of an object it does not own (a dependency: gone first, its NotFound
// stays), a delete (of an object already gone). deletionblocked (E1) and
// cleanupnotfound (E4) ask it.

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// NotFoundKind tells which calls' NotFound an error may stand for.
type NotFoundKind uint8

const (
	// NotFoundLookup is a Get of an object that is not a parameter of the
	// function, nor of a parameter's type (not a re-read of an object it
	// was given): a lookup of another object.
	NotFoundLookup NotFoundKind = 1 << iota
	// NotFoundDelete is a Delete.
	NotFoundDelete
)

func (k NotFoundKind) String() string {
	var parts []string
	if k&NotFoundLookup != 0 {
		parts = append(parts, "lookup")
	}
	if k&NotFoundDelete != 0 {
		parts = append(parts, "delete")
	}
	return strings.Join(parts, ",")
}

// NotFoundSource recognises call, in fn, as a call whose error may be a
// NotFound of kind: a client Get of another object than fn's parameters
// (NotFoundLookup), a client Delete (NotFoundDelete), or a helper of the
// module whose error may stand for one unfiltered (its notFound summary).
// A Delete of an object read before it in fn (a Get, an item of a List)
// is not: only a race makes it NotFound, and the next run reads again.
// It returns the value holding the error.
func (r *Result) NotFoundSource(fn *ssa.Function, call *ssa.Call) (errv ssa.Value, kind NotFoundKind, ok bool) {
	cc := call.Common()
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		site := crapi.ClientSite{Call: call, ClientCall: c, Args: args}
		if _, obj, ok := site.IsGetOf(); ok && !givenObject(fn, obj) {
			return call, NotFoundLookup, true
		}
		if c.Method == crapi.Delete && !c.SubResource && len(args) >= 2 && !readBefore(fn, call, args[1]) {
			return call, NotFoundDelete, true
		}
		return nil, 0, false
	}
	if r.h == nil {
		return nil, 0, false
	}
	callee := crapi.Callee(cc)
	kind = r.h.notFound[callee]
	if kind == 0 || callee == nil {
		return nil, 0, false
	}
	res := callee.Signature().Results()
	if res.Len() == 1 {
		return call, kind, true
	}
	if ex := ssaflow.Extract(call, res.Len()-1); ex != nil {
		return ex, kind, true
	}
	return nil, 0, false
}

// readBefore reports whether the object del deletes was read by a Get or
// a List of fn (an item of the list) that may run before it: it existed
// then, so a NotFound of the delete is a race that the next run, reading
// again, does not meet.
func readBefore(fn *ssa.Function, del *ssa.Call, obj ssa.Value) bool {
	obj = ssaflow.Strip(obj)
	for _, site := range crapi.ClientCalls(fn) {
		_, into, ok := site.ReadInto()
		if !ok || !ssaflow.MayPrecede(site.Call, del) {
			continue
		}
		into = ssaflow.Strip(into)
		if into == obj || site.Method == crapi.List && itemOf(obj, into) {
			return true
		}
	}
	return false
}

// itemOf reports whether obj is an item of list: an element of its
// Items, or a variable holding a copy of one (for _, item := range
// list.Items).
func itemOf(obj, list ssa.Value) bool {
	v := obj
	for depth := 0; depth < 8; depth++ {
		switch x := ssaflow.Strip(v).(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.IndexAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Index:
			v = x.X
		case *ssa.UnOp:
			v = x.X
		case *ssa.Alloc:
			if x == list {
				return true
			}
			st := ssaflow.StoresOnce(x)
			if st == nil {
				return false
			}
			v = st.Val
		default:
			return x == list
		}
	}
	return false
}

// givenObject reports whether the object a Get fills is a parameter of
// fn, or of the type of one: the function re-reads an object it was
// given, whose NotFound is that object's own absence.
func givenObject(fn *ssa.Function, obj ssa.Value) bool {
	obj = ssaflow.Strip(obj)
	if ssaflow.ParamIndex(fn, obj) >= 0 {
		return true
	}
	for _, p := range fn.Params {
		if types.Identical(p.Type(), obj.Type()) {
			return true
		}
	}
	return false
}

// notFoundOf returns the kinds of NotFound fn's error result may stand
// for: those of its sources whose error reaches a return unfiltered
// (ssaflow.NotFoundReturns).
func (r *Result) notFoundOf(fn *ssa.Function) NotFoundKind {
	res := fn.Signature.Results()
	if res.Len() == 0 || !crapi.IsError(res.At(res.Len()-1).Type()) {
		return 0
	}
	var kinds NotFoundKind
	for call := range ssaflow.PlainCalls(fn) {
		errv, kind, ok := r.NotFoundSource(fn, call)
		if !ok || kind&^kinds == 0 {
			continue
		}
		if len(ssaflow.NotFoundReturns(fn, errv)) > 0 {
			kinds |= kind
		}
	}
	return kinds
}
