package objects

import (
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// engine answers, for one package, what code does to objects.
type engine struct {
	pass  *analysis.Pass
	funcs map[*types.Func]*ssa.Function
	ids   map[*ssa.Function]*identity
	// callers of each function of the package, by static calls.
	callers map[*ssa.Function][]ssa.CallInstruction
	// closures maps a function literal to the closure made of it.
	closures map[*ssa.Function][]*ssa.MakeClosure
	sums     map[sumKey]*Effect
	// fetched memoises fetch summaries (fetches.go); listDepth stops
	// a list's fetch from being asked about inside another's.
	fetched map[fetchKey]uint8
	// made memoises the constructors' fields (made.go).
	made      map[madeKey]*madeMemo
	listDepth int
	// unversioned and asGiven memoise unversioned.go's answers, by
	// result and by parameter.
	unversioned, asGiven map[sumKey]uint8
}

type sumKey struct {
	fn    *ssa.Function
	param int
}

func newEngine(pass *analysis.Pass, srcFuncs []*ssa.Function) *engine {
	e := &engine{
		pass:     pass,
		funcs:    map[*types.Func]*ssa.Function{},
		ids:      map[*ssa.Function]*identity{},
		callers:  map[*ssa.Function][]ssa.CallInstruction{},
		closures: map[*ssa.Function][]*ssa.MakeClosure{},
		sums:     map[sumKey]*Effect{},
		fetched:  map[fetchKey]uint8{},
		made:     map[madeKey]*madeMemo{},

		unversioned: map[sumKey]uint8{},
		asGiven:     map[sumKey]uint8{},
	}
	for _, fn := range srcFuncs {
		if obj, ok := fn.Object().(*types.Func); ok {
			e.funcs[obj] = fn
		}
	}
	for _, fn := range srcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case ssa.CallInstruction:
					if callee := x.Common().StaticCallee(); callee != nil {
						e.callers[callee] = append(e.callers[callee], x)
					}
				case *ssa.MakeClosure:
					if f, ok := x.Fn.(*ssa.Function); ok {
						e.closures[f] = append(e.closures[f], x)
					}
				}
			}
		}
	}
	return e
}

func (e *engine) identity(fn *ssa.Function) *identity {
	id := e.ids[fn]
	if id == nil {
		id = newIdentity(fn)
		e.ids[fn] = id
	}
	return id
}

// maxCallerDepth bounds how far history follows an object back into the
// callers of the function that writes it.
const maxCallerDepth = 3

// history returns what may happen to the object obj on the paths that
// reach the instruction from in fn since the object was last read, written
// or made: a client Get, List (of the list holding it), Create, Update or
// Patch of it, its allocation, or an instruction of stops. When a path
// reaches the function's entry and obj is a parameter (or a variable of
// the enclosing function, for a closure), the history goes on at the call
// sites in this package.
func (e *engine) history(fn *ssa.Function, from ssa.Instruction, obj ssa.Value, stops map[ssa.Instruction]bool, depth int) Effect {
	root := e.identity(fn).Key(obj)
	var out Effect
	entry := e.walkBack(fn, from, root, stops, func(_ ssa.Instruction, eff Effect, _ Event) {
		out.Add(eff)
	})
	if entry {
		out.Add(e.before(fn, e.identity(fn), root, depth))
	}
	return out
}

// walkBack visits, from the instruction from backwards, every instruction
// of fn that may run before it since the last event of the object root
// (or an instruction of stops), with what it does to the object; the
// events that end the paths are visited too. It reports whether a path
// reaches the function's entry without one.
func (e *engine) walkBack(fn *ssa.Function, from ssa.Instruction, root ssa.Value, stops map[ssa.Instruction]bool, visit func(ssa.Instruction, Effect, Event)) bool {
	id := e.identity(fn)
	type pos struct {
		b *ssa.BasicBlock
		i int // scan the instructions before index i
		// noop is a mutator call of b known, on this path, to have
		// changed nothing (the false branch of its "changed" result).
		noop ssa.Instruction
	}
	type visitKey struct {
		b    *ssa.BasicBlock
		noop ssa.Instruction
	}
	scanned := map[visitKey]bool{}
	stack := []pos{{b: from.Block(), i: slices.Index(from.Block().Instrs, from)}}
	entry := false
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stopped := false
		for j := p.i - 1; j >= 0 && !stopped; j-- {
			instr := p.b.Instrs[j]
			if stops[instr] {
				stopped = true
				break
			}
			if instr == p.noop {
				continue
			}
			eff, ev := e.instrEffect(fn, id, instr, root)
			if eff.Strong != 0 || eff.Weak != 0 || ev != None {
				visit(instr, eff, ev)
			}
			stopped = ev != None
		}
		if stopped {
			continue
		}
		if len(p.b.Preds) == 0 {
			entry = true
		}
		for _, pred := range p.b.Preds {
			v := visitKey{b: pred, noop: unchangedOnEdge(pred, p.b)}
			if !scanned[v] {
				scanned[v] = true
				stack = append(stack, pos{b: pred, i: len(pred.Instrs), noop: v.noop})
			}
		}
	}
	return entry
}

