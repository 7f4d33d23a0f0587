package objects

import (
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Analyzer provides a *Result and exports a Summary fact for each
// exported function of the user's module that is given objects.
var Analyzer = &analysis.Analyzer{
	Name:       "objects",
	Doc:        "answer object identity, parts, effects and history for the checks",
	Requires:   []*analysis.Analyzer{ssapkg.Analyzer},
	Run:        run,
	ResultType: reflect.TypeOf((*Result)(nil)),
	FactTypes:  []analysis.Fact{new(Summary), new(Finalized)},
}

// Summary is the one fact of what a function of the user's module does:
// to the objects it is given, to their finalizers and deletion state, and
// with client errors. Params is indexed like the function's SSA parameters
// (the receiver first), as is every parameter index of the fact.
type Summary struct {
	Params []ParamSummary
	// Deletion: the bool result tests a parameter's deletion state.
	Deletion *DeletionTest
	// ClientError: the error result may carry a client call's error.
	ClientError ErrorSource
	// NotFound: the error result may stand for the NotFound of a lookup
	// or a delete, not filtered out (NotFoundSource).
	NotFound NotFoundKind
	// FetchedResults are the results that are nil or an object read
	// from the server on every return.
	FetchedResults []int
	// ListedResults are the slice results whose elements are items of
	// a List it makes, on every return (a listing helper that filters).
	ListedResults []int
	// MadeResults are the results that are objects it makes, with the
	// fields it sets on them.
	MadeResults []MadeResult
	// MetaReads are the label and annotation reads of object parameters
	// that the results are computed from (an IsPaused() method);
	// MetaWrites the keys written on them (MetaAccesses in the body).
	MetaReads, MetaWrites []MetaKey
	// NamedBy: the object made and returned as the first result is named
	// by parameter NamedBy-1 (SSA index); 0 when not known so.
	NamedBy int
}

// MetaKey is a label or annotation key of parameter Param (SSA index);
// Key "" is any key.
type MetaKey struct {
	Param int
	Map   knowledge.MetaMap
	Key   string
}

// ParamSummary is what a function does to one parameter.
type ParamSummary struct {
	// Strong and Weak are the classes of changes made to the parameter
	// certainly on some path, or possibly (exported functions given
	// objects only).
	Strong, Weak Class
	// RemovesFinalizer: a finalizer may be removed from it;
	// AddsFinalizer: one may be added to it; ExaminesDeletion: its
	// deletion state may be read.
	RemovesFinalizer, AddsFinalizer, ExaminesDeletion bool
	// StatusWritten: its status subresource may be written (for an
	// interface-typed parameter, the caller's argument tells the kind).
	StatusWritten bool
	// DeletedPlain: it may be deleted with no propagation policy (a
	// parameter of interface type: the caller's argument tells the kind).
	DeletedPlain bool
	// Fetched: it is read from the server (on some path); else Written:
	// it is written, and the server's answer read back into it.
	Fetched, Written bool
	// UpdatedAsGiven: it is sent in an Update with the resourceVersion
	// the caller gave it (UpdatesAsGiven).
	UpdatedAsGiven bool
	// ServerWritten: it is updated, patched or deleted on the server (an
	// object), or some item of it is (a list, a slice of objects):
	// ServerWrites.
	ServerWritten bool
}

// ErrorSource tells whether an error may come from a client call.
type ErrorSource uint8

const (
	// NoClientError is an error of no client call (or no error).
	NoClientError ErrorSource = iota
	// ErrRead may be the error of a client read.
	ErrRead
	// ErrWrite may be the error of a client write.
	ErrWrite
)

// AFact implements analysis.Fact.
func (*Summary) AFact() {}

func (f *Summary) String() string {
	var parts []string
	for i, p := range f.Params {
		if p.Strong != 0 || p.Weak != 0 {
			parts = append(parts, fmt.Sprintf("changes(%d, %d, %d)", i, p.Strong, p.Weak))
		}
		if p.RemovesFinalizer {
			parts = append(parts, fmt.Sprintf("removesFinalizer(%d)", i))
		}
		if p.AddsFinalizer {
			parts = append(parts, fmt.Sprintf("addsFinalizer(%d)", i))
		}
		if p.ExaminesDeletion {
			parts = append(parts, fmt.Sprintf("examinesDeletion(%d)", i))
		}
		if p.StatusWritten {
			parts = append(parts, fmt.Sprintf("statusWritten(%d)", i))
		}
		if p.DeletedPlain {
			parts = append(parts, fmt.Sprintf("deletedPlain(%d)", i))
		}
		if p.Fetched {
			parts = append(parts, fmt.Sprintf("fetched(%d)", i))
		}
		if p.Written {
			parts = append(parts, fmt.Sprintf("written(%d)", i))
		}
		if p.UpdatedAsGiven {
			parts = append(parts, fmt.Sprintf("updatedAsGiven(%d)", i))
		}
		if p.ServerWritten {
			parts = append(parts, fmt.Sprintf("serverWritten(%d)", i))
		}
	}
	for _, k := range f.FetchedResults {
		parts = append(parts, fmt.Sprintf("returnsFetched(%d)", k))
	}
	for _, k := range f.ListedResults {
		parts = append(parts, fmt.Sprintf("returnsListed(%d)", k))
	}
	for _, m := range f.MadeResults {
		unversioned := ""
		if m.Unversioned {
			unversioned = " unversioned"
		}
		parts = append(parts, fmt.Sprintf("returnsMade(%d%s: %s)", m.Result, unversioned, strings.Join(m.Fields, " ")))
	}
	if d := f.Deletion; d != nil {
		parts = append(parts, fmt.Sprintf("testsDeletion(%d, %v)", d.Param, d.WhenDeleting))
	}
	if f.ClientError != NoClientError {
		parts = append(parts, fmt.Sprintf("clientError(writes=%v)", f.ClientError == ErrWrite))
	}
	if f.NotFound != 0 {
		parts = append(parts, fmt.Sprintf("notFound(%s)", f.NotFound))
	}
	for _, k := range f.MetaReads {
		parts = append(parts, fmt.Sprintf("metaReads(%d %s %q)", k.Param, k.Map, k.Key))
	}
	for _, k := range f.MetaWrites {
		parts = append(parts, fmt.Sprintf("metaWrites(%d %s %q)", k.Param, k.Map, k.Key))
	}
	if f.NamedBy > 0 {
		parts = append(parts, fmt.Sprintf("namedBy(%d)", f.NamedBy-1))
	}
	return "summary(" + strings.Join(parts, " ") + ")"
}

func (f *Summary) empty() bool {
	if f.Deletion != nil || f.NamedBy > 0 || f.ClientError != NoClientError || f.NotFound != 0 || len(f.FetchedResults) > 0 || len(f.ListedResults) > 0 || len(f.MadeResults) > 0 || len(f.MetaReads) > 0 || len(f.MetaWrites) > 0 {
		return false
	}
	for _, p := range f.Params {
		if p != (ParamSummary{}) {
			return false
		}
	}
	return true
}

// Result answers the questions of the layer for one package. The checks
// of a package run in parallel and share it: every method locks.
type Result struct {
	mu sync.Mutex
	// lc memoises each function's lifecycle events (its own lock: a scan
	// asks the helpers below, which need no lock once built).
	lcMu sync.Mutex
	lc   map[*ssa.Function]*lifecycle.Events
	e    *engine // nil for a package without SSA (a dependency)
	h    *helpers
	// fin: the types the package's code and its imports' may give a
	// finalizer (nil for a dependency).
	fin *Finalized
}

// Of returns the Result of pass, whose analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Result {
	r, _ := pass.ResultOf[Analyzer].(*Result)
	if r == nil {
		return &Result{}
	}
	return r
}

