package resulterr

import (
	"bytes"
	_ "embed"
	"fmt"
	"go/ast"
	"go/printer"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports requeueing Results returned with a possibly non-nil
// error.
var Analyzer = &analysis.Analyzer{
	Name:     "resulterr",
	Doc:      checkdoc.MustExtract(doc, "resulterr"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	funcs := ssapkg.Of(pass).SrcFuncs()
	fw := newForwarding(funcs)
	for _, fn := range funcs {
		// Reconcilers in _test.go files are stubs that return a Result
		// with an error on purpose, to test what is done with the pair.
		// A step helper's (bool, ctrl.Result, error) counts as its last
		// two results, which its callers return when it says stop.
		at := crapi.ResultErrorAt(fn.Signature)
		if at < 0 || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for ret := range ssaflow.Returns(fn) {
			if len(ret.Results) != at+2 {
				continue
			}
			checkReturn(pass, fn, ret, at, fw)
		}
		checkDeferred(pass, fn, at, fw)
	}
	return nil, nil
}

// forwarding tells whether the (Result, error) pair a function returns
// reaches controller-runtime as a pair. A helper whose callers in the
// package all take the pair apart (if errors.Is(err, errRequeue) { return
// res, nil }) uses the error as a signal to its caller, not as a
// reconcile error, and its returns are not reported.
type forwarding struct {
	reconcilers map[*ssa.Function]bool
	callers     map[*ssa.Function][]ssa.CallInstruction
	// escapes holds functions used other than by a static call (a method
	// value, a function passed on): their callers are not all known.
	escapes map[*ssa.Function]bool
	memo    map[*ssa.Function]int // 1 in progress, 2 yes, 3 no
}

func newForwarding(funcs []*ssa.Function) *forwarding {
	f := &forwarding{
		reconcilers: map[*ssa.Function]bool{},
		memo:        map[*ssa.Function]int{},
	}
	for _, r := range crapi.Reconcilers(funcs) {
		f.reconcilers[r.Fn] = true
	}
	f.callers = ssaflow.StaticCallers(funcs)
	f.escapes = ssaflow.UsedAsValue(funcs)
	return f
}

// reaches reports whether fn's Result and error may be returned together
// to controller-runtime: fn is a reconciler, may be called from elsewhere
// (exported, used as a value, a method no code of the package calls), or some caller
// in the package returns both and itself reaches.
func (f *forwarding) reaches(fn *ssa.Function, depth int) bool {
	switch f.memo[fn] {
	case 1:
		return false // a cycle adds nothing
	case 2:
		return true
	case 3:
		return false
	}
	if f.reconcilers[fn] || f.escapes[fn] || depth > 8 {
		return true
	}
	if len(f.callers[fn]) == 0 {
		// Called from elsewhere, unless it is an unexported function of
		// no type that nothing calls nor uses as a value: dead code
		// (doris-operator's requeueAfter), whose Result reaches no one.
		obj, ok := fn.Object().(*types.Func)
		return !ok || obj.Exported() || fn.Signature.Recv() != nil
	}
	if obj, ok := fn.Object().(*types.Func); ok && obj.Exported() {
		return true
	}
	f.memo[fn] = 1
	ok := false
	for _, call := range f.callers[fn] {
		c, isCall := call.(*ssa.Call)
		if !isCall || c.Parent() == nil {
			ok = true // go or defer: not followed
			break
		}
		caller := c.Parent()
		if crapi.ResultErrorAt(caller.Signature) < 0 {
			continue // the pair ends here
		}
		if forwardsPair(caller, c, crapi.ResultErrorAt(fn.Signature)) && f.reaches(caller, depth+1) {
			ok = true
			break
		}
	}
	if ok {
		f.memo[fn] = 2
	} else {
		f.memo[fn] = 3
	}
	return ok
}

// forwardsPair reports whether caller returns the Result and the error of
// call together from one return statement: return res, err, also with the
// error wrapped. at is where the callee's results hold the pair.
func forwardsPair(caller *ssa.Function, call *ssa.Call, at int) bool {
	res, errv := ssaflow.Extract(call, at), ssaflow.Extract(call, at+1)
	if res == nil || errv == nil {
		return false
	}
	cat := crapi.ResultErrorAt(caller.Signature)
	resCarriers := phiClosure(caller, res)
	errCarriers := ssaflow.ErrorCarriers(caller, errv)
	for ret := range ssaflow.Returns(caller) {
		if len(ret.Results) != cat+2 {
			continue
		}
		if resCarriers[ssaflow.Returned(ret.Results[cat])] && errCarriers[ssaflow.Returned(ret.Results[cat+1])] {
			return true
		}
	}
	return false
}

// phiClosure returns v and the phis of fn that may merge it.
func phiClosure(fn *ssa.Function, v ssa.Value) map[ssa.Value]bool {
	set := map[ssa.Value]bool{v: true}
	for changed := true; changed; {
		changed = false
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				phi, ok := instr.(*ssa.Phi)
				if !ok || set[phi] {
					continue
				}
				for _, e := range phi.Edges {
					if set[e] {
						set[phi], changed = true, true
						break
					}
				}
			}
		}
	}
	return set
}

