package droppederr

import (
	"cmp"
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer reports client errors that are only logged before a finalizer
// removal, a Delete or a success return.
var Analyzer = &analysis.Analyzer{
	Name:     "droppederr",
	Doc:      checkdoc.MustExtract(doc, "droppederr"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, ctrlmodel.Analyzer, reach.Analyzer, wiring.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	h := objects.Of(pass)
	funcs := ssapkg.Of(pass).SrcFuncs()
	pc := &pkgCalls{nonTest: ssapkg.Of(pass).Callers(pass), asValue: ssaflow.UsedAsValue(funcs)}
	periodic := periodicOnly(pass)
	shutdown := shutdownOnly(pass, pc)
	callers := ssaflow.StaticCallers(funcs)
	// A call of an instance of a generic function runs its origin's
	// body, the one among SrcFuncs (ai-gateway's handleFinalizer[T]).
	// Merged in source order, so that the caller a message names does not
	// depend on map order.
	merged := map[*ssa.Function]bool{}
	for callee, sites := range callers {
		if o := callee.Origin(); o != nil && o != callee {
			callers[o] = append(callers[o], sites...)
			merged[o] = true
		}
	}
	for o := range merged {
		slices.SortFunc(callers[o], func(a, b ssa.CallInstruction) int { return cmp.Compare(a.Pos(), b.Pos()) })
	}
	for _, fn := range funcs {
		if commandLine(fn) {
			continue
		}
		res := fn.Signature.Results()
		if len(fn.Blocks) > 0 && !hasError(res) {
			// No result can carry the error: a helper without results,
			// or one returning only a bool (ai-gateway's handleFinalizer).
			c := &checker{pass: pass, h: h, fn: fn, calls: pc}
			c.checkVoid(callers, periodic, shutdown)
			continue
		}
		if res.Len() == 0 || !crapi.IsError(res.At(res.Len()-1).Type()) || len(fn.Blocks) == 0 {
			continue
		}
		c := newChecker(pass, h, fn, pc, periodic, shutdown)
		c.check()
		if !c.retryMoot() {
			c.checkDiscarded()
		}
	}
	return nil, nil
}

// commandLine reports whether fn (or the function declaring it, for a
// literal) takes a *cobra.Command: a command's Run, code a person runs
// from a shell (openshift/hive's hiveutil), after which no reconcile
// retries anything: "not retried until the next event" does not hold.
func commandLine(fn *ssa.Function) bool {
	for _, f := range []*ssa.Function{fn, ssaflow.Declared(fn)} {
		if f == nil {
			continue
		}
		params := f.Signature.Params()
		for i := range params.Len() {
			if knowledge.IsCommand(params.At(i).Type()) {
				return true
			}
		}
	}
	return false
}

type checker struct {
	pass  *analysis.Pass
	h     *objects.Result
	fn    *ssa.Function
	calls *pkgCalls
	// logged holds the logging calls reported at, so that two tests of
	// one error (or of errors merged by a phi) report once.
	logged map[*ssa.Call]bool
	// prefix is computed on demand: see nextIteration.
	prefix map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool
	// periodic: fn runs only in reconciles of controllers with a
	// periodic source (see periodicOnly); a Delete or a success return
	// after the error is then no harm: the next tick retries.
	periodic bool
	// shutdown: fn runs only when the operator shuts down (see
	// shutdownOnly); no reconcile follows to retry anything.
	shutdown bool
	// metas are fn's label and annotation accesses (see metaAccesses).
	metas []objects.MetaAccess
}

// pkgCalls is what the variants ask of the package's static calls,
// computed once per package: the callers of each function outside test
// code, and the functions used as values (whose callers are not all
// seen).
type pkgCalls struct {
	nonTest map[*ssa.Function][]ssa.CallInstruction
	asValue map[*ssa.Function]bool
}

// newChecker returns the checker of fn, with whether it (the function
// declaring it, for a literal) runs only in periodic reconciles or only
// on shutdown.
func newChecker(pass *analysis.Pass, h *objects.Result, fn *ssa.Function, pc *pkgCalls, periodic, shutdown map[*ssa.Function]bool) *checker {
	decl := ssaflow.Declared(fn)
	return &checker{pass: pass, h: h, fn: fn, calls: pc, periodic: periodic[fn] || periodic[decl], shutdown: shutdown[fn] || shutdown[decl]}
}

// retryMoot reports whether "not retried until the next event" does not
// hold of fn: the next tick of a periodic controller retries, or, at
// shutdown, no reconcile follows at all. Only a finalizer removal after a
// dropped error is reported there.
func (c *checker) retryMoot() bool { return c.periodic || c.shutdown }

// calledElsewhere reports whether c.fn is not a reconcile function (it
// returns no reconcile.Result) and nothing in its package calls it: an
// exported helper whose callers, in other packages, decide what follows
// its success.
func (c *checker) calledElsewhere() bool {
	fn := ssaflow.Declared(c.fn)
	if fn == nil || fn.Parent() != nil || crapi.ResultErrorAt(fn.Signature) >= 0 || len(c.calls.nonTest[fn]) > 0 || c.calls.asValue[fn] {
		return false
	}
	obj, ok := fn.Object().(*types.Func)
	return ok && obj.Exported()
}

// source is a call whose error carries a client error.
type source struct {
	call     *ssa.Call
	errv     ssa.Value
	writes   bool
	carriers map[ssa.Value]bool
	// client is the client method called, nil for a helper; written, for
	// a client write, the object it writes.
	client  *crapi.ClientCall
	written ssa.Value
	// read holds, for a read, the values it fills: the object of Get, the
	// list of List, a helper's results and the local variables it is
	// given by address.
	read []ssa.Value
	// feedsDeletion: what the read fills is deleted somewhere in the
	// function (memoised; 0 unknown, 1 no, 2 yes).
	feedsDeletion int
	// skipped: for a read, the write ("Delete", "Update") that only the
	// success branch of the test being examined makes of what it read.
	skipped string
	// what: for a write, what it was to change (see whatWritten).
	what *written
	// retry: the call is a retrier (retry.RetryOnConflict) whose error
	// is the client error of the function it runs; inner is the client
	// call there, if the error is one's. The source is then treated as a
	// helper's call (client nil), as its arguments are not the client
	// call's.
	retry *objects.Retry
	inner *crapi.ClientCall
}

func newSource(h *objects.Result, fn *ssa.Function, call *ssa.Call, errv ssa.Value, writes bool) *source {
	src := &source{call: call, errv: errv, writes: writes, carriers: ssaflow.ErrorCarriers(fn, errv)}
	if rt, ok := h.Retried(call); ok {
		src.retry = &rt
		if rt.Inner != nil {
			if cc, _, ok := crapi.ClientCallSSA(rt.Inner.Common()); ok {
				src.inner = &cc
			}
		}
		return src
	}
	cc, args, ok := crapi.ClientCallSSA(call.Common())
	if ok {
		src.client = &cc
		if cc.IsWrite() && len(args) >= 2 {
			src.written = ssaflow.Strip(args[1])
		}
		switch {
		case cc.Method == crapi.Get && len(args) >= 3:
			src.read = []ssa.Value{ssaflow.Strip(args[2])}
		case cc.Method == crapi.List && len(args) >= 2:
			src.read = []ssa.Value{ssaflow.Strip(args[1])}
		}
		return src
	}
	if !writes {
		src.read = []ssa.Value{call}
		for _, a := range crapi.CallArgs(call.Common()) {
			if alloc, ok := ssaflow.Strip(a).(*ssa.Alloc); ok {
				src.read = append(src.read, alloc)
			}
		}
	}
	return src
}

// clientCall returns the client call whose error the source's is: the
// call itself, or the one in the function a retrier runs.
func (s *source) clientCall() *crapi.ClientCall {
	if s.client != nil {
		return s.client
	}
	return s.inner
}

// eventWrite reports whether the client call writes an event object
// (worker-operator's own recorder creating corev1.Events).
func (s *source) eventWrite() bool {
	return s.written != nil && knowledge.EventObject(s.written.Type())
}

// isRead reports whether the source only reads (Get, List, a helper
// whose client errors all come from reads).
func (s *source) isRead() bool {
	if s.client != nil {
		return !s.client.IsWrite()
	}
	return !s.writes
}

// filledByRead reports whether obj derives from what the read filled.
func (s *source) filledByRead(obj ssa.Value) bool {
	for _, r := range s.read {
		if ssaflow.DerivesFrom(obj, r) {
			return true
		}
	}
	return false
}

// deletes recognises instr as a client Delete or DeleteAllOf other than
// the source itself, and returns its object argument.
func (s *source) deletes(instr ssa.Instruction) (ssa.Value, bool) {
	call, ok := instr.(*ssa.Call)
	if !ok || call == s.call {
		return nil, false
	}
	cc, args, ok := crapi.ClientCallSSA(call.Common())
	if !ok || (cc.Method != crapi.Delete && cc.Method != crapi.DeleteAllOf) || len(args) < 2 {
		return nil, false
	}
	return args[1], true
}

// removalMatters reports whether dropping this source's error before a
// finalizer removal loses cleanup: a Delete, a write other than a status
// write, or a read whose result feeds a Delete. A read of unrelated
// settings, or a status write of the object about to go, does not.
func (s *source) removalMatters(fn *ssa.Function) bool {
	if cc := s.clientCall(); cc != nil && cc.SubResource {
		return false
	}
	if !s.isRead() {
		return true
	}
	if s.feedsDeletion == 0 {
		s.feedsDeletion = 1
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if obj, ok := s.deletes(instr); ok && s.filledByRead(obj) {
					s.feedsDeletion = 2
				}
			}
		}
	}
	return s.feedsDeletion == 2
}

