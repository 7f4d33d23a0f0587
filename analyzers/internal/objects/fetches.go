package objects

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Fetches and writes through the module's helpers: a getDeployment(ctx,
// key) that returns what it read, a load(ctx, obj) that reads into its
// parameter, an ensureFinalizer(ctx, obj) that writes it. After such a
// call the caller holds the server's copy, as after a Get or an Update.

// Memo states of the fetch summaries; 0 is not yet asked.
const (
	fetchBusy = iota + 1
	fetchNo
	fetchYes
)

// fetchKey names a fetch summary: whether fn fetches (or, with written,
// writes) its parameter index, or returns a fetched object as result
// -1-index.
type fetchKey struct {
	fn      *ssa.Function
	index   int
	written bool
}

func (e *engine) fetchMemo(key fetchKey, ask func() bool) bool {
	switch e.fetched[key] {
	case fetchYes:
		return true
	case fetchNo, fetchBusy:
		return false // recursion: no
	}
	e.fetched[key] = fetchBusy
	ok := ask()
	e.fetched[key] = fetchNo
	if ok {
		e.fetched[key] = fetchYes
	}
	return ok
}

// paramEvent tells whether fn reads its parameter i from the server
// (Fetched) or, failing that, writes it (Written: the server's answer is
// decoded back into it), on some path: the usual helper returns early when
// the call fails.
func (e *engine) paramEvent(fn *ssa.Function, i int) Event {
	if i < 0 || i >= len(fn.Params) {
		return None
	}
	for _, ev := range []Event{Fetched, Written} {
		if e.fetchMemo(fetchKey{fn, i, ev == Written}, func() bool {
			return e.eventIn(fn, e.identity(fn).Key(fn.Params[i]), ev)
		}) {
			return ev
		}
	}
	return None
}

// everyReturn reports whether every return of fn gives as its result k
// nil or a value ok accepts (v stripped of conversions, at ret), and one
// gives such a value: the shape of the result summaries (returnsFetched,
// listedResult, unversionedResult, heldResult).
func everyReturn(fn *ssa.Function, k int, ok func(ret *ssa.Return, v ssa.Value) bool) bool {
	found := false
	for ret := range ssaflow.Returns(fn) {
		if k >= len(ret.Results) {
			return false
		}
		v := ssaflow.Strip(ret.Results[k])
		if ssaflow.IsNil(v) {
			continue
		}
		if !ok(ret, v) {
			return false
		}
		found = true
	}
	return found
}

// returnsFetched reports whether every return of fn gives as its result
// k nil or an object fn read from the server, and one does.
func (e *engine) returnsFetched(fn *ssa.Function, k int) bool {
	return e.fetchMemo(fetchKey{fn, -1 - k, false}, func() bool {
		return everyReturn(fn, k, func(_ *ssa.Return, r ssa.Value) bool {
			return e.eventIn(fn, e.identity(fn).Key(r), Fetched)
		})
	})
}

// eventIn reports whether some instruction of fn is the event want
// (Fetched, Written) of the object root.
func (e *engine) eventIn(fn *ssa.Function, root ssa.Value, want Event) bool {
	id := e.identity(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ev := e.instrEffect(fn, id, instr, root); ev == want {
				return true
			}
		}
	}
	return false
}

// madeBy tells the event of an object that is the result v of a call: a
// helper of the module that returns what it fetched, or anything else.
func (e *engine) madeBy(v ssa.Value) Event {
	callee, k := resultOf(v)
	if callee == nil {
		return Made
	}
	if f := e.funcs[callee]; f != nil {
		if e.returnsFetched(f, k) {
			return Fetched
		}
		return Made
	}
	if s := e.importedSummary(callee); s != nil && slices.Contains(s.FetchedResults, k) {
		return Fetched
	}
	if r, ok := knowledge.ReadResult(callee); ok && r == k {
		return Fetched // a library's reader: cluster-api's util.GetOwnerMachine
	}
	return Made
}

// resultOf returns the static function whose result k the value v is (a
// call, or the extraction of one of its results), or nil.
func resultOf(v ssa.Value) (*types.Func, int) {
	k := 0
	call, ok := v.(*ssa.Call)
	if x, isExtract := v.(*ssa.Extract); isExtract {
		call, ok = x.Tuple.(*ssa.Call)
		k = x.Index
	}
	if !ok || call.Common().IsInvoke() {
		return nil, 0
	}
	return crapi.Callee(call.Common()), k
}

// listed reports whether v is a copy of an element of a list that fn
// reads from the server (the value of a range loop over list.Items).
func (e *engine) listed(fn *ssa.Function, v ssa.Value) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	ia, ok := u.X.(*ssa.IndexAddr)
	if !ok || e.listDepth > 0 {
		return false
	}
	list := Base(ia.X)
	if list == ia.X {
		return false
	}
	e.listDepth++
	defer func() { e.listDepth-- }()
	return e.eventIn(fn, e.identity(fn).Key(list), Fetched)
}

// deferredWrite returns a defer statement of fn, met on a path to at,
// that writes the object root when fn returns: a deferred write (a patch helper's Patch, a helper
// of the module that writes its parameter), or a deferred function
// literal that writes the object it captures, itself or through such
// calls (Flux's defer func() { patcher.Patch(ctx, obj) }()). Nil if none.
func (e *engine) deferredWrite(fn *ssa.Function, at ssa.Instruction, root ssa.Value) ssa.Instruction {
	id := e.identity(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || !ssaflow.MayPrecede(d, at) {
				continue
			}
			if _, ev := e.callEffect(fn, id, d.Common(), root); ev == Written {
				return d
			}
			if mc, ok := d.Call.Value.(*ssa.MakeClosure); ok && e.closureWrites(id, mc, root) {
				return d
			}
		}
	}
	return nil
}

// closureWrites reports whether the function literal mc writes the object
// root of its maker, which it captures.
func (e *engine) closureWrites(id *identity, mc *ssa.MakeClosure, root ssa.Value) bool {
	f, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, b := range mc.Bindings {
		if i >= len(f.FreeVars) {
			break
		}
		v := b
		if alloc, ok := b.(*ssa.Alloc); ok {
			st := ssaflow.StoresOnce(alloc)
			if st == nil {
				continue
			}
			v = st.Val
		}
		if r, ok := partOf(id, v, root, 0); !ok || !r.Whole {
			continue
		}
		if e.eventIn(f, e.identity(f).Key(capturedObject(f, f.FreeVars[i])), Written) {
			return true
		}
	}
	return false
}

// capturedObject returns the object a closure works on through its free
// variable fv: fv itself (a value captured as is), or what it loads from
// it (a captured variable).
func capturedObject(f *ssa.Function, fv *ssa.FreeVar) ssa.Value {
	if _, ok := fv.Type().Underlying().(*types.Pointer); !ok {
		return fv
	}
	for _, b := range f.Blocks {
		for _, instr := range b.Instrs {
			if ld, ok := instr.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == fv {
				return ld
			}
		}
	}
	return fv
}
