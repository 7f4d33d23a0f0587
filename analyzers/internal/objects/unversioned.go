package objects

import (
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
)

// Objects built in the code carry no resourceVersion until something
// gives them one: a read from the server into them, a write whose answer
// is decoded back, a store to .ResourceVersion (SetResourceVersion), or a
// whole ObjectMeta copied from another object. An Update of such an
// object carries none either, which the API server refuses for most kinds
// (knowledge.UpdateNeedsResourceVersion). These answer, through the
// module's helpers, "is this object built from nothing" and "does this
// call update an object with the resourceVersion it has at the call".

// memo states of unversioned and asGiven (0: not asked yet).
const (
	askBusy = iota + 1
	askNo
	askYes
)

func memoAsk(m map[sumKey]uint8, key sumKey, ask func() bool) bool {
	switch m[key] {
	case askYes:
		return true
	case askNo, askBusy:
		return false // recursion: no
	}
	m[key] = askBusy
	ok := ask()
	m[key] = askNo
	if ok {
		m[key] = askYes
	}
	return ok
}

// Versioned reports whether a change may give the object a
// resourceVersion: it sets ResourceVersion or the whole metadata (an
// ObjectMeta copied from another object), or it is an unknown change of
// the metadata or of anything.
func Versioned(eff Effect) bool {
	return eff.Names["ResourceVersion"] || eff.Names["metadata"] || (eff.Strong|eff.Weak)&Unknown != 0 || eff.Weak&Meta != 0
}

// Unversioned reports whether the object start makes carries no
// resourceVersion there: start is an allocation (a composite literal,
// new, a variable), or a call of a constructor of the module (in this
// package, or another through returnsMade(k unversioned) in its fact)
// each of whose returns gives nil or such an object, changed on the way
// by nothing that is Versioned and neither read, written nor replaced. A
// call of any other function (a DeepCopy, a library's constructor) is
// not known to be.
func (r *Result) Unversioned(start ssa.Instruction) bool {
	if r.e == nil {
		return false
	}
	v, ok := start.(ssa.Value)
	if !ok {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.unversionedStart(v)
}

func (e *engine) unversionedStart(v ssa.Value) bool {
	if !ObjectParam(v.Type()) {
		return false // a slice or a struct holding objects: not the object
	}
	if _, ok := v.(*ssa.Alloc); ok {
		return true
	}
	callee, k := resultOf(v)
	if callee == nil {
		return false
	}
	if f := e.funcs[callee]; f != nil {
		return e.unversionedResult(f, k)
	}
	if s := e.importedSummary(callee); s != nil {
		return slices.ContainsFunc(s.MadeResults, func(m MadeResult) bool { return m.Result == k && m.Unversioned })
	}
	return false
}

// unversionedResult reports whether every return of fn gives as its
// result k nil or an object it builds from nothing, and one does.
func (e *engine) unversionedResult(fn *ssa.Function, k int) bool {
	return memoAsk(e.unversioned, sumKey{fn, k}, func() bool {
		id := e.identity(fn)
		return everyReturn(fn, k, func(ret *ssa.Return, v ssa.Value) bool {
			ok := true
			entry := e.walkBack(fn, ret, id.Key(v), nil, func(instr ssa.Instruction, eff Effect, ev Event) {
				switch {
				case ev == Made:
					if val, isVal := instr.(ssa.Value); !isVal || !e.unversionedStart(val) {
						ok = false
					}
				case ev != None, Versioned(eff):
					ok = false
				}
			})
			return !entry && ok
		})
	})
}

// AsGivenUpdates returns the objects the call cc sends to the API server
// in an Update (a client's Update, or a subresource's: Status().Update)
// with the resourceVersion they have at the call: the object of such an
// Update, or an argument of a helper of the module that does so with its
// parameter (UpdatesAsGiven).
func (r *Result) AsGivenUpdates(cc *ssa.CallCommon) []ssa.Value {
	if r.e == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.asGivenUpdates(cc)
}

func (e *engine) asGivenUpdates(cc *ssa.CallCommon) []ssa.Value {
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		if c.Method == crapi.Update && len(args) >= 2 {
			return []ssa.Value{args[1]}
		}
		return nil
	}
	if cc.IsInvoke() || cc.StaticCallee() == nil {
		return nil
	}
	callee := crapi.Callee(cc)
	if callee == nil {
		// A function literal called where it is made (merge := func(...)
		// {...}; merge(a, b)): its updates are its own, walked where the
		// literal is.
		return nil
	}
	var out []ssa.Value
	for j, a := range cc.Args { // SSA indexes: the receiver first, as cc.Args
		if !ObjectParam(a.Type()) {
			continue
		}
		if f := e.funcs[callee]; f != nil {
			if j < len(f.Params) && e.updatesAsGiven(f, j) {
				out = append(out, a)
			}
			continue
		}
		if s := e.importedSummary(callee); s != nil && j < len(s.Params) && s.Params[j].UpdatedAsGiven {
			out = append(out, a)
		}
	}
	return out
}

// UpdatesAsGiven reports whether f, a function of the module (in this
// package, or another through updatedAsGiven(i) in its fact), sends its
// parameter i (SSA index: the receiver first) to the API server in an
// Update with the resourceVersion its caller gave it: on some path from
// its entry on which nothing reads the object from the server, writes it,
// replaces it or changes it in a Versioned way first.
func (r *Result) UpdatesAsGiven(f *ssa.Function, i int) bool {
	if r.e == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.updatesAsGiven(f, i)
}

func (e *engine) updatesAsGiven(fn *ssa.Function, i int) bool {
	if i < 0 || i >= len(fn.Params) {
		return false
	}
	return memoAsk(e.asGiven, sumKey{fn, i}, func() bool {
		id := e.identity(fn)
		root := id.Key(fn.Params[i])
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok || call.Common() == nil {
					continue
				}
				if _, isGo := call.(*ssa.Go); isGo {
					continue
				}
				if !slices.ContainsFunc(e.asGivenUpdates(call.Common()), func(v ssa.Value) bool { return id.Key(v) == root }) {
					continue
				}
				ok = true
				entry := e.walkBack(fn, instr, root, nil, func(_ ssa.Instruction, eff Effect, ev Event) {
					if ev != None || Versioned(eff) {
						ok = false
					}
				})
				if entry && ok {
					return true
				}
			}
		}
		return false
	})
}