// errTest is a nil test of a source's error that decides a branch.
type errTest struct {
	block *ssa.BasicBlock // ends in the If
	cmp   *ssa.BinOp
	// failOnTrue: the If's true edge is taken when the call failed.
	failOnTrue bool
	// notFoundFiltered: client.IgnoreNotFound(err) != nil and the like.
	notFoundFiltered bool
}

func (c *checker) check() {
	done := map[*ssa.BasicBlock]bool{} // one report per test
	for call := range ssaflow.PlainCalls(c.fn) {
		errv, writes, ok := c.h.ClientErrorSource(call)
		if !ok || errv == nil {
			continue
		}
		src := newSource(c.h, c.fn, call, errv, writes)
		if src.client != nil && src.client.Method == crapi.Create && src.eventWrite() {
			continue // an event is a record written best effort, as recorders do
		}
		for _, tb := range c.fn.Blocks {
			if done[tb] {
				continue
			}
			t, ok := testOf(tb, src.carriers)
			if !ok {
				continue
			}
			if c.examine(src, t) || c.examineRequeueSkip(src, t) || c.examineStaleStatus(src, t) {
				done[tb] = true
			}
		}
	}
}

// testOf recognises the If ending b as a nil test of one of carriers:
// err != nil, err == nil (also as a switch case), or
// client.IgnoreNotFound(err) != nil.
func testOf(b *ssa.BasicBlock, carriers map[ssa.Value]bool) (errTest, bool) {
	if len(b.Instrs) == 0 || len(b.Succs) != 2 {
		return errTest{}, false
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return errTest{}, false
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return errTest{}, false
	}
	x, y := cmp.X, cmp.Y
	if ssaflow.IsNil(x) {
		x, y = y, x
	}
	if !ssaflow.IsNil(y) {
		return errTest{}, false
	}
	t := errTest{block: b, cmp: cmp, failOnTrue: cmp.Op == token.NEQ}
	if carriers[x] {
		return t, true
	}
	if call, ok := crapi.IsCallTo(x, crapi.ClientPkg, "IgnoreNotFound", "IgnoreAlreadyExists"); ok &&
		len(call.Call.Args) == 1 && carriers[call.Call.Args[0]] {
		t.notFoundFiltered = true
		return t, true
	}
	return errTest{}, false
}