// unchangedOnEdge returns the mutator call whose bool result decides the
// branch from pred to succ when that branch is taken only if the call
// changed nothing: if controllerutil.AddFinalizer(obj, f) { Update }
// falls through with the finalizer already there.
func unchangedOnEdge(pred, succ *ssa.BasicBlock) ssa.Instruction {
	if len(pred.Instrs) == 0 || len(pred.Succs) != 2 || pred.Succs[0] == pred.Succs[1] {
		return nil
	}
	ifi, ok := pred.Instrs[len(pred.Instrs)-1].(*ssa.If)
	if !ok {
		return nil
	}
	cond := ifi.Cond
	changedOnTrue := true
	if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
		cond, changedOnTrue = not.X, false
	}
	call, ok := cond.(*ssa.Call)
	if !ok || call.Block() != pred {
		return nil
	}
	fn := crapi.Callee(call.Common())
	if !knowledge.ReportsChange(fn) {
		return nil
	}
	if (pred.Succs[0] == succ) == changedOnTrue {
		return nil // the branch where it did change
	}
	return call
}

// before returns what may have happened to the object root, known at the
// entry of fn, before fn was called.
func (e *engine) before(fn *ssa.Function, id *identity, root ssa.Value, depth int) Effect {
	unknown := Effect{Weak: Unknown}
	switch r := root.(type) {
	case *ssa.Parameter:
		if depth >= maxCallerDepth {
			return Effect{}
		}
		idx := slices.Index(fn.Params, r)
		var out Effect
		for _, call := range e.callers[fn] {
			if _, ok := call.(*ssa.Call); !ok {
				return unknown // go or defer: runs at another time
			}
			args := call.Common().Args
			if idx < 0 || idx >= len(args) || call.Parent() == nil {
				return unknown
			}
			out.Add(e.history(call.Parent(), call, args[idx], nil, depth+1))
		}
		// No call site in this package: what callers elsewhere did is
		// not known, and the function's own changes decide.
		return out
	case *ssa.UnOp:
		fv, ok := r.X.(*ssa.FreeVar)
		if !ok || r.Op != token.MUL {
			break
		}
		return e.beforeClosure(fn, fv, depth)
	}
	if _, ok := Base(root).(*ssa.Parameter); ok {
		return Effect{} // an element of a parameter's list: as above
	}
	if _, ok := Base(root).(*ssa.FreeVar); ok {
		return Effect{}
	}
	return unknown
}

// beforeClosure follows a variable captured by the closure fn back into
// the enclosing function, to the call that runs the closure.
func (e *engine) beforeClosure(fn *ssa.Function, fv *ssa.FreeVar, depth int) Effect {
	if depth >= maxCallerDepth {
		return Effect{Weak: Unknown}
	}
	parent, call, v, ok := e.capturedAt(fn, fv, true)
	if !ok {
		return Effect{Weak: Unknown}
	}
	return e.history(parent, call, v, nil, depth+1)
}