func newHelpers() *helpers {
	return &helpers{removes: map[*types.Func]int{}, adds: map[*types.Func]int{}, tests: map[*types.Func]DeletionTest{}, examines: map[*types.Func]uint64{}, errs: map[*types.Func]bool{}, statusWrites: map[*types.Func]uint64{}, plainDeletes: map[*types.Func]uint64{}, serverWrites: map[*types.Func]uint64{}, notFound: map[*types.Func]NotFoundKind{}}
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{h: newHelpers()}
	if ssapkg.IsDependency(pass) {
		return r, nil
	}
	r.h.importHelpers(pass)
	var funcs []*ssa.Function // the package's own functions and methods
	for _, fn := range ssapkg.Of(pass).SrcFuncs() {
		if obj, ok := fn.Object().(*types.Func); ok && obj.Pkg() == pass.Pkg {
			funcs = append(funcs, fn)
		}
	}
	if len(funcs) == 0 {
		r.finalized(pass, nil)
		return r, nil
	}
	r.e = newEngine(pass, ssapkg.Of(pass).SrcFuncs())
	r.learnHelpers(funcs)
	r.exportSummaries(pass, funcs)
	r.finalized(pass, ssapkg.Of(pass).SrcFuncs())
	return r, nil
}

// exportSummaries exports one Summary per function of the package that
// does something callers in other packages need to know.
func (r *Result) exportSummaries(pass *analysis.Pass, funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj := fn.Object().(*types.Func)
		fact := &Summary{Params: make([]ParamSummary, len(fn.Params))}
		// Exported functions given objects always have a fact: without
		// one, a caller takes the object as changed in any way.
		given := false
		if obj.Exported() && fn.Parent() == nil {
			// What it changes in its object parameters: only exported
			// functions, as the summary costs a walk of the body.
			for i, p := range fn.Params {
				if ObjectParam(p.Type()) {
					given = true
					s := r.e.summary(fn, p)
					fact.Params[i].Strong, fact.Params[i].Weak = s.Strong, s.Weak
					ev := r.e.paramEvent(fn, i)
					fact.Params[i].Fetched, fact.Params[i].Written = ev == Fetched, ev == Written
					fact.Params[i].UpdatedAsGiven = r.e.updatesAsGiven(fn, i)
				}
			}
			res := fn.Signature.Results()
			for k := 0; k < res.Len(); k++ {
				if ObjectParam(res.At(k).Type()) && r.e.returnsFetched(fn, k) {
					fact.FetchedResults = append(fact.FetchedResults, k)
				}
				if listedResult(fn, k) {
					fact.ListedResults = append(fact.ListedResults, k)
				}
			}
			fact.MadeResults = r.e.madeResults(fn)
			fact.MetaReads, fact.MetaWrites = r.metaKeys(fn)
			if i, _, ok := namedBy(fn); ok && i >= 0 {
				fact.NamedBy = i + 1
			}
		}
		if i, ok := r.h.removes[obj]; ok && i < len(fact.Params) {
			fact.Params[i].RemovesFinalizer = true
		}
		if i, ok := r.h.adds[obj]; ok && i < len(fact.Params) {
			fact.Params[i].AddsFinalizer = true
		}
		for i := range fact.Params {
			if i < 64 && r.h.examines[obj]&(1<<i) != 0 {
				fact.Params[i].ExaminesDeletion = true
			}
			if i < 64 && r.h.statusWrites[obj]&(1<<i) != 0 {
				fact.Params[i].StatusWritten = true
			}
			if i < 64 && r.h.plainDeletes[obj]&(1<<i) != 0 {
				fact.Params[i].DeletedPlain = true
			}
			if i < 64 && r.h.serverWrites[obj]&(1<<i) != 0 {
				fact.Params[i].ServerWritten = true
			}
		}
		if t, ok := r.h.tests[obj]; ok {
			fact.Deletion = &t
		}
		if writes, ok := r.h.errs[obj]; ok {
			fact.ClientError = ErrRead
			if writes {
				fact.ClientError = ErrWrite
			}
		}
		fact.NotFound = r.h.notFound[obj]
		if given || !fact.empty() {
			pass.ExportObjectFact(obj, fact)
		}
	}
}