func (t errTest) fail() *ssa.BasicBlock {
	if t.failOnTrue {
		return t.block.Succs[0]
	}
	return t.block.Succs[1]
}

func (t errTest) success() *ssa.BasicBlock {
	if t.failOnTrue {
		return t.block.Succs[1]
	}
	return t.block.Succs[0]
}

// failingBranch returns the blocks that only the failing side of the test
// reaches, and the blocks each side reaches. Paths that come back to the
// test are the next iteration of a loop: the failing branch ends where it
// would re-run the test.
func (t errTest) failingBranch() (branch, onFail, onSuccess map[*ssa.BasicBlock]bool) {
	b := t.block
	notB := func(_, to *ssa.BasicBlock) bool { return to == b }
	onFail = ssaflow.Reachable(t.fail(), notB)
	onSuccess = ssaflow.Reachable(t.success(), notB)
	branch = map[*ssa.BasicBlock]bool{}
	for blk := range onFail {
		if !onSuccess[blk] {
			branch[blk] = true
		}
	}
	return branch, onFail, onSuccess
}

// consequence is what the code does after the error was dropped.
type consequence struct {
	kind    int // one of removal, deletion, success
	removal lifecycle.FinalizerOp
	// skipped names what the success branch of a failed read does with
	// what it read ("Delete", "Update"), for a success after a read.
	skipped string
	// dependence says how a Delete after a failed write depends on it
	// (see deleteDependence).
	dependence *dependence
	// create is, for absent, the Create of the object the failed Get
	// takes for absent (see absentCreate).
	create *ssa.Call
	// above is, for removal, a removal made by a caller of the function
	// after it returned without the error (see removalAbove).
	above *chainRemoval
}