// capturedAt returns, for a variable fv captured by the closure fn, the
// enclosing function, the call during which the closure runs and the
// value fv stands for there: the closure is made once and used once, by
// a call that runs it (called, or given to a function such as
// retry.RetryOnConflict that calls it). With cell, fv is a captured
// variable (an Alloc of the enclosing function stored once); without,
// a value captured as it is.
func (e *engine) capturedAt(fn *ssa.Function, fv *ssa.FreeVar, cell bool) (*ssa.Function, *ssa.Call, ssa.Value, bool) {
	mcs := e.closures[fn]
	if len(mcs) != 1 {
		return nil, nil, nil, false
	}
	mc := mcs[0]
	idx := slices.Index(fn.FreeVars, fv)
	if idx < 0 || idx >= len(mc.Bindings) {
		return nil, nil, nil, false
	}
	refs := mc.Referrers()
	if refs == nil || len(*refs) != 1 {
		return nil, nil, nil, false
	}
	call, ok := (*refs)[0].(*ssa.Call)
	if !ok {
		return nil, nil, nil, false
	}
	if !cell {
		return mc.Parent(), call, mc.Bindings[idx], true
	}
	alloc, ok := mc.Bindings[idx].(*ssa.Alloc)
	if !ok {
		return nil, nil, nil, false
	}
	st := ssaflow.StoresOnce(alloc)
	if st == nil {
		return nil, nil, nil, false
	}
	return mc.Parent(), call, st.Val, true
}

// captured returns, when the object root of the closure fn is a variable
// it captured, where the object is in the enclosing function before the
// call that runs the closure (see capturedAt).
func (e *engine) captured(fn *ssa.Function, root ssa.Value) (*ssa.Function, *ssa.Call, ssa.Value, bool) {
	switch r := root.(type) {
	case *ssa.FreeVar:
		return e.capturedAt(fn, r, false)
	case *ssa.UnOp:
		if fv, ok := r.X.(*ssa.FreeVar); ok && r.Op == token.MUL {
			return e.capturedAt(fn, fv, true)
		}
	}
	return nil, nil, nil, false
}

// instrEffect tells what instr does to the object root of fn, and
// whether it is a point before which nothing matters (the object is read,
// written or made there).
func (e *engine) instrEffect(fn *ssa.Function, id *identity, instr ssa.Instruction, root ssa.Value) (Effect, Event) {
	if v, ok := instr.(ssa.Value); ok && ssaflow.Strip(v) == v && id.Key(v) == root {
		switch v.(type) {
		case *ssa.Phi:
			return Effect{Weak: Unknown}, Joined
		case *ssa.Alloc:
			return Effect{}, Made
		case *ssa.Call, *ssa.Extract:
			return Effect{}, e.madeBy(v)
		}
	}
	switch x := instr.(type) {
	case *ssa.Store:
		if r, ok := partOf(id, x.Addr, root, 0); ok {
			if r.Whole {
				if e.listed(fn, x.Val) {
					return Effect{}, Fetched // for _, item := range list.Items
				}
				return Effect{}, Replaced // a new object from here
			}
			return change(r, true, literalMeta(r, x.Val)), None
		}
		if escapes(id, x.Addr, x.Val, root) {
			// Stored where other code may change it later (a struct
			// handed to a handler): what that code does is not seen.
			return Effect{Weak: Unknown}, None
		}
	case *ssa.MapUpdate:
		if r, ok := partOf(id, x.Map, root, 0); ok {
			return change(r, true, ""), None
		}
		if escapes(id, nil, x.Value, root) {
			return Effect{Weak: Unknown}, None
		}
	case *ssa.Call:
		return e.callEffect(fn, id, x.Common(), root)
	case *ssa.Go:
		return e.callEffect(fn, id, x.Common(), root)
	}
	return Effect{}, None
}

// operand is an argument (or the receiver, index -1) of a call.
type operand struct {
	v   ssa.Value
	idx int
}