// maxPaths bounds the (Result, error) pairs followed back through phis.
const maxPaths = 64

// pair is one way a return statement's two results may be computed: the
// values on a path, and the edges (block -> the predecessor it was
// entered from) that path took, so that loads of a local Result variable
// are evaluated on the same path.
type pair struct {
	res, err ssa.Value
	via      map[*ssa.BasicBlock]*ssa.BasicBlock
}

func checkReturn(pass *analysis.Pass, fn *ssa.Function, ret *ssa.Return, at int, fw *forwarding) {
	res, errv := ssaflow.Returned(ret.Results[at]), ssaflow.Returned(ret.Results[at+1])
	// Cheap filters first: the shared, path-insensitive answer is an upper
	// bound of ours.
	if crapi.ResultRequeue(res) != crapi.RequeueSet || !mayBeNonNil(errv, 0) || certainlyNil(errv, ret.Block()) {
		return
	}
	var pairs []pair
	split(pair{res: res, err: errv}, ret.Block(), 0, &pairs)
	reported, fixable := false, true
	for _, p := range pairs {
		if requeueOn(p) != crapi.RequeueSet {
			continue
		}
		if !mayBeNonNil(p.err, 0) || certainlyNil(p.err, blockOf(p, ret)) {
			// This path requeues with a nil error: a fix that drops the
			// Result would break it.
			fixable = false
			continue
		}
		reported = true
		if !certainlyNonNil(p.err, blockOf(p, ret), 0) {
			fixable = false
		}
	}
	// A return behind a branch no execution takes (if r.Update(ctx, o);
	// err != nil inside if err == nil) returns nothing.
	if !reported || !fw.reaches(fn, 0) || ssaflow.Dead(ret.Block()) {
		return
	}
	report(pass, fn, ret, at, fixable)
}

// blockOf returns the block whose dominators decide the error of p: the
// deepest predecessor the path went through, or the return's block.
func blockOf(p pair, ret *ssa.Return) *ssa.BasicBlock {
	b := ret.Block()
	for i := 0; i < maxPaths; i++ {
		next, ok := p.via[b]
		if !ok {
			return b
		}
		b = next
	}
	return b
}

// split follows the phis of b that define the Result or the error back
// to b's predecessors, one pair per incoming edge, so that a Result set
// on one branch and an error set on another are not taken together.
func split(p pair, b *ssa.BasicBlock, depth int, out *[]pair) {
	if len(*out) >= maxPaths {
		return
	}
	rphi, rok := p.res.(*ssa.Phi)
	ephi, eok := p.err.(*ssa.Phi)
	rok = rok && rphi.Block() == b
	eok = eok && ephi.Block() == b
	if (!rok && !eok) || depth > 8 {
		*out = append(*out, p)
		return
	}
	for i, pred := range b.Preds {
		q := pair{res: p.res, err: p.err, via: map[*ssa.BasicBlock]*ssa.BasicBlock{}}
		for k, v := range p.via {
			q.via[k] = v
		}
		q.via[b] = pred
		if rok && i < len(rphi.Edges) {
			q.res = rphi.Edges[i]
		}
		if eok && i < len(ephi.Edges) {
			q.err = ephi.Edges[i]
		}
		split(q, pred, depth+1, out)
	}
}