// Kinds of consequences, most serious first.
const (
	removal = iota
	deletion
	absent
	success
	none
)

// examine reports the test t of src's error if its failing branch only
// logs and rejoins a path to a consequence. It returns whether it reported.
func (c *checker) examine(src *source, t errTest) bool {
	b := t.block
	branch, onFail, onSuccess := t.failingBranch()
	if len(branch) == 0 {
		return false // the failing edge goes straight to the join: nothing logged
	}
	logCall := c.onlyLogs(branch, false)
	unwritten := false
	if logCall == nil {
		if logCall = c.unwritten(branch, false, src); logCall == nil {
			return false
		}
		unwritten = true
	}
	rejoin := c.rejoin(src, branch, b)
	if len(rejoin) == 0 {
		return false
	}
	if src.isRead() {
		// A read counts before a success return when only its success
		// branch acts on what it read: that cleanup is skipped.
		src.skipped = c.actsOnRead(src, onSuccess, onFail)
	}
	cons := c.consequence(src, t, rejoin)
	if cons.kind > absent {
		if create := c.absentCreate(src, t, rejoin); create != nil {
			cons = consequence{kind: absent, create: create}
		}
	}
	if c.logged[logCall] {
		return false
	}
	if cons.kind >= success && c.returnsWithout(src, t, rejoin) {
		// A caller above removes a finalizer after this function
		// returned without the error: whatever the function says by its
		// other results (a requeue), or its callers requeue, the
		// finalizer is gone.
		if r, ok := c.removalAbove(src, c.fn); ok {
			cons = consequence{kind: removal, removal: r.op, above: &r}
		}
	}
	if cons.kind == none {
		return false
	}
	if (cons.kind == success || cons.kind == absent) && c.callersRequeue(c.fn) {
		return false // every caller requeues after it: retried then
	}
	if c.logged == nil {
		c.logged = map[*ssa.Call]bool{}
	}
	c.logged[logCall] = true
	c.report(src, t, logCall, cons, unwritten)
	return true
}

// onlyLogs returns the first logging call of the failing branch if the
// branch does nothing else: no other call, no store to memory allocated
// outside it, no return, panic, go, defer, send or map update. With
// endsFn, a return is allowed: in a function without results it only
// ends the function.
func (c *checker) onlyLogs(branch map[*ssa.BasicBlock]bool, endsFn bool) *ssa.Call {
	first, clean := c.scanBranch(branch, endsFn)
	if !clean {
		return nil
	}
	return first
}