// callEffect tells what a call does to root.
func (e *engine) callEffect(fn *ssa.Function, id *identity, cc *ssa.CallCommon, root ssa.Value) (Effect, Event) {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "delete", "clear", "copy":
			if len(cc.Args) > 0 {
				if r, ok := partOf(id, cc.Args[0], root, 0); ok {
					return change(r, true, ""), None
				}
			}
		}
		return Effect{}, None
	}
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		var target ssa.Value
		ev := Fetched
		switch {
		case c.Method == crapi.Get && len(args) >= 3:
			target = args[2]
		case c.Method == crapi.List && len(args) >= 2:
			target = args[1]
		case c.IsWrite() && len(args) >= 2:
			target, ev = args[1], Written
		}
		if target != nil && (id.Key(target) == root || id.Key(target) == id.Key(Base(root))) {
			return Effect{}, ev
		}
		return Effect{}, None
	}
	callee := crapi.Callee(cc)
	if callee == nil {
		callee = crapi.CtrlVarFunc(cc.Value)
	}
	var ops []operand
	if recv := crapi.Receiver(cc); recv != nil {
		ops = append(ops, operand{recv, -1})
	}
	for i, a := range crapi.CallArgs(cc) {
		ops = append(ops, operand{a, i})
	}
	if mc, ok := cc.Value.(*ssa.MakeClosure); ok && callee == nil {
		// A function literal called in place.
		if eff, ok := e.closureEffect(id, mc, root); ok {
			return eff, None
		}
	}
	var out Effect
	for _, op := range ops {
		if mc, ok := ssaflow.Strip(op.v).(*ssa.MakeClosure); ok {
			// A function literal handed to the callee, which may call it.
			if eff, ok := e.closureEffect(id, mc, root); ok {
				out.Add(eff)
			}
			continue
		}
		r, ok := partOf(id, op.v, root, 0)
		if !ok {
			if !variadicHolds(id, op.v, root) {
				continue
			}
			// The object among the ...any arguments of a call.
			if callee != nil {
				if row, ok := knowledge.Lookup(callee, op.idx); ok && row.Effect == knowledge.Reads {
					continue // logging and the like
				}
			}
			out.Add(Effect{Weak: Unknown})
			continue
		}
		if !mayAlias(ssaflow.Strip(op.v).Type()) {
			continue
		}
		eff, ev := e.operandEffect(cc, callee, op, r)
		if ev != None {
			return eff, ev
		}
		out.Add(eff)
	}
	return out, None
}

// escapes reports whether storing val at addr puts a pointer into the
// object root somewhere other code may reach: not the argument array of a
// variadic call, which the call's analysis covers.
func escapes(id *identity, addr, val, root ssa.Value) bool {
	if !mayAlias(ssaflow.Strip(val).Type()) {
		return false
	}
	if _, ok := partOf(id, val, root, 0); !ok {
		return false
	}
	if ia, ok := addr.(*ssa.IndexAddr); ok {
		if alloc, ok := ia.X.(*ssa.Alloc); ok && alloc.Comment == "varargs" {
			return false
		}
	}
	return true
}

// variadicHolds reports whether v is the slice of a variadic call's
// arguments and one of them points into root.
func variadicHolds(id *identity, v, root ssa.Value) bool {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return false
	}
	alloc, ok := sl.X.(*ssa.Alloc)
	if !ok || alloc.Comment != "varargs" {
		return false
	}
	for _, st := range ssaflow.StoresTo(alloc) {
		if _, ok := partOf(id, st.Val, root, 0); ok && mayAlias(ssaflow.Strip(st.Val).Type()) {
			return true
		}
	}
	return false
}

// closureEffect summarises what the closure mc does to root through the
// variables it captures.
func (e *engine) closureEffect(id *identity, mc *ssa.MakeClosure, root ssa.Value) (Effect, bool) {
	f, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return Effect{}, false
	}
	var out Effect
	found := false
	for i, b := range mc.Bindings {
		if i >= len(f.FreeVars) {
			break
		}
		v := b
		if alloc, ok := b.(*ssa.Alloc); ok {
			// A captured variable: the closure loads the object from it.
			st := ssaflow.StoresOnce(alloc)
			if st == nil {
				continue
			}
			v = st.Val
		}
		r, ok := partOf(id, v, root, 0)
		if !ok {
			continue
		}
		found = true
		out.Add(apply(r, e.summary(f, f.FreeVars[i])))
	}
	return out, found
}

// apply maps what a callee does to its parameter onto the caller's ref.
func apply(r Part, sum Effect) Effect {
	if r.Whole {
		out := Effect{Strong: sum.Strong &^ Changed, Weak: sum.Weak}
		if sum.Strong&Changed != 0 {
			out.Weak |= Unknown
		}
		for n := range sum.Names {
			out.addName(n)
		}
		// A fact carries classes only: name them generically.
		for c, n := range map[Class]string{Status: "Status", Spec: "Spec", Meta: "metadata"} {
			if out.Strong&c != 0 && !out.hasNameOf(c) {
				out.addName(n)
			}
		}
		return out
	}
	var out Effect
	if sum.Strong != 0 {
		out.Add(change(r, true, ""))
	}
	if sum.Weak != 0 {
		out.Add(change(r, false, ""))
	}
	return out
}