// mayBeNonNil reports whether the error v may be non-nil: it is not the
// constant nil, nor a phi of nothing else, nor a load of a variable that
// no assignment of a value that may be non-nil reaches (nilLoad).
func mayBeNonNil(v ssa.Value, depth int) bool {
	switch x := v.(type) {
	case *ssa.Const:
		return !x.IsNil()
	case *ssa.UnOp:
		return !nilLoad(x, depth)
	case *ssa.Phi:
		if depth > 8 {
			return true
		}
		for _, e := range x.Edges {
			if e != x && mayBeNonNil(e, depth+1) {
				return true
			}
		}
		return false
	}
	return true
}

// requeueOn tells whether the Result of p asks for a requeue on p's path.
func requeueOn(p pair) crapi.Requeue {
	return requeue(p.res, p.err, p.via, map[ssa.Value]bool{}, 0)
}

// requeue tells whether the Result v asks for a requeue when returned
// with the error errv.
func requeue(v, errv ssa.Value, via map[*ssa.BasicBlock]*ssa.BasicBlock, seen map[ssa.Value]bool, depth int) crapi.Requeue {
	if seen[v] {
		return crapi.RequeueNone // already merged into the answer
	}
	if depth > 16 {
		return crapi.RequeueUnknown
	}
	seen[v] = true
	switch x := v.(type) {
	case *ssa.Const:
		return crapi.RequeueNone
	case *ssa.Phi:
		r := crapi.RequeueNone
		for _, e := range x.Edges {
			r = merge(r, requeue(e, errv, via, seen, depth+1))
		}
		return r
	case *ssa.UnOp:
		if alloc, ok := x.X.(*ssa.Alloc); ok && x.Op == token.MUL {
			return loadRequeue(x, alloc, errv, via, seen, depth)
		}
	}
	return crapi.RequeueUnknown
}

// loadRequeue tells what the local Result variable alloc holds at the load
// ld: only the stores that can run before ld count (a requeue set after an
// early return does not make that return requeue), and on the blocks of
// via only the recorded predecessor is followed. crapi.ResultRequeue has
// already checked that alloc does not escape.
func loadRequeue(ld *ssa.UnOp, alloc *ssa.Alloc, errv ssa.Value, via map[*ssa.BasicBlock]*ssa.BasicBlock, seen map[ssa.Value]bool, depth int) crapi.Requeue {
	r := crapi.RequeueNone
	type pos struct {
		b *ssa.BasicBlock
		i int // instructions before index i are to be scanned
	}
	visited := map[*ssa.BasicBlock]bool{}
	stack := []pos{{ld.Block(), slices.Index(ld.Block().Instrs, ssa.Instruction(ld))}}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		stopped := false
		for j := p.i - 1; j >= 0 && !stopped; j-- {
			switch in := p.b.Instrs[j].(type) {
			case *ssa.Alloc:
				if in == alloc {
					stopped = true // freshly zeroed here
				}
			case *ssa.Store:
				if in.Addr == alloc {
					r = merge(r, requeue(in.Val, errv, via, seen, depth+1))
					stopped = true // overwrites every earlier field store
					break
				}
				fa, ok := in.Addr.(*ssa.FieldAddr)
				if !ok || fa.X != alloc {
					continue
				}
				switch fieldName(alloc, fa.Field) {
				case "Requeue", "RequeueAfter":
					if !provablyZero(in.Val, 0) && !exclusive(in.Val, errv, 0) {
						return crapi.RequeueSet
					}
				case "Priority":
				default:
					return crapi.RequeueUnknown
				}
			}
			if r == crapi.RequeueUnknown {
				return r
			}
		}
		if stopped {
			continue
		}
		preds := p.b.Preds
		if pred, ok := via[p.b]; ok && !visited[p.b] {
			preds = []*ssa.BasicBlock{pred}
		}
		visited[p.b] = true
		for _, pred := range preds {
			if !visited[pred] {
				stack = append(stack, pos{pred, len(pred.Instrs)})
			}
		}
	}
	return r
}