// unwritten returns, for a failing branch that writes no log line and
// does nothing else, the first call that puts the error into a logger or
// a log entry (logr's WithValues, logrus's WithError): an entry never
// written, the error dropped without a word.
func (c *checker) unwritten(branch map[*ssa.BasicBlock]bool, endsFn bool, src *source) *ssa.Call {
	first, clean := c.scanBranch(branch, endsFn)
	if !clean || first != nil {
		return nil
	}
	var found *ssa.Call
	for blk := range branch {
		for _, instr := range blk.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || crapi.ClassifyLogCall(call.Common()) != crapi.LogCarry || (found != nil && found.Pos() < call.Pos()) {
				continue
			}
			for _, a := range call.Common().Args {
				if ssaflow.DependsOn(a, src.carriers) {
					found = call
					break
				}
			}
		}
	}
	return found
}

// scanBranch returns the first logging call of the failing branch, and
// whether the branch does nothing but log or build log arguments.
func (c *checker) scanBranch(branch map[*ssa.BasicBlock]bool, endsFn bool) (*ssa.Call, bool) {
	var first *ssa.Call
	for blk := range branch {
		for _, instr := range blk.Instrs {
			switch x := instr.(type) {
			case *ssa.Call:
				switch crapi.ClassifyLogCall(x.Common()) {
				case crapi.LogEffect:
					return nil, false
				case crapi.LogWrite:
					if first == nil || x.Pos() < first.Pos() {
						first = x
					}
				}
			case *ssa.Store:
				// Only the memory of the branch's own values: the
				// arguments of a variadic log call.
				if a := ssaflow.RootAlloc(x.Addr); a == nil || !branch[a.Block()] {
					return nil, false
				}
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return nil, false
				}
			case *ssa.Return:
				if !endsFn {
					return nil, false
				}
			case *ssa.Panic, *ssa.Go, *ssa.Defer, *ssa.Send,
				*ssa.MapUpdate, *ssa.Select, *ssa.RunDefers:
				return nil, false
			}
		}
	}
	return first, true
}

// rejoin returns the blocks where the failing branch rejoins the rest of
// the function, or nil if the branch hands something on: the error itself
// (kept in a variable that may be returned later), a value it computed, or
// a flag it set (ok = false) that later code may test.
func (c *checker) rejoin(src *source, branch map[*ssa.BasicBlock]bool, b *ssa.BasicBlock) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	seen := map[*ssa.BasicBlock]bool{}
	// In block order, so that the consequence found first (and named in
	// the message) does not depend on map order.
	for _, blk := range c.fn.Blocks {
		if !branch[blk] {
			continue
		}
		for _, s := range blk.Succs {
			if branch[s] || s == b || seen[s] {
				continue
			}
			seen[s] = true
			out = append(out, s)
		}
	}
	for _, r := range out {
		for _, instr := range r.Instrs {
			phi, ok := instr.(*ssa.Phi)
			if !ok {
				continue
			}
			for i, e := range phi.Edges {
				if i >= len(r.Preds) || !branch[r.Preds[i]] {
					continue
				}
				if src.carriers[e] {
					return nil
				}
				if in, ok := e.(ssa.Instruction); ok && branch[in.Block()] {
					return nil
				}
				if _, ok := e.(*ssa.Const); ok && !sameOnOtherEdges(phi, i) {
					return nil
				}
			}
		}
	}
	return out
}

// sameOnOtherEdges reports whether every edge of phi other than i carries
// the same constant as edge i: then the branch set nothing of its own.
func sameOnOtherEdges(phi *ssa.Phi, i int) bool {
	ci, _ := phi.Edges[i].(*ssa.Const)
	for j, e := range phi.Edges {
		if j == i {
			continue
		}
		cj, ok := e.(*ssa.Const)
		if !ok || !sameConst(ci, cj) {
			return false
		}
	}
	return true
}

func sameConst(a, b *ssa.Const) bool {
	if a == nil || b == nil || !types.Identical(a.Type(), b.Type()) {
		return false
	}
	if a.Value == nil || b.Value == nil {
		return a.Value == nil && b.Value == nil
	}
	if a.Value.Kind() != b.Value.Kind() {
		return false
	}
	return constant.Compare(a.Value, token.EQL, b.Value)
}

