package droppederr

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// What a caller does after a helper without results dropped an error.
const (
	voidRemoval = iota
	voidStatus
	voidSuccess
	voidNone
)

type voidCons struct {
	kind    int
	removal lifecycle.FinalizerOp
	caller  string
}

// checkVoid reports, in c.fn, a function without an error result (none,
// or a bool that says something else), the client
// writes whose error is only logged: nothing can tell the caller, so a
// caller that then removes a finalizer, writes the status or returns
// success does so as if the write had succeeded. callers are the static
// calls of the package's functions.
func (c *checker) checkVoid(callers map[*ssa.Function][]ssa.CallInstruction, periodic, shutdown map[*ssa.Function]bool) {
	sites := callers[c.fn]
	if len(sites) == 0 || ssapkg.InTestCode(c.pass, c.fn.Pos()) {
		return
	}
	done := map[*ssa.BasicBlock]bool{}
	for call := range ssaflow.PlainCalls(c.fn) {
		errv, writes, ok := c.h.ClientErrorSource(call)
		if !ok || !writes || errv == nil {
			continue
		}
		src := newSource(c.h, c.fn, call, errv, writes)
		for _, tb := range c.fn.Blocks {
			if done[tb] {
				continue
			}
			if t, ok := testOf(tb, src.carriers); ok && c.examineVoid(src, t, sites, periodic, shutdown) {
				done[tb] = true
			}
		}
	}
}

// examineVoid reports the test t of src's error in a function without
// results if its failing branch only logs (and returns, or rejoins
// without handing anything on) and a caller then acts as if the call had
// succeeded.
func (c *checker) examineVoid(src *source, t errTest, sites []ssa.CallInstruction, periodic, shutdown map[*ssa.Function]bool) bool {
	b := t.block
	branch, _, _ := t.failingBranch()
	if len(branch) == 0 {
		return false
	}
	logCall := c.onlyLogs(branch, true)
	if logCall == nil || c.logged[logCall] {
		return false
	}
	if c.fn.Signature.Results().Len() > 0 {
		// A helper with results (a bool) that returns from the failing
		// branch may tell its caller by what it returns there
		// (return false); one whose failing branch rejoins the rest
		// returns what success returns.
		for blk := range branch {
			if _, ok := ssaflow.Last(blk).(*ssa.Return); ok {
				return false
			}
		}
	}
	exits := false
	for blk := range branch {
		for _, s := range blk.Succs {
			if !branch[s] && s != b {
				exits = true
			}
		}
	}
	if exits && len(c.rejoin(src, branch, b)) == 0 {
		return false // the branch hands something on to the rest
	}
	best := voidCons{kind: voidNone}
	for _, site := range sites {
		call, ok := site.(*ssa.Call)
		if !ok || call.Parent() == nil || ssapkg.InTestCode(c.pass, call.Pos()) {
			continue
		}
		g := call.Parent()
		res := g.Signature.Results()
		if res.Len() == 0 || !crapi.IsError(res.At(res.Len()-1).Type()) {
			continue // a caller that cannot tell success either
		}
		cg := newChecker(c.pass, c.h, g, c.calls, periodic, shutdown)
		if cons := cg.afterCall(src, call); cons.kind < best.kind {
			best = cons
		}
	}
	var above *chainRemoval
	if best.kind != voidRemoval {
		// A caller that only hands the success on (returns nil, or
		// nothing) to a caller that removes a finalizer: up the chain.
		if r, ok := c.removalAbove(src, c.fn); ok && len(r.through) > 0 {
			above = &r
		}
	}
	if best.kind == voidNone && above == nil {
		return false
	}
	if c.logged == nil {
		c.logged = map[*ssa.Call]bool{}
	}
	c.logged[logCall] = true
	what, helper := c.sourceName(src), c.funcName()
	var msg string
	switch {
	case above != nil:
		who, harm := chainMessage(src, *above)
		msg = fmt.Sprintf("the error of %s is only logged in %s, which returns no error, then %s: %s; return the error from %s", what, helper, who, harm, helper)
	case best.kind == voidRemoval:
		fin := "a finalizer"
		if name := best.removal.FinalizerName(); name != "" {
			fin = fmt.Sprintf("finalizer %q", name)
		}
		msg = fmt.Sprintf("the error of %s is only logged in %s, which returns no error, then its caller %s removes %s: a transient error leaves this cleanup step undone for good; return the error from %s", what, helper, best.caller, fin, helper)
	case best.kind == voidStatus:
		msg = fmt.Sprintf("the error of %s is only logged in %s, which returns no error, then its caller %s writes the status as if it had succeeded: the failed write is not retried until the next event; return the error from %s", what, helper, best.caller, helper)
	case best.kind == voidSuccess:
		msg = fmt.Sprintf("the error of %s is only logged in %s, which returns no error, then its caller %s returns success: the failed write is not retried until the next event; return the error from %s", what, helper, best.caller, helper)
	}
	if node := c.callExpr(logCall.Pos()); node != nil {
		diag.Reportf(c.pass, node, nil, "%s", msg)
	} else {
		diag.Report(c.pass, analysis.Diagnostic{Pos: logCall.Pos(), Message: msg})
	}
	return true
}

// afterCall returns the most serious thing c.fn does after call as if
// src had succeeded: remove a finalizer, write the status, return
// success (the last two not in what only periodic controllers or the
// shutdown run).
func (c *checker) afterCall(src *source, call *ssa.Call) voidCons {
	best := voidCons{kind: voidNone, caller: c.funcName()}
	ev := c.h.Lifecycle(c.fn)
	scan := func(instrs []ssa.Instruction) {
		for _, instr := range instrs {
			if op, ok := ev.RemovalAt(instr); ok && src.removalMatters(c.fn) {
				best.kind, best.removal = voidRemoval, op
				return
			}
			if c.retryMoot() || best.kind < voidStatus {
				continue
			}
			if x, ok := instr.(*ssa.Call); ok {
				// A later status write after a failed one may well carry
				// its changes: only after another write.
				subresource := src.client != nil && src.client.SubResource
				if cc, _, ok := crapi.ClientCallSSA(x.Common()); ok && !subresource && cc.IsWrite() && crapi.IsStatusWrite(x.Common(), cc) {
					best.kind = voidStatus
				}
			}
			if ret, ok := instr.(*ssa.Return); ok && best.kind > voidSuccess && c.isSuccess(ret) {
				best.kind = voidSuccess
			}
		}
	}
	start := call.Block()
	for i, instr := range start.Instrs {
		if instr == call {
			scan(start.Instrs[i+1:])
			break
		}
	}
	seen := map[*ssa.BasicBlock]bool{start: true}
	queue := append([]*ssa.BasicBlock(nil), start.Succs...)
	for len(queue) > 0 && best.kind != voidRemoval {
		blk := queue[0]
		queue = queue[1:]
		if seen[blk] {
			continue
		}
		seen[blk] = true
		scan(blk.Instrs)
		queue = append(queue, blk.Succs...)
	}
	return best
}
