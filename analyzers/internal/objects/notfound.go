package objects

// This file says which client calls' NotFound errors a function may
// return unfiltered, directly or through the module's helpers: a lookup
// of an object it does not own (a dependency: gone first, its NotFound
// stays), a delete (of an object already gone). deletionblocked (E1) and
// cleanupnotfound (E4) ask it.

import (
	"go/token"
	"go/types"
	"slices"
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
		if c.Method == crapi.Delete && !c.SubResource && len(args) >= 2 && !r.readBefore(fn, call, args[1]) {
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
	if kind == NotFoundDelete && r.argsReadBefore(fn, call) {
		// A delete helper given objects read before it (hive's
		// SafeDelete(c, ctx, cd) of a listed cd): as a Delete of them.
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
// a List of fn (an item of the list) that may run before it, or is an
// item of a slice a helper returns from a List it makes (ListedResults),
// or is held in a struct field (loadedFromField, which may have been so
// read): it existed then, so a NotFound of the delete is a race that the
// next run, reading again, does not meet (topolvm deletes the Pods
// getPodsByPVC lists).
func (r *Result) readBefore(fn *ssa.Function, del *ssa.Call, obj ssa.Value) bool {
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
	if loadedFromField(obj) {
		return true
	}
	if callee, k := resultOf(obj); callee != nil && r.e != nil {
		if f := r.e.funcs[callee]; f != nil && heldResult(f, k) {
			return true // hive's cds.ByName(name): an object its collection holds
		}
	}
	base, elem := itemBase(obj)
	if !elem {
		return false
	}
	callee, k := resultOf(base)
	if callee == nil {
		return false
	}
	if r.e != nil {
		if f := r.e.funcs[callee]; f != nil {
			return listedResult(f, k)
		}
		if s := r.e.importedSummary(callee); s != nil {
			return slices.Contains(s.ListedResults, k)
		}
	}
	return false
}

// loadedFromField reports whether obj is an object held in a struct
// field (k0smotron's scope.externalOwner): what the field holds may have
// been read from the server in this run (a Get that leaves it nil when
// the object is gone), which the layer does not follow, so a NotFound of
// its delete is not known to stay.
func loadedFromField(obj ssa.Value) bool {
	u, ok := ssaflow.Strip(obj).(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	_, ok = u.X.(*ssa.FieldAddr)
	return ok
}

// argsReadBefore reports whether the call is of a helper that writes or
// deletes on the server the objects it is given (ServerWrites:
// SafeDelete(c, ctx, obj), oracle's DeleteCRDPdb(ctx, req, &item, owner))
// and every one was read before it (readBefore). A helper that deletes
// something else as well is taken as deleting only those: a miss, not a
// false finding.
func (r *Result) argsReadBefore(fn *ssa.Function, call *ssa.Call) bool {
	objs := r.ServerWrites(call.Common())
	for _, o := range objs {
		if !r.readBefore(fn, call, o) {
			return false
		}
	}
	return len(objs) > 0
}

// heldResult reports whether every return of fn gives as its result k nil
// or an object held in a struct field: the field itself, an entry of a map
// or an element of a slice the field holds (hive's
// func (cds *cdCollection) ByName(n string) *ClusterDeployment { return
// cds.byCDName[n] }, a collection filled by a List). Like loadedFromField,
// what the struct holds may have been read in this run.
func heldResult(fn *ssa.Function, k int) bool {
	return everyReturn(fn, k, func(_ *ssa.Return, v ssa.Value) bool {
		switch x := v.(type) {
		case *ssa.Lookup:
			v = x.X
		case *ssa.UnOp:
			if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
				v = ia.X
			}
		}
		return loadedFromField(v)
	})
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

// itemBase returns the value obj is an element of, or a part of one
// (for _, pod := range pods: pods), and whether the walk went through an
// element of a slice.
func itemBase(obj ssa.Value) (base ssa.Value, elem bool) {
	v := obj
	for depth := 0; depth < 8; depth++ {
		switch x := ssaflow.Strip(v).(type) {
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.IndexAddr:
			v, elem = x.X, true
		case *ssa.Index:
			v, elem = x.X, true
		case *ssa.UnOp:
			v = x.X
		case *ssa.Alloc:
			st := ssaflow.StoresOnce(x)
			if st == nil {
				return x, elem
			}
			v = st.Val
		default:
			return x, elem
		}
	}
	return nil, false
}

// listedResult reports whether every return of fn gives as its result k
// nil, the Items of a list fn fills by a List, or a slice built by
// appending items of such lists (a listing helper that filters): each
// element existed when fn ran.
func listedResult(fn *ssa.Function, k int) bool {
	if _, ok := fn.Signature.Results().At(k).Type().Underlying().(*types.Slice); !ok {
		return false
	}
	var lists []ssa.Value
	for _, site := range crapi.ClientCalls(fn) {
		if _, into, ok := site.ReadInto(); ok && site.Method == crapi.List {
			lists = append(lists, ssaflow.Strip(into))
		}
	}
	if len(lists) == 0 {
		return false
	}
	item := func(v ssa.Value) bool {
		return slices.ContainsFunc(lists, func(l ssa.Value) bool { return itemOf(v, l) })
	}
	seen := map[ssa.Value]bool{}
	var listed func(v ssa.Value) bool
	listed = func(v ssa.Value) bool {
		v = ssaflow.Strip(v)
		if seen[v] || ssaflow.IsNil(v) {
			return true // a loop's phi, met again: its other edges decide
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.UnOp: // list.Items
			fa, ok := x.X.(*ssa.FieldAddr)
			return ok && x.Op == token.MUL && slices.Contains(lists, ssaflow.Strip(fa.X)) && isItems(fa)
		case *ssa.Phi:
			for _, e := range x.Edges {
				if !listed(e) {
					return false
				}
			}
			return true
		case *ssa.Call:
			b, ok := x.Call.Value.(*ssa.Builtin)
			if !ok || b.Name() != "append" || len(x.Call.Args) != 2 || !listed(x.Call.Args[0]) {
				return false
			}
			elems, ok := ssaflow.VariadicElems(x.Call.Args[1])
			return ok && !slices.ContainsFunc(elems, func(e ssa.Value) bool { return !item(e) })
		}
		return false
	}
	return everyReturn(fn, k, func(_ *ssa.Return, v ssa.Value) bool { return listed(v) })
}

// isItems reports whether fa addresses the Items field of a list.
func isItems(fa *ssa.FieldAddr) bool {
	st, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return false
	}
	s, ok := st.Elem().Underlying().(*types.Struct)
	return ok && fa.Field < s.NumFields() && s.Field(fa.Field).Name() == "Items"
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
