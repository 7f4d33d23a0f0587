package droppederr

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// A failed write only logged in a helper is lost as surely when the
// helper's callers hand nothing up: a step helper that returns a requeue
// with a nil error (ydb-kubernetes-operator's removeUnusedRemoteObjects,
// whose failed Delete is only recorded as an event before it writes the
// status and returns the status write's result), called by a helper that
// keeps only the error (deleteExternalResources), called by a Reconcile
// that then removes its finalizer: the object the Delete should have
// removed stays, and nothing brings the request back. removalAbove climbs
// the package's static callers, up to three levels, through calls whose
// results other than the error are dropped and returns with a nil error,
// to a finalizer removal.

// chainRemoval is a finalizer removal made by a caller of the function
// that dropped the error, above it.
type chainRemoval struct {
	op lifecycle.FinalizerOp
	// top removes the finalizer; through are the functions between it and
	// the one that dropped the error, the nearest to top first.
	top     string
	through []string
}

// maxChain is how many levels of callers removalAbove climbs.
const maxChain = 3

// removalAbove returns a finalizer removal that a caller of fn makes,
// directly or through up to maxChain levels, after fn returned without
// the error of src (a write: a read's harm depends on what the caller
// does with what it read). fn reached such a return.
func (c *checker) removalAbove(src *source, fn *ssa.Function) (chainRemoval, bool) {
	if src.isRead() {
		return chainRemoval{}, false
	}
	return c.climb(src, fn, 1, map[*ssa.Function]bool{fn: true})
}

func (c *checker) climb(src *source, fn *ssa.Function, depth int, seen map[*ssa.Function]bool) (chainRemoval, bool) {
	if depth > maxChain {
		return chainRemoval{}, false
	}
	for _, site := range c.calls.nonTest[fn] {
		call, ok := site.(*ssa.Call)
		if !ok || call.Parent() == nil || seen[call.Parent()] {
			continue
		}
		g := call.Parent()
		if !canTell(g) || !othersDropped(call) {
			continue
		}
		cg := &checker{pass: c.pass, h: c.h, fn: g, calls: c.calls}
		removal, returns := cg.afterNoError(src, call)
		if removal != nil {
			return chainRemoval{op: *removal, top: cg.funcName()}, true
		}
		if !returns {
			continue
		}
		seen[g] = true
		if r, ok := c.climb(src, g, depth+1, seen); ok {
			r.through = append(r.through, cg.funcName())
			return r, true
		}
	}
	return chainRemoval{}, false
}

// canTell reports whether fn's results can carry an error up (its last
// result is one), or it has none: a caller with other results (a bool)
// may say the failure by them.
func canTell(fn *ssa.Function) bool {
	res := fn.Signature.Results()
	return res.Len() == 0 || crapi.IsError(res.At(res.Len()-1).Type())
}

// othersDropped reports whether the results of call other than its last,
// the error, are unused: whatever the callee said by them (a requeue, a
// "stop" flag) is lost.
func othersDropped(call *ssa.Call) bool {
	t, ok := call.Type().(*types.Tuple)
	if !ok {
		return true
	}
	for i := 0; i < t.Len()-1; i++ {
		if v := ssaflow.Extract(call, i); v != nil && used(v) {
			return false
		}
	}
	return true
}