// consequence walks the paths from the rejoin blocks and returns the most
// serious thing they do as if the call had succeeded: remove a finalizer,
// Delete, or (after a failed write) return success.
func (c *checker) consequence(src *source, t errTest, rejoin []*ssa.BasicBlock) consequence {
	b := t.block
	next := c.nextIteration(b)
	// The blocks after the failing branch, in the order of the walk: a
	// Delete's guards are among them.
	order, after := afterFailure(src, t, rejoin, nil)
	best := consequence{kind: none}
	for _, blk := range order {
		if next[blk] {
			continue
		}
		if cons := c.scan(src, t, blk, after); cons.kind < best.kind {
			best = cons
		}
	}
	return best
}

// afterFailure returns the blocks reached from rejoin, where the failing
// branch of t rejoins, in the order of a breadth-first walk and as a set:
// not t's block again, nor an edge a later test of the same error
// decides against (infeasible), nor one skip rules out.
func afterFailure(src *source, t errTest, rejoin []*ssa.BasicBlock, skip func(blk *ssa.BasicBlock, i int) bool) ([]*ssa.BasicBlock, map[*ssa.BasicBlock]bool) {
	var order []*ssa.BasicBlock
	after := map[*ssa.BasicBlock]bool{}
	queue := append([]*ssa.BasicBlock(nil), rejoin...)
	for _, r := range rejoin {
		after[r] = true
	}
	for len(queue) > 0 {
		blk := queue[0]
		queue = queue[1:]
		order = append(order, blk)
		for i, s := range blk.Succs {
			if s == t.block || after[s] || infeasible(blk, i, src, t) || skip != nil && skip(blk, i) {
				continue
			}
			after[s] = true
			queue = append(queue, s)
		}
	}
	return order, after
}

// scan returns the most serious consequence in blk.
func (c *checker) scan(src *source, t errTest, blk *ssa.BasicBlock, after map[*ssa.BasicBlock]bool) consequence {
	best := consequence{kind: none}
	ev := c.h.Lifecycle(c.fn)
	for _, instr := range blk.Instrs {
		if op, ok := ev.RemovalAt(instr); ok && src.removalMatters(c.fn) {
			return consequence{kind: removal, removal: op}
		}
		if c.retryMoot() || ctrlmodel.InTimerLoop(src.call.Block()) {
			// The next tick retries a Delete skipped or a write failed: a
			// periodic controller's, or a loop on a ticker (a Runnable's
			// Start) that makes the failed call again.
			continue
		}
		if obj, ok := src.deletes(instr); ok && best.kind > deletion {
			switch {
			case src.isRead():
				// After a failed read, only a Delete of what it read acts
				// on missing state.
				if src.filledByRead(obj) {
					best = consequence{kind: deletion}
				}
			case src.client != nil && (src.client.Method == crapi.Delete || src.client.Method == crapi.DeleteAllOf):
				// Another Delete of the cleanup: what is lost is this
				// deletion, whatever the next one depends on.
				best = consequence{kind: deletion}
			default:
				// After a failed write, only a Delete that depends on it
				// (dependency.go): one that does not runs the same whether
				// the write succeeded or not.
				if r := c.deleteDependence(src, instr.(*ssa.Call), obj, after, t.block); r != nil {
					best = consequence{kind: deletion, dependence: r}
				}
			}
		}
		if ret, ok := instr.(*ssa.Return); ok && (!src.isRead() || src.skipped != "") && best.kind > success && c.isSuccess(ret) {
			best = consequence{kind: success, skipped: src.skipped}
		}
	}
	return best
}

// actsOnRead returns the client write ("Delete", "Update", "Patch") that
// the blocks only the success side of a read's test reaches make of what
// the read filled (the object of a Get, the items of a List), or "".
// Settings read and used to compute something else are no such act.
func (c *checker) actsOnRead(src *source, onSuccess, onFail map[*ssa.BasicBlock]bool) string {
	for blk := range onSuccess {
		if onFail[blk] {
			continue
		}
		for _, instr := range blk.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok || call == src.call {
				continue
			}
			cc, args, ok := crapi.ClientCallSSA(call.Common())
			if !ok {
				if m := c.helperActs(src, call); m != "" {
					return m
				}
				continue
			}
			if !cc.IsWrite() || cc.Method == crapi.Create || len(args) < 2 {
				continue
			}
			if src.filledByRead(ssaflow.Strip(args[1])) {
				return string(cc.Method)
			}
		}
	}
	return ""
}

