package updatepatch

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// object is what one function does with the object given to an Update.
type object struct {
	fn   *ssa.Function
	objs *objects.Result
	obj  ssa.Value
	// fetches are where the object is read from the server: a Get into
	// it, the List whose item it is, the copy of a listed item into it, a
	// call of a helper of the package that does one of these.
	fetches []ssa.Instruction
	// refresh holds the fetches and the writes that decode the server's
	// answer back into the object (Create, Update, Patch, status writes):
	// after them the object is a fresh copy again.
	refresh map[ssa.Instruction]bool
}

// track finds the fetches and refreshes of obj in fn; depth is that of
// the helper summary that asks, 0 for an Update's function.
func (c *checker) track(fn *ssa.Function, obj ssa.Value, depth int) *object {
	o := &object{fn: fn, objs: c.objs, obj: obj, refresh: map[ssa.Instruction]bool{}}
	list := o.listOf()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			fetch := false
			switch x := instr.(type) {
			case *ssa.Call:
				cc, args, ok := crapi.ClientCallSSA(x.Common())
				if ok {
					switch {
					case cc.Method == crapi.Get && !cc.SubResource && len(args) >= 3:
						fetch = o.same(args[2], obj)
					case cc.Method == crapi.List && !cc.SubResource && len(args) >= 2:
						fetch = list != nil && o.same(args[1], list)
					case cc.Method == crapi.Create && !cc.SubResource, cc.Method == crapi.Update, cc.Method == crapi.Patch:
						if len(args) >= 2 && o.same(args[1], obj) {
							o.refresh[instr] = true
						}
					}
					break
				}
				fetch = depth <= maxHelperDepth && c.helperFetches(x.Common(), o, depth)
			case *ssa.Store:
				fetch = o.same(x.Addr, obj) && c.listItem(o, x.Val) != nil
			}
			if fetch {
				o.fetches = append(o.fetches, instr)
				o.refresh[instr] = true
			}
		}
	}
	return o
}

func (o *object) same(a, b ssa.Value) bool { return o.objs.Same(o.fn, a, b) }

// listOf returns the list value whose Items obj is an element of
// (&list.Items[i]), or nil.
func (o *object) listOf() ssa.Value {
	for _, v := range []ssa.Value{o.obj, o.objs.Key(o.fn, o.obj)} {
		if ia, ok := v.(*ssa.IndexAddr); ok {
			if l := itemsOf(ia.X); l != nil {
				return l
			}
		}
	}
	return nil
}

// itemsOf returns list if s is the slice list.Items, loaded from a list
// reached by pointer.
func itemsOf(s ssa.Value) ssa.Value {
	u, ok := s.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok || ssaflow.FieldName(fa.X.Type(), fa.Field) != "Items" {
		return nil
	}
	return fa.X
}

// listItem recognises v as a copy of an element of a list that o's
// function fills with List (the value of a range loop over list.Items),
// and returns the List call.
func (c *checker) listItem(o *object, v ssa.Value) ssa.Instruction {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	ia, ok := u.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	list := itemsOf(ia.X)
	if list == nil {
		return nil
	}
	for _, b := range o.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			cc, args, ok := crapi.ClientCallSSA(call.Common())
			if ok && cc.Method == crapi.List && !cc.SubResource && len(args) >= 2 && o.same(args[1], list) {
				return call
			}
		}
	}
	return nil
}

// summaryKey names one question about a helper's parameter or result.
type summaryKey struct {
	fn    *ssa.Function
	index int
	kind  int
}

const (
	fetchesParam = iota
	returnsFetched
)

// Summary states; 0 is unknown.
const (
	sumBusy = iota + 1
	sumNo
	sumYes
)

// helperFetches reports whether the call cc is a fetch of o's object: a
// helper of the package that Gets into the parameter given the object, or
// that returns an object it fetched (dep, err := r.getDeployment(ctx, key)).
func (c *checker) helperFetches(cc *ssa.CallCommon, o *object, depth int) bool {
	callee := localCallee(cc, o.fn.Pkg)
	if callee == nil || cc.IsInvoke() {
		return false
	}
	for i, a := range cc.Args {
		if o.same(a, o.obj) && c.helperFetchesParam(callee, i, depth) {
			return true
		}
	}
	// The object is the call's result (or a result extracted from it).
	res := ssaflow.Strip(o.objs.Key(o.fn, o.obj))
	k := -1
	switch r := res.(type) {
	case *ssa.Call:
		if r.Common() == cc {
			k = 0
		}
	case *ssa.Extract:
		if t, ok := r.Tuple.(*ssa.Call); ok && t.Common() == cc {
			k = r.Index
		}
	}
	return k >= 0 && c.helperReturnsFetched(callee, k, depth)
}

