package droppederr

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// recreated reports whether src, a client Delete whose error is
// discarded, is followed on every path to a success return by a Create
// of the same object through the same client whose error the function
// returns on failure (openyurt's test helper UpdateLease: Delete, then
// `if err := Create(lease); err != nil { return err }`). A Delete that
// failed leaves the object in place, so the Create fails (AlreadyExists)
// and its error is returned: the failure is not silent. A Create whose
// error is filtered (IgnoreAlreadyExists, a test of the error that can
// end in success) would hide it, and does not count.
func (c *checker) recreated(src *source) bool {
	if src.client == nil || src.client.Method != crapi.Delete || src.client.SubResource || src.written == nil {
		return false
	}
	covers := func(instr ssa.Instruction) bool {
		call, ok := instr.(*ssa.Call)
		if !ok {
			return false
		}
		cc, args, ok := crapi.ClientCallSSA(call.Common())
		if !ok || cc.Method != crapi.Create || cc.SubResource || len(args) < 2 {
			return false
		}
		obj := ssaflow.Strip(args[1])
		if obj != src.written && !c.h.Same(c.fn, obj, src.written) {
			return false
		}
		return sameValue(crapi.Receiver(call.Common()), crapi.Receiver(src.call.Common()), 0) && c.errorReturned(call)
	}
	// The rest of the Delete's block, then the blocks after it; a path
	// stops at the first Create that covers it.
	start := src.call.Block()
	after := false
	for _, instr := range start.Instrs {
		if after && covers(instr) {
			return true
		}
		after = after || instr == src.call
	}
	if ret, ok := ssaflow.Last(start).(*ssa.Return); ok && c.isSuccess(ret) {
		return false
	}
	seen := map[*ssa.BasicBlock]bool{}
	queue := append([]*ssa.BasicBlock(nil), start.Succs...)
	for len(queue) > 0 {
		blk := queue[0]
		queue = queue[1:]
		if seen[blk] {
			continue
		}
		seen[blk] = true
		covered := false
		for _, instr := range blk.Instrs {
			if covers(instr) {
				covered = true
				break
			}
		}
		if covered {
			continue
		}
		if ret, ok := ssaflow.Last(blk).(*ssa.Return); ok && c.isSuccess(ret) {
			return false
		}
		queue = append(queue, blk.Succs...)
	}
	return true
}

// errorReturned reports whether the function, after call (a client
// call), returns success only through the success side of a plain nil
// test of its error: a failure of call always ends in an error return
// (the call's error, wrapped or not, or another one). A test through
// IgnoreAlreadyExists, any branch on the error other than a nil test
// (apierrors.IsAlreadyExists), or a return of
// client.IgnoreAlreadyExists(err) lets a failure reach success, and does
// not count.
func (c *checker) errorReturned(call *ssa.Call) bool {
	carriers := ssaflow.ErrorCarriers(c.fn, call)
	success := func(b *ssa.BasicBlock) bool {
		ret, ok := ssaflow.Last(b).(*ssa.Return)
		return ok && (c.isSuccess(ret) || filteredReturn(ret, carriers))
	}
	start := call.Block()
	if success(start) {
		return false
	}
	// Only the failing edge out of a nil test of the error.
	skip := func(from, to *ssa.BasicBlock) bool {
		t, ok := testOf(from, carriers)
		return ok && !t.notFoundFiltered && to == t.success()
	}
	var next []*ssa.BasicBlock
	for _, s := range start.Succs {
		if !skip(start, s) {
			next = append(next, s)
		}
	}
	for _, s := range next {
		for b := range ssaflow.Reachable(s, skip) {
			if success(b) {
				return false
			}
		}
	}
	return true
}

// sameValue reports whether a and b are the same value, or loads of the
// same field of the same value (two reads of m.baseClient).
func sameValue(a, b ssa.Value, depth int) bool {
	if a == nil || b == nil || depth > 4 {
		return false
	}
	a, b = ssaflow.Strip(a), ssaflow.Strip(b)
	if a == b {
		return true
	}
	la, ok1 := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL {
		return false
	}
	fa, ok1 := la.X.(*ssa.FieldAddr)
	fb, ok2 := lb.X.(*ssa.FieldAddr)
	return ok1 && ok2 && fa.Field == fb.Field && sameValue(fa.X, fb.X, depth+1)
}

// filteredReturn reports whether ret returns the error of carriers
// through client.IgnoreAlreadyExists or IgnoreNotFound: nil, a success,
// for the errors they filter.
func filteredReturn(ret *ssa.Return, carriers map[ssa.Value]bool) bool {
	n := len(ret.Results)
	if n == 0 {
		return false
	}
	call, ok := crapi.IsCallTo(ssaflow.Returned(ret.Results[n-1]), crapi.ClientPkg, "IgnoreAlreadyExists", "IgnoreNotFound")
	return ok && len(call.Call.Args) == 1 && carriers[call.Call.Args[0]]
}