// importedSummary returns the fact of fn, a function of another package
// of the module, or nil.
func (e *engine) importedSummary(fn *types.Func) *Summary {
	if fn == nil {
		return nil // a function literal, or a call of no known function
	}
	fact := new(Summary)
	if !e.pass.ImportObjectFact(fn, fact) {
		return nil
	}
	return fact
}

var _ lifecycle.Memo = (*Result)(nil)

// Lifecycle returns what fn does to finalizers and deletion state, the
// module's helpers seen through (lifecycle.Scan), computed once per
// function for all checks (once the package's helpers are known: the
// layer's own fixed point over them does not use it).
func (r *Result) Lifecycle(fn *ssa.Function) *lifecycle.Events {
	r.lcMu.Lock()
	defer r.lcMu.Unlock()
	if e, ok := r.lc[fn]; ok {
		return e
	}
	if r.lc == nil {
		r.lc = map[*ssa.Function]*lifecycle.Events{}
	}
	e := lifecycle.Scan(fn, r)
	r.lc[fn] = e
	return e
}

// Same reports whether a and b denote the same object in fn.
func (r *Result) Same(fn *ssa.Function, a, b ssa.Value) bool {
	if r.e == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.identity(fn).Same(a, b)
}

// Alias reports whether a and b are the same Go object in memory in fn (a
// merge patch's base that is its object): Same, but two variables read by
// one key are two objects.
func (r *Result) Alias(fn *ssa.Function, a, b ssa.Value) bool {
	if r.e == nil {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.identity(fn).Alias(a, b)
}

// Key returns the representative of the object v denotes in fn.
func (r *Result) Key(fn *ssa.Function, v ssa.Value) ssa.Value {
	if r.e == nil {
		return v
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.identity(fn).Key(v)
}

// Part tells whether v points into the object obj of fn, and where.
func (r *Result) Part(fn *ssa.Function, v, obj ssa.Value) (Part, bool) {
	if r.e == nil {
		return Part{}, false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.e.identity(fn)
	return partOf(id, v, id.Key(obj), 0)
}

// EffectOf tells what instr, an instruction of fn, does to the object
// obj, and whether the object's history starts there.
func (r *Result) EffectOf(fn *ssa.Function, instr ssa.Instruction, obj ssa.Value) (Effect, Event) {
	if r.e == nil {
		return Effect{Weak: Unknown}, None
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	id := r.e.identity(fn)
	return r.e.instrEffect(fn, id, instr, id.Key(obj))
}

// DeferredWrite returns a defer statement of fn, met on a path to the
// instruction at, that writes obj when fn returns (a patch helper's
// deferred Patch, directly or in a function literal), or nil: such a
// write follows everything fn does to obj from at on.
func (r *Result) DeferredWrite(fn *ssa.Function, at ssa.Instruction, obj ssa.Value) ssa.Instruction {
	if r.e == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.deferredWrite(fn, at, r.e.identity(fn).Key(obj))
}

// History returns what may happen to the object obj on the paths that
// reach the instruction from in fn since the object was last fetched,
// written or made, or since an instruction of stops. When a path reaches
// the function's entry and obj is a parameter (or a variable captured by
// a closure), the history goes on at the call sites in this package.
func (r *Result) History(fn *ssa.Function, from ssa.Instruction, obj ssa.Value, stops map[ssa.Instruction]bool) Effect {
	if r.e == nil {
		return Effect{Weak: Unknown}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.history(fn, from, obj, stops, 0)
}

// Steps is the history of an object before an instruction, instruction by
// instruction, inside one function: for a check that places a fix.
type Steps struct {
	// Effect is what the instructions of Changes and Unknown do.
	Effect
	// Changes certainly change the object on some path (a store, a known
	// mutator); Unknown are calls given a reference into it that may.
	Changes, Unknown []ssa.Instruction
	// Starts are the events that begin the paths: where the object was
	// fetched, written, made, replaced or joined.
	Starts map[ssa.Instruction]Event
	// Entry: some path reaches the function's entry with no event.
	Entry bool
}

// SharedLists are the metadata lists that several controllers write on
// the same object: a JSON merge patch replaces each of them whole.
var SharedLists = []string{"Finalizers", "OwnerReferences"}

// SharedList returns the first of SharedLists that the steps certainly
// change (directly, or through a helper of the module known to add or
// remove a finalizer), or "".
func (r *Result) SharedList(fn *ssa.Function, s Steps, obj ssa.Value) string {
	for _, n := range SharedLists {
		if s.Names[n] {
			return n
		}
	}
	for _, c := range s.Changes {
		ev := r.Lifecycle(c.Parent())
		if op, ok := ev.AdditionAt(c); ok && r.Same(fn, op.Obj, obj) {
			return "Finalizers"
		}
		if op, ok := ev.RemovalAt(c); ok && r.Same(fn, op.Obj, obj) {
			return "Finalizers"
		}
	}
	return ""
}

// Fetched reports whether some path starts at a read from the server.
func (s Steps) Fetched() bool {
	for _, ev := range s.Starts {
		if ev == Fetched {
			return true
		}
	}
	return false
}

// EventPos is where the event s of Steps.Starts is in the source: the
// call whose result an extracted object is (obj, err := get(...)), for a
// check that places a fix there.
func EventPos(s ssa.Instruction) token.Pos {
	if x, ok := s.(*ssa.Extract); ok {
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return call.Pos()
		}
	}
	return s.Pos()
}

// Steps returns the history of obj before the instruction from of fn, up
// to its events in fn (and not into callers, unlike History).
func (r *Result) Steps(fn *ssa.Function, from ssa.Instruction, obj ssa.Value) Steps {
	return r.StepsUntil(fn, from, obj, nil)
}

// StepsUntil is Steps, with the walk also ended at the instructions of
// stops (a copy of the object: what happened since it was taken).
func (r *Result) StepsUntil(fn *ssa.Function, from ssa.Instruction, obj ssa.Value, stops map[ssa.Instruction]bool) Steps {
	s := Steps{Starts: map[ssa.Instruction]Event{}}
	if r.e == nil {
		s.Entry = true
		return s
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	seen := map[ssa.Instruction]bool{}
	visit := func(instr ssa.Instruction, eff Effect, ev Event) {
		if seen[instr] {
			return
		}
		seen[instr] = true
		switch {
		case ev != None:
			s.Starts[instr] = ev
		case eff.Strong != 0:
			s.Changes = append(s.Changes, instr)
		default:
			s.Unknown = append(s.Unknown, instr)
		}
		s.Add(eff)
	}
	root := r.e.identity(fn).Key(obj)
	s.Entry = r.e.walkBack(fn, from, root, stops, visit)
	// A closure run during the call that is given it (retry.RetryOnConflict's
	// func() error, a func called where it is made): an object it
	// captured goes on in the enclosing function, before that call.
	for depth := 0; s.Entry && depth < maxCallerDepth; depth++ {
		parent, call, v, ok := r.e.captured(fn, root)
		if !ok {
			break
		}
		fn, root = parent, r.e.identity(parent).Key(v)
		s.Entry = r.e.walkBack(fn, call, root, stops, visit)
	}
	return s
}