func (c *checker) helperFetchesParam(callee *ssa.Function, i int, depth int) bool {
	return c.summary(summaryKey{callee, i, fetchesParam}, depth, func(o *object) bool {
		return len(o.fetches) > 0
	})
}

// helperReturnsFetched reports whether every return of callee gives as
// its k-th result nil or an object callee fetched.
func (c *checker) helperReturnsFetched(callee *ssa.Function, k int, depth int) bool {
	key := summaryKey{callee, k, returnsFetched}
	if depth > maxHelperDepth {
		return false
	}
	switch c.sums[key] {
	case sumYes:
		return true
	case sumNo, sumBusy:
		return false
	}
	c.sums[key] = sumBusy
	found := false
	ok := true
	for _, b := range callee.Blocks {
		if len(b.Instrs) == 0 || !ok {
			continue
		}
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet {
			continue
		}
		if k >= len(ret.Results) {
			ok = false
			break
		}
		r := ssaflow.Strip(ret.Results[k])
		if cst, isConst := r.(*ssa.Const); isConst && cst.IsNil() {
			continue
		}
		o := c.track(callee, r, depth+1)
		if len(o.fetches) == 0 {
			ok = false
			break
		}
		found = true
	}
	if ok && found {
		c.sums[key] = sumYes
		return true
	}
	c.sums[key] = sumNo
	return false
}

// summary answers a question about a helper's parameter i, memoised; a
// recursive question is answered no.
func (c *checker) summary(key summaryKey, depth int, ask func(o *object) bool) bool {
	if depth > maxHelperDepth || key.index < 0 || key.index >= len(key.fn.Params) {
		return false
	}
	switch c.sums[key] {
	case sumYes:
		return true
	case sumNo, sumBusy:
		return false
	}
	p := key.fn.Params[key.index]
	if !mayReference(p.Type()) {
		c.sums[key] = sumNo
		return false
	}
	c.sums[key] = sumBusy
	if ask(c.track(key.fn, p, depth+1)) {
		c.sums[key] = sumYes
		return true
	}
	c.sums[key] = sumNo
	return false
}

// mayReference reports whether a parameter of type t can give a helper
// access to an object (a pointer, an interface, a map or a slice).
func mayReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice:
		return true
	}
	return false
}

// history is what happens to the object between its fetches and an
// Update.
type history struct {
	// changes are the changes that happen after a fetch and reach the
	// Update with no refresh in between.
	changes []ssa.Instruction
	// statusOnly: every one of them changes the object's status only.
	statusOnly bool
	// unknown are the calls on such paths that are given a reference into
	// the object and may change it, for all this check knows: a copy taken
	// after one of them would miss its change.
	unknown []ssa.Instruction
}

// changesBefore returns the history of o's object before the Update u.
func (c *checker) changesBefore(o *object, u *ssa.Call) history {
	h := history{statusOnly: true}
	for _, b := range o.fn.Blocks {
		for _, instr := range b.Instrs {
			if o.refresh[instr] {
				continue
			}
			eff, ev := o.objs.EffectOf(o.fn, instr, o.obj)
			changed := eff.Strong != 0 || ev == objects.Replaced
			unknown := !changed && ev == objects.None && eff.Weak != 0
			if !changed && !unknown {
				continue
			}
			fetched := false
			for _, f := range o.fetches {
				if reaches(f, instr, nil) {
					fetched = true
					break
				}
			}
			if !fetched || !reaches(instr, u, func(in ssa.Instruction) bool { return o.refresh[in] }) {
				continue
			}
			if unknown {
				h.unknown = append(h.unknown, instr)
				continue
			}
			h.changes = append(h.changes, instr)
			if ev == objects.Replaced || eff.Strong&^objects.Status != 0 {
				h.statusOnly = false
			}
		}
	}
	return h
}

// reaches reports whether to can run after from on some path that runs no
// instruction for which stop returns true in between.
func reaches(from, to ssa.Instruction, stop func(ssa.Instruction) bool) bool {
	b := from.Block()
	if b == nil {
		return false
	}
	i := 0
	for i < len(b.Instrs) && b.Instrs[i] != from {
		i++
	}
	for _, in := range b.Instrs[min(i+1, len(b.Instrs)):] {
		if in == to {
			return true
		}
		if stop != nil && stop(in) {
			return false
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[blk] {
			continue
		}
		seen[blk] = true
		blocked := false
		for _, in := range blk.Instrs {
			if in == to {
				return true
			}
			if stop != nil && stop(in) {
				blocked = true
				break
			}
		}
		if !blocked {
			stack = append(stack, blk.Succs...)
		}
	}
	return false
}