// afterNoError walks c.fn after call on the paths on which call's error
// is nil (or not looked at), and returns the first finalizer removal
// there, and whether a return with a nil error (any return, in a function
// without results) that asks for no requeue is reached: c.fn then returns
// without the error too.
func (c *checker) afterNoError(src *source, call *ssa.Call) (*lifecycle.FinalizerOp, bool) {
	var carriers map[ssa.Value]bool
	if t, ok := call.Type().(*types.Tuple); ok {
		if errv := ssaflow.Extract(call, t.Len()-1); errv != nil {
			carriers = ssaflow.ErrorCarriers(c.fn, errv)
		}
	} else if crapi.IsError(call.Type()) {
		carriers = ssaflow.ErrorCarriers(c.fn, call)
	}
	ev := c.h.Lifecycle(c.fn)
	returns := false
	scan := func(instrs []ssa.Instruction) *lifecycle.FinalizerOp {
		for _, instr := range instrs {
			if op, ok := ev.RemovalAt(instr); ok && src.removalMatters(c.fn) {
				return &op
			}
			if ret, ok := instr.(*ssa.Return); ok && c.returnsNoError(ret) {
				returns = true
			}
		}
		return nil
	}
	start := call.Block()
	for i, instr := range start.Instrs {
		if instr == call {
			if op := scan(start.Instrs[i+1:]); op != nil {
				return op, returns
			}
			break
		}
	}
	// Only the success side of a nil test of the call's error.
	skip := func(from, to *ssa.BasicBlock) bool {
		t, ok := testOf(from, carriers)
		return ok && !t.notFoundFiltered && to == t.fail()
	}
	seen := map[*ssa.BasicBlock]bool{start: true}
	var queue []*ssa.BasicBlock
	for _, s := range start.Succs {
		if !skip(start, s) {
			queue = append(queue, s)
		}
	}
	for len(queue) > 0 {
		blk := queue[0]
		queue = queue[1:]
		if seen[blk] {
			continue
		}
		seen[blk] = true
		if op := scan(blk.Instrs); op != nil {
			return op, returns
		}
		for _, s := range blk.Succs {
			if !skip(blk, s) {
				queue = append(queue, s)
			}
		}
	}
	return nil, returns
}

// returnsNoError reports whether ret hands its caller no error: a nil
// error that, from a (reconcile.Result, error) function, comes with a
// Result asking for no requeue (a requeue retries), or any return of a
// function without results. Other results beside the error are the
// caller's to drop (othersDropped).
func (c *checker) returnsNoError(ret *ssa.Return) bool {
	n := len(ret.Results)
	if n == 0 {
		return true
	}
	if !ssaflow.IsNil(ssaflow.Returned(ret.Results[n-1])) {
		return false
	}
	if n == 2 && crapi.IsResult(ret.Results[0].Type()) {
		return c.isSuccess(ret)
	}
	return true
}

// returnsWithout reports whether, after the failing branch of t rejoins,
// c.fn reaches a return whose error does not carry src's (another call's
// error, nil): the helper hands its caller no trace of the failure.
func (c *checker) returnsWithout(src *source, t errTest, rejoin []*ssa.BasicBlock) bool {
	next := c.nextIteration(t.block)
	order, _ := afterFailure(src, t, rejoin, nil)
	for _, blk := range order {
		if ret, ok := ssaflow.Last(blk).(*ssa.Return); ok && !next[blk] {
			if n := len(ret.Results); n == 0 || !src.carriers[ssaflow.Returned(ret.Results[n-1])] {
				return true
			}
		}
	}
	return false
}

// chainMessage is the message of a removal above the function that
// dropped the error: "Reconcile, which calls it through deleteExternal,
// removes finalizer "x"", and the harm.
func chainMessage(src *source, r chainRemoval) (string, string) {
	fin := "a finalizer"
	if name := r.op.FinalizerName(); name != "" {
		fin = fmt.Sprintf("finalizer %q", name)
	}
	who := fmt.Sprintf("its caller %s", r.top)
	if len(r.through) > 0 {
		who = fmt.Sprintf("%s, which calls it through %s,", r.top, strings.Join(r.through, " and "))
	}
	harm := "a transient error leaks the objects this cleanup should delete"
	if cc := src.clientCall(); cc != nil && cc.IsWrite() && cc.Method != crapi.Delete && cc.Method != crapi.DeleteAllOf {
		harm = "a transient error leaves this cleanup step undone for good"
	}
	return fmt.Sprintf("%s removes %s", who, fin), harm
}