// helperActs returns the write a helper of the module that call hands
// what the read filled makes of an object of its type ("Delete"), or "".
func (c *checker) helperActs(src *source, call *ssa.Call) string {
	for _, arg := range call.Call.Args {
		obj := ssaflow.Strip(arg)
		if !src.filledByRead(obj) {
			continue
		}
		for _, w := range wiring.Of(c.pass).CallClientUse(call.Common()).Writes {
			if w.Method != string(crapi.Create) && !w.Sub && types.Identical(w.Type, obj.Type()) {
				return w.Method
			}
		}
	}
	return ""
}

// isSuccess reports whether ret returns a nil error and, from a
// (reconcile.Result, error) function, a Result that asks for no requeue.
// Other result shapes may signal failure in their other results: not
// counted.
func (c *checker) isSuccess(ret *ssa.Return) bool {
	n := len(ret.Results)
	// Through the result slots of a function with defers.
	if n == 0 || !ssaflow.IsNil(ssaflow.Returned(ret.Results[n-1])) {
		return false
	}
	switch n {
	case 1:
		return true
	case 2:
		res := ssaflow.Returned(ret.Results[0])
		return crapi.IsResult(res.Type()) && crapi.ResultRequeue(res) == crapi.RequeueNone
	}
	return false
}

// infeasible reports whether the i-th edge out of blk cannot be taken
// after the failing branch: a later test of the same error that would now
// find it nil.
func infeasible(blk *ssa.BasicBlock, i int, src *source, orig errTest) bool {
	t, ok := testOf(blk, src.carriers)
	if !ok {
		return false
	}
	// After err != nil we do not know whether err is NotFound.
	if t.notFoundFiltered && !orig.notFoundFiltered {
		return false
	}
	return blk.Succs[i] != t.fail()
}

// nextIteration returns the blocks that, after the failing branch, can
// only start another iteration of a loop around the test b: those from
// which b is reached without following a loop's back edge. What they do
// concerns the next element, not the error dropped.
func (c *checker) nextIteration(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	if p, ok := c.prefix[b]; ok {
		return p
	}
	p := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{b}
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, pred := range x.Preds {
			if p[pred] || x.Dominates(pred) {
				continue // visited, or a back edge pred -> x
			}
			p[pred] = true
			stack = append(stack, pred)
		}
	}
	if c.prefix == nil {
		c.prefix = map[*ssa.BasicBlock]map[*ssa.BasicBlock]bool{}
	}
	c.prefix[b] = p
	return p
}

