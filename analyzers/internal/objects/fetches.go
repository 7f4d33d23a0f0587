package objects

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
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

// returnsFetched reports whether every return of fn gives as its result
// k nil or an object fn read from the server, and one does.
func (e *engine) returnsFetched(fn *ssa.Function, k int) bool {
	return e.fetchMemo(fetchKey{fn, -1 - k, false}, func() bool {
		found := false
		for ret := range ssaflow.Returns(fn) {
			if k >= len(ret.Results) {
				return false
			}
			r := ssaflow.Strip(ret.Results[k])
			if ssaflow.IsNil(r) {
				continue
			}
			if !e.eventIn(fn, e.identity(fn).Key(r), Fetched) {
				return false
			}
			found = true
		}
		return found
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
	k := 0
	call, ok := v.(*ssa.Call)
	if x, isExtract := v.(*ssa.Extract); isExtract {
		call, ok = x.Tuple.(*ssa.Call)
		k = x.Index
	}
	if !ok || call.Common().IsInvoke() {
		return Made
	}
	callee := crapi.Callee(call.Common())
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
	return Made
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