func fieldName(alloc *ssa.Alloc, i int) string {
	return ssaflow.FieldName(alloc.Type(), i)
}

// provablyZero reports whether v, a Requeue or RequeueAfter value, is
// zero on every path: a zero constant, a conversion of one, or a phi of
// nothing else. A duration computed at run time (a variable, a field, a
// call) is taken as possibly set.
func provablyZero(v ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Const:
		return crapi.IsZeroConst(x)
	case *ssa.Convert:
		return provablyZero(x.X, depth+1)
	case *ssa.ChangeType:
		return provablyZero(x.X, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if e != x && !provablyZero(e, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// exclusive reports whether the requeue value x and the error errv, two
// results of one call (requeueAfter, err := r.step(ctx)), are never set
// together: the callee, a function of this package, returns a zero x on
// every path where its error may be non-nil. A callee this analyzer cannot
// see into (of another package, an interface method) is trusted to keep
// them apart: forwarding both is the usual way to pass either on.
func exclusive(x, errv ssa.Value, depth int) bool {
	ex, ok := x.(*ssa.Extract)
	if !ok {
		return false
	}
	ee, ok := errv.(*ssa.Extract)
	if !ok || ee.Tuple != ex.Tuple {
		return false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	callee := call.Common().StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 {
		return true
	}
	if depth > 4 {
		return false
	}
	for ret := range ssaflow.Returns(callee) {
		if ex.Index >= len(ret.Results) || ee.Index >= len(ret.Results) {
			continue
		}
		var pairs []pair
		split(pair{res: ssaflow.Returned(ret.Results[ex.Index]), err: ssaflow.Returned(ret.Results[ee.Index])}, ret.Block(), 0, &pairs)
		if len(pairs) >= maxPaths {
			return true // too many paths to tell: stay quiet
		}
		for _, p := range pairs {
			if provablyZero(p.res, 0) || !mayBeNonNil(p.err, 0) || exclusive(p.res, p.err, depth+1) {
				continue
			}
			return false
		}
	}
	return true
}

func merge(a, b crapi.Requeue) crapi.Requeue {
	if a == crapi.RequeueUnknown || b == crapi.RequeueUnknown {
		return crapi.RequeueUnknown
	}
	if a == crapi.RequeueSet || b == crapi.RequeueSet {
		return crapi.RequeueSet
	}
	return crapi.RequeueNone
}

// certainlyNonNil reports whether the error v is non-nil whenever control
// reaches b: it is made by a constructor that never returns nil
// (fmt.Errorf, errors.New), or b lies on the non-nil side of a test of it
// (if err != nil, if client.IgnoreNotFound(err) != nil).
func certainlyNonNil(v ssa.Value, b *ssa.BasicBlock, depth int) bool {
	if depth > 8 || v == nil {
		return false
	}
	if call, ok := v.(*ssa.Call); ok {
		if wraps, ok := knowledge.ErrorMaker(crapi.Callee(call.Common())); ok {
			// A wrapper is nil in, nil out: non-nil if what it wraps is.
			if wraps < 0 || wraps < len(call.Call.Args) && certainlyNonNil(call.Call.Args[wraps], b, depth+1) {
				return true
			}
		}
	}
	return ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool { return testsNonNil(cond, v, onTrue) })
}

// certainlyNil reports whether v is nil on every path to b: b lies on the
// nil side of a test of v (err = f(); if err != nil { return ... }; ...).
func certainlyNil(v ssa.Value, b *ssa.BasicBlock) bool {
	return certainlyNilDepth(v, b, 0)
}

// certainlyNilDepth is certainlyNil, and also holds for a phi each of
// whose incoming values is nil, or certainly nil at the end of its edge's
// block: each definition of err tested on the path it comes in by
// (err = a(); if err != nil { return }; if c { err = b(); if err != nil {
// return } }).
func certainlyNilDepth(v ssa.Value, b *ssa.BasicBlock, depth int) bool {
	if ssaflow.HoldsAt(b, func(cond ssa.Value, onTrue bool) bool { return testsNil(cond, v, onTrue) }) {
		return true
	}
	phi, ok := v.(*ssa.Phi)
	if !ok || depth > 4 || phi.Block() == nil || !phi.Block().Dominates(b) {
		return false
	}
	for i, e := range phi.Edges {
		if e == phi || ssaflow.IsNil(e) {
			continue
		}
		if i >= len(phi.Block().Preds) {
			return false
		}
		pred := phi.Block().Preds[i]
		// The test may end the predecessor itself, its edge going
		// straight into the phi's block.
		if ifi, ok := ssaflow.Last(pred).(*ssa.If); ok && len(pred.Succs) == 2 && pred.Succs[0] != pred.Succs[1] &&
			testsNil(ifi.Cond, e, pred.Succs[0] == phi.Block()) {
			continue
		}
		if !certainlyNilDepth(e, pred, depth+1) {
			return false
		}
	}
	return true
}

// testsNil reports whether cond, known to be onTrue, implies that v is
// nil: v == nil true, v != nil false.
func testsNil(cond, v ssa.Value, onTrue bool) bool {
	x, nilOnTrue, ok := ssaflow.NilTest(cond)
	return ok && x == v && onTrue == nilOnTrue
}

// testsNonNil reports whether cond, known to be onTrue, implies that v is
// non-nil.
func testsNonNil(cond, v ssa.Value, onTrue bool) bool {
	x, nilOnTrue, ok := ssaflow.NilTest(cond)
	if !ok || onTrue == nilOnTrue {
		return false
	}
	// x != nil holds here.
	if x == v {
		return true
	}
	// client.IgnoreNotFound(err) != nil: err is non-nil too.
	if call, ok := crapi.IsCallTo(x, crapi.ClientPkg, "IgnoreNotFound", "IgnoreAlreadyExists"); ok {
		return len(call.Call.Args) == 1 && call.Call.Args[0] == v
	}
	return false
}

func report(pass *analysis.Pass, fn *ssa.Function, ret *ssa.Return, at int, fixable bool) {
	rs := ssaflow.ReturnStmt(fn, ret)
	if rs == nil {
		return
	}
	if len(rs.Results) != at+2 {
		// A bare return of named results: point at the statement; a fix
		// would have to find the assignments.
		diag.Reportf(pass, rs, nil, "%s", message("a Result that asks for a requeue", ""))
		return
	}
	expr := rs.Results[at]
	what := "a Result that asks for a requeue"
	field := requeueField(expr)
	if field != "" {
		what = "a Result with " + field + " set"
	}
	var fixes []analysis.SuggestedFix
	if fixable {
		fixes = zeroResultFix(pass, fn, expr, at)
	}
	diag.Reportf(pass, expr, fixes, "%s", message(what, field))
}

// message says what is lost, by the field the Result sets: a
// RequeueAfter's delay; a Requeue adds nothing to the retry the error
// makes anyway (controller-runtime logs a warning each time it ignores a
// Result since v0.16: pkg/internal/controller/controller.go).
func message(what, field string) string {
	const head = " is returned with an error that may be non-nil: when the error is non-nil controller-runtime ignores the Result's requeue"
	if field == "Requeue" {
		return what + head + " (the error is retried with backoff anyway; since v0.16 it also logs a warning on every such return), so Requeue adds nothing; return the error with an empty Result, or the Result with a nil error"
	}
	lost := "the intended requeue is lost"
	if field == "RequeueAfter" {
		lost = "the RequeueAfter delay it asks for is lost"
	}
	return what + head + " and retries with error backoff (logging a warning since v0.16), so " + lost + "; return the Result with a nil error, or the error with an empty Result"
}

// requeueField names the requeue field a composite literal sets, for the
// message.
func requeueField(expr ast.Expr) string {
	lit, ok := ast.Unparen(expr).(*ast.CompositeLit)
	if !ok {
		return ""
	}
	found := ""
	for _, elt := range lit.Elts {
		kv, ok := elt.(*ast.KeyValueExpr)
		if !ok {
			continue
		}
		if id, ok := kv.Key.(*ast.Ident); ok && (id.Name == "RequeueAfter" || id.Name == "Requeue") {
			if id.Name == "RequeueAfter" {
				return id.Name // it decides what is lost
			}
			found = id.Name
		}
	}
	return found
}

// zeroResultFix replaces the Result expression with the zero Result,
// spelling its type as the literal does, else as the function's result
// list does, else as the file's imports allow.
func zeroResultFix(pass *analysis.Pass, fn *ssa.Function, expr ast.Expr, at int) []analysis.SuggestedFix {
	var typ string
	var edits []analysis.TextEdit
	var typeExpr ast.Expr
	if lit, ok := ast.Unparen(expr).(*ast.CompositeLit); ok && lit.Type != nil {
		typeExpr = lit.Type
	} else {
		typeExpr = declaredResultType(fn, at)
	}
	if typeExpr != nil {
		var buf bytes.Buffer
		if err := printer.Fprint(&buf, pass.Fset, typeExpr); err != nil {
			return nil
		}
		typ = buf.String()
	} else {
		name, ed, ok := resultTypeName(pass, expr.Pos())
		if !ok {
			return nil
		}
		typ, edits = name, ed
	}
	edits = append(edits, analysis.TextEdit{Pos: expr.Pos(), End: expr.End(), NewText: []byte(typ + "{}")})
	return []analysis.SuggestedFix{{
		Message:   fmt.Sprintf("Return %s{} with the error", typ),
		TextEdits: edits,
	}}
}

// declaredResultType returns the type expression of fn's result number at, as
// written in its signature, if it names the type from the file's scope
// (a qualified or plain identifier).
func declaredResultType(fn *ssa.Function, at int) ast.Expr {
	var ft *ast.FuncType
	switch syn := fn.Syntax().(type) {
	case *ast.FuncDecl:
		ft = syn.Type
	case *ast.FuncLit:
		ft = syn.Type
	}
	if ft == nil || ft.Results == nil || len(ft.Results.List) == 0 {
		return nil
	}
	i := 0
	for _, field := range ft.Results.List {
		n := max(len(field.Names), 1)
		if at < i+n {
			switch t := field.Type.(type) {
			case *ast.SelectorExpr, *ast.Ident:
				return t
			}
			return nil
		}
		i += n
	}
	return nil
}

// resultTypeName spells reconcile.Result at pos: through the file's
// import of controller-runtime or of its reconcile package, adding an
// import of controller-runtime if neither is there.
func resultTypeName(pass *analysis.Pass, pos token.Pos) (string, []analysis.TextEdit, bool) {
	if f := diag.File(pass, pos); f != nil {
		for _, spec := range f.Imports {
			if spec.Path.Value == `"`+crapi.ReconcilePkg+`"` {
				if name, edits, ok := diag.PackageName(pass, pos, crapi.ReconcilePkg, "reconcile"); ok && len(edits) == 0 {
					return name + ".Result", nil, true
				}
			}
		}
	}
	// The package's own name: an added import has no alias.
	name, edits, ok := diag.PackageName(pass, pos, crapi.CtrlPkg, "controllerruntime")
	if !ok {
		return "", nil, false
	}
	return name + ".Result", edits, true
}
