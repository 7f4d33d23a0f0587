package objects

import (
	"go/token"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Fetches through the module's helpers: a getDeployment(ctx, key) that
// returns what it read, a load(ctx, obj) that reads into its parameter.
// After such a call the caller holds the server's copy, as after a Get.

// Memo states of the fetch summaries; 0 is not yet asked.
const (
	fetchBusy = iota + 1
	fetchNo
	fetchYes
)

// fetchKey names a fetch summary: a parameter (param >= 0) or result k
// (param = -1-k) of fn.
func (e *engine) fetchMemo(key sumKey, ask func() bool) bool {
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

// fetchesParam reports whether fn reads its parameter i from the server
// on some path (the usual helper returns early when the read fails).
func (e *engine) fetchesParam(fn *ssa.Function, i int) bool {
	return e.fetchMemo(sumKey{fn, i}, func() bool {
		if i < 0 || i >= len(fn.Params) {
			return false
		}
		return e.fetchedIn(fn, e.identity(fn).Key(fn.Params[i]))
	})
}

// returnsFetched reports whether every return of fn gives as its result
// k nil or an object fn read from the server, and one does.
func (e *engine) returnsFetched(fn *ssa.Function, k int) bool {
	return e.fetchMemo(sumKey{fn, -1 - k}, func() bool {
		found := false
		for ret := range ssaflow.Returns(fn) {
			if k >= len(ret.Results) {
				return false
			}
			r := ssaflow.Strip(ret.Results[k])
			if ssaflow.IsNil(r) {
				continue
			}
			if !e.fetchedIn(fn, e.identity(fn).Key(r)) {
				return false
			}
			found = true
		}
		return found
	})
}

// fetchedIn reports whether some instruction of fn reads the object root
// from the server.
func (e *engine) fetchedIn(fn *ssa.Function, root ssa.Value) bool {
	id := e.identity(fn)
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if _, ev := e.instrEffect(fn, id, instr, root); ev == Fetched {
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
	return e.fetchedIn(fn, e.identity(fn).Key(list))
}