// report reports at the first logging call of the failing branch.
func (c *checker) report(src *source, t errTest, logCall *ssa.Call, cons consequence, unwritten bool) {
	what := c.sourceName(src)
	var msg string
	switch cons.kind {
	case removal:
		if cons.above != nil {
			who, harm := chainMessage(src, *cons.above)
			msg = fmt.Sprintf("the error of %s is only logged, then %s returns without it, and %s: %s; return the error", what, c.funcName(), who, harm)
			break
		}
		fin := "a finalizer is removed"
		if name := cons.removal.FinalizerName(); name != "" {
			fin = fmt.Sprintf("finalizer %q is removed", name)
		}
		harm := "a transient error leaks the objects this cleanup should delete"
		if cc := src.clientCall(); cc != nil && cc.IsWrite() && cc.Method != crapi.Delete && cc.Method != crapi.DeleteAllOf {
			harm = "a transient error leaves this cleanup step undone for good"
		}
		msg = fmt.Sprintf("the error of %s is only logged, then %s: %s; return the error", what, fin, harm)
	case deletion:
		if src.client != nil && (src.client.Method == crapi.Delete || src.client.Method == crapi.DeleteAllOf) {
			// The next Delete is of other objects: what is lost is this
			// deletion, not the state the next one acts on.
			msg = fmt.Sprintf("the error of %s is only logged, then the cleanup goes on with another Delete: a transient error leaves this object behind, and nothing retries its deletion before the next reconcile; return the error", what)
			break
		}
		if dep := cons.dependence; dep != nil {
			switch {
			case dep.asIf && dep.known:
				msg = fmt.Sprintf("the error of %s is only logged, then Delete runs as if %s had succeeded (%s): a transient error makes it act on state that was never written; return the error", what, what, dep.why)
			case dep.asIf:
				msg = fmt.Sprintf("the error of %s is only logged, then Delete runs as if %s had succeeded (%s): a transient error makes it act on state the server may not hold; return the error", what, what, dep.why)
			default:
				msg = fmt.Sprintf("the error of %s is only logged, then Delete depends on it (%s): after a transient error it is decided on %s, and nothing retries %s before the next reconcile; return the error", what, dep.why, dep.sees, what)
			}
			break
		}
		msg = fmt.Sprintf("the error of %s is only logged, then Delete runs as if %s had succeeded: a transient error makes it act on state that was never read; return the error", what, what)
	case absent:
		msg = fmt.Sprintf("the error of %s is only logged, then %s goes on as if the object did not exist: it creates it at line %d, and returns success when that Create fails because the object exists after all (AlreadyExists); what the reconcile does to an existing object is skipped, and nothing retries it until the next event; return the error",
			what, c.funcName(), c.pass.Fset.Position(cons.create.Pos()).Line)
	case success:
		if cons.skipped != "" {
			msg = fmt.Sprintf("the error of %s is only logged, then %s returns success without the %s its success branch makes of what it reads: that step is skipped, and nothing retries it until the next event; return the error", what, c.funcName(), cons.skipped)
			break
		}
		if c.calledElsewhere() {
			// Whether the object is reconciled again soon is its callers'
			// choice (ob-operator's coordinator requeues periodically on
			// some paths): what is sure is that no error reaches them.
			msg = fmt.Sprintf("the error of %s is only logged, then %s returns success to its callers, which are in other packages: none of them sees the failure, so the failed write is retried only when the object is reconciled again for another reason (an event, a requeue asked anyway); return the error", what, c.funcName())
			break
		}
		msg = fmt.Sprintf("the error of %s is only logged, then %s returns success: the failed write is not retried until the next event; return the error", what, c.funcName())
	}
	if unwritten {
		// The error went into a logger or an entry that writes nothing.
		msg = strings.Replace(msg, "is only logged", "is only put into a log entry that is never written", 1)
	}
	var node ast.Node
	if call := c.callExpr(logCall.Pos()); call != nil {
		node = call
	}
	fixes := c.fix(t)
	if node == nil {
		diag.Report(c.pass, analysis.Diagnostic{Pos: logCall.Pos(), Message: msg, SuggestedFixes: fixes})
		return
	}
	diag.Reportf(c.pass, node, fixes, "%s", msg)
}

// sourceName names the failing call: the client method (Status().Update
// for the status writer), or the helper; for a retrier, the call whose
// error the function it runs returns, and the retrier.
func (c *checker) sourceName(src *source) string {
	if rt := src.retry; rt != nil {
		what := rt.Func.Name()
		if rt.Inner != nil {
			what = callName(rt.Inner)
		}
		return fmt.Sprintf("%s (through %s)", what, rt.Retrier.Name())
	}
	return callName(src.call)
}

// callName names a client call by its method (Status().Update for the
// status writer), any other call by its callee.
func callName(call *ssa.Call) string {
	cc := call.Common()
	if call, _, ok := crapi.ClientCallSSA(cc); ok {
		name := string(call.Method)
		if call.SubResource {
			if r, ok := crapi.Receiver(cc).(*ssa.Call); ok {
				if fn := crapi.Callee(r.Common()); fn != nil && fn.Name() == "Status" {
					return "Status()." + name
				}
			}
		}
		return name
	}
	if fn := crapi.Callee(cc); fn != nil {
		return fn.Name()
	}
	return "the call"
}

func (c *checker) funcName() string {
	if c.fn.Object() == nil {
		return "the function literal"
	}
	return c.fn.Object().Name()
}

// callExpr returns the call expression whose left parenthesis is at lparen.
func (c *checker) callExpr(lparen token.Pos) *ast.CallExpr {
	return diag.CallAt(c.pass, lparen)
}