// operandEffect tells what the callee does to the part r of root that it
// is given as operand op.
func (e *engine) operandEffect(cc *ssa.CallCommon, callee *types.Func, op operand, r Part) (Effect, Event) {
	if callee == nil {
		return change(r, false, ""), None // a function value: anything
	}
	if eff, ev, ok := libraryEffect(callee, op.idx, r); ok {
		return eff, ev
	}
	if cc.IsInvoke() {
		return change(r, false, ""), None // any implementation
	}
	param := op.idx
	if callee.Signature().Recv() != nil {
		param++
	}
	if f := e.funcs[callee]; f != nil {
		if param < 0 || param >= len(f.Params) {
			return change(r, false, ""), None
		}
		if ev := e.paramEvent(f, param); r.Whole && ev != None {
			return Effect{}, ev
		}
		return apply(r, e.summary(f, f.Params[param])), None
	}
	if s := e.importedSummary(callee); s != nil && param >= 0 && param < len(s.Params) {
		p := s.Params[param]
		switch {
		case r.Whole && p.Fetched:
			return Effect{}, Fetched
		case r.Whole && p.Written:
			return Effect{}, Written
		}
		return apply(r, Effect{Strong: p.Strong, Weak: p.Weak}), None
	}
	return change(r, false, ""), None
}

// libraryEffect tells what a library function does to the part r of an
// object given as its operand idx (knowledge.Receiver for the receiver),
// from the knowledge table.
func libraryEffect(fn *types.Func, idx int, r Part) (Effect, Event, bool) {
	row, ok := knowledge.Lookup(fn, idx)
	if !ok {
		return Effect{}, None, false
	}
	switch row.Effect {
	case knowledge.Changes:
		if row.Field != "" && (r.Whole || (r.Class == Meta && r.Depth == 0)) {
			r = Part{Class: Meta, Name: row.Field}
		}
		return change(r, true, ""), None, true
	case knowledge.Refetches:
		return Effect{}, Fetched, true
	case knowledge.Writes:
		if r.Whole {
			return Effect{}, Written, true
		}
		return Effect{}, None, true
	case knowledge.Overwrites:
		if r.Whole {
			return Effect{}, Replaced, true
		}
		return change(r, true, ""), None, true
	}
	return Effect{}, None, true
}

// summary returns what fn may do to its parameter (or captured
// variable) p, on any path: the helpers of the user's code seen through.
func (e *engine) summary(fn *ssa.Function, p ssa.Value) Effect {
	key := sumKey{fn: fn, param: ssaflow.ParamIndex(fn, p)}
	if fv, ok := p.(*ssa.FreeVar); ok {
		key.param = 1000 + slices.Index(fn.FreeVars, fv)
	}
	if s, ok := e.sums[key]; ok {
		if s == nil {
			return Effect{Weak: Unknown} // recursion
		}
		return *s
	}
	e.sums[key] = nil
	id := e.identity(fn)
	root := id.Key(p)
	if fv, ok := p.(*ssa.FreeVar); ok {
		// A captured variable: the object is what the closure loads
		// from it.
		root = nil
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ld, ok := instr.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == fv && root == nil {
					root = id.Key(ld)
				}
			}
		}
		if root == nil && ObjectParam(fv.Type()) {
			// A value captured as it is (a parameter never assigned):
			// the closure uses the object itself.
			root = id.Key(fv)
		}
	}
	var out Effect
	if root != nil {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var eff Effect
				var ev Event
				if d, ok := instr.(*ssa.Defer); ok {
					eff, ev = e.callEffect(fn, id, d.Common(), root)
				} else {
					eff, ev = e.instrEffect(fn, id, instr, root)
				}
				if ev != None {
					// Fetched, written or replaced in the helper: the
					// caller's history cannot be combined with it.
					eff.Weak |= Unknown
				}
				out.Add(eff)
			}
		}
	}
	e.sums[key] = &out
	return out
}
