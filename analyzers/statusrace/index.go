package statusrace

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// index holds what the check needs to know about the package's functions.
type index struct {
	// objs is the object layer, to tell objects apart by name.
	objs *objects.Result
	// polled are the functions passed to Eventually, Consistently or a
	// wait.Poll* function.
	polled map[*ssa.Function]bool
	// inline are closures run right away by their parent (t.Run, By).
	inline map[*ssa.Function]inlineSite
	// waits are the functions that wait (sleep, poll, Eventually),
	// reconciles those that call a Reconcile method, writes those that
	// write an object through a client; each through the package's
	// functions they call.
	waits, reconciles, writes map[*ssa.Function]bool
	// Stores into package variables and struct fields, and the static
	// call sites of each function, to follow a client to its origin.
	globalStores map[*ssa.Global][]ssa.Value
	fieldStores  map[fieldKey][]ssa.Value
	callers      map[*ssa.Function][]*ssa.CallCommon
	fakeMemo     map[ssa.Value]bool
	// isTest tells the functions declared in _test.go files.
	isTest func(*ssa.Function) bool
}

const managerPkg = crapi.ManagerPkg

type inlineSite struct {
	parent *ssa.Function
	pos    token.Pos
}

type fieldKey struct {
	st    *types.Struct
	field int
}

func newIndex(funcs []*ssa.Function, isTest func(*ssa.Function) bool) *index {
	ix := &index{
		isTest:       isTest,
		polled:       map[*ssa.Function]bool{},
		inline:       map[*ssa.Function]inlineSite{},
		waits:        map[*ssa.Function]bool{},
		reconciles:   map[*ssa.Function]bool{},
		writes:       map[*ssa.Function]bool{},
		globalStores: map[*ssa.Global][]ssa.Value{},
		fieldStores:  map[fieldKey][]ssa.Value{},
		callers:      map[*ssa.Function][]*ssa.CallCommon{},
		fakeMemo:     map[ssa.Value]bool{},
	}
	// Direct facts.
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch x := instr.(type) {
				case *ssa.Store:
					switch a := x.Addr.(type) {
					case *ssa.Global:
						ix.globalStores[a] = append(ix.globalStores[a], x.Val)
					case *ssa.FieldAddr:
						if k, ok := keyOf(a.X.Type(), a.Field); ok {
							ix.fieldStores[k] = append(ix.fieldStores[k], x.Val)
						}
					}
				case *ssa.Select:
					ix.waits[fn] = true
				case *ssa.UnOp:
					if x.Op == token.ARROW {
						ix.waits[fn] = true
					}
				case ssa.CallInstruction:
					cc := x.Common()
					if f := cc.StaticCallee(); f != nil {
						ix.callers[f] = append(ix.callers[f], cc)
					}
					callee := crapi.Callee(cc)
					if isPoll(callee) {
						ix.waits[fn] = true
						for _, f := range funcArgs(cc) {
							ix.polled[f] = true
						}
					}
					if isInlineRunner(callee) {
						for _, f := range funcArgs(cc) {
							ix.inline[f] = inlineSite{parent: fn, pos: f.Pos()}
						}
					}
					if crapi.IsReconcileMethod(callee) || isReconcilerMethod(callee) {
						ix.reconciles[fn] = true
					}
					if c, _, ok := crapi.ClientCallSSA(cc); ok {
						if isObjectWrite(c) {
							ix.writes[fn] = true
						}
						// Controller code that writes status: a test
						// that calls it drives reconciliation itself.
						if c.SubResource && c.IsWrite() && !isTest(fn) {
							ix.reconciles[fn] = true
						}
					}
				}
			}
		}
	}
	// Through the package's own helpers.
	for changed := true; changed; {
		changed = false
		for _, fn := range funcs {
			for call := range ssaflow.Calls(fn) {
				cc := call.Common()
				var targets []*ssa.Function
				if f := cc.StaticCallee(); f != nil {
					targets = append(targets, f)
				}
				// A function passed to a call is probably called by
				// it (a retry helper given a closure).
				if !isInlineRunner(crapi.Callee(cc)) {
					targets = append(targets, funcArgs(cc)...)
				}
				for _, t := range targets {
					if ix.waits[t] && !ix.waits[fn] {
						ix.waits[fn], changed = true, true
					}
					if ix.reconciles[t] && !ix.reconciles[fn] {
						ix.reconciles[fn], changed = true, true
					}
					if ix.writes[t] && !ix.writes[fn] && t.Parent() == nil && isTest(t) {
						ix.writes[fn], changed = true, true
					}
				}
			}
		}
	}
	return ix
}

func keyOf(ptr types.Type, field int) (fieldKey, bool) {
	p, ok := ptr.Underlying().(*types.Pointer)
	if !ok {
		return fieldKey{}, false
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok {
		return fieldKey{}, false
	}
	return fieldKey{st, field}, true
}

// funcArgs returns the functions passed to a call: function values,
// closures, also as interfaces or in a variadic slice.
func funcArgs(cc *ssa.CallCommon) []*ssa.Function {
	var out []*ssa.Function
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if depth > 4 {
			return
		}
		switch x := v.(type) {
		case *ssa.Function:
			out = append(out, x)
		case *ssa.MakeClosure:
			if f, ok := x.Fn.(*ssa.Function); ok && len(x.Bindings) > 0 {
				if obj, ok := f.Object().(*types.Func); ok && obj.Signature().Recv() != nil {
					return // a method value (k8sClient.Get), not a closure
				}
				out = append(out, f)
			}
		case *ssa.MakeInterface:
			visit(x.X, depth+1)
		case *ssa.ChangeType:
			visit(x.X, depth+1)
		case *ssa.Slice:
			if alloc, ok := x.X.(*ssa.Alloc); ok {
				for _, st := range ssaflow.StoresTo(alloc) {
					visit(st.Val, depth+1)
				}
			}
		}
	}
	for _, a := range cc.Args {
		visit(a, 0)
	}
	return out
}

// isPoll recognises the calls that wait or poll: the test libraries'
// (Gomega's Eventually and Consistently, testify's Eventually and Never,
// time.Sleep) and the functions of apimachinery's wait package.
func isPoll(fn *types.Func) bool {
	row, _ := knowledge.TestCall(fn)
	return row.Role == knowledge.Polls || knowledge.Waits(fn)
}

// isInlineRunner recognises the calls that run the function they are given
// right away: testing's t.Run and Ginkgo's By.
func isInlineRunner(fn *types.Func) bool {
	row, _ := knowledge.TestCall(fn)
	return row.Role == knowledge.RunsNow
}

// isReconcilerMethod recognises a method of a reconciler type (one with a
// Reconcile method): r.reconcileDeployment(ctx, obj) runs controller code.
func isReconcilerMethod(fn *types.Func) bool {
	if fn == nil || fn.Signature().Recv() == nil {
		return false
	}
	n := crapi.Named(fn.Signature().Recv().Type())
	if n == nil {
		return false
	}
	if _, ok := n.Underlying().(*types.Interface); ok {
		return false
	}
	// SetupWithManager registers the controller with a manager that the
	// test then starts: reconciliation stays asynchronous.
	params := fn.Signature().Params()
	for i := range params.Len() {
		if crapi.IsNamed(params.At(i).Type(), managerPkg, "Manager") {
			return false
		}
	}
	for m := range n.Methods() {
		if crapi.IsReconcileMethod(m) {
			return true
		}
	}
	return false
}

func (ix *index) isReconcileCall(cc *ssa.CallCommon) bool {
	if callee := crapi.Callee(cc); crapi.IsReconcileMethod(callee) || isReconcilerMethod(callee) {
		return true
	}
	if f := cc.StaticCallee(); f != nil && ix.reconciles[f] {
		return true
	}
	return false
}

// isWaitCall reports whether the call waits: a polling primitive, a
// helper of the package that waits, or a call given a function that
// waits or reads through a client (a retry helper of another package).
func (ix *index) isWaitCall(cc *ssa.CallCommon) bool {
	callee := crapi.Callee(cc)
	if isPoll(callee) {
		return true
	}
	if f := cc.StaticCallee(); f != nil && ix.waits[f] {
		return true
	}
	if isInlineRunner(callee) {
		return false
	}
	for _, f := range funcArgs(cc) {
		if ix.waits[f] || readsClient(f) {
			return true
		}
	}
	return false
}

// isWriteHelperCall reports whether the call is of a helper of the
// package that writes an object through a client (createGuestbook(ctx)).
func (ix *index) isWriteHelperCall(cc *ssa.CallCommon) bool {
	f := cc.StaticCallee()
	return f != nil && f.Parent() == nil && ix.writes[f] && ix.isTest(f)
}

func readsClient(fn *ssa.Function) bool {
	for _, s := range crapi.ClientCalls(fn) {
		if s.Method == crapi.Get || s.Method == crapi.List {
			return true
		}
	}
	return false
}

// inPollingLoop reports whether call is inside a loop that waits
// (sleeps, receives from a channel, polls): a hand-written retry.
func (ix *index) inPollingLoop(call *ssa.Call) bool {
	start := call.Block()
	if start == nil {
		return false
	}
	// The blocks reachable from the call's block.
	fwd := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), start.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if fwd[b] {
			continue
		}
		fwd[b] = true
		stack = append(stack, b.Succs...)
	}
	if !fwd[start] {
		return false // not in a loop
	}
	// The loop: reachable from the call and reaching back to it.
	back := map[*ssa.BasicBlock]bool{}
	stack = append(stack[:0], start)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if back[b] {
			continue
		}
		back[b] = true
		stack = append(stack, b.Preds...)
	}
	for b := range fwd {
		if !back[b] {
			continue
		}
		for _, instr := range b.Instrs {
			switch x := instr.(type) {
			case *ssa.Select:
				return true
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return true
				}
			case ssa.CallInstruction:
				if ix.isWaitCall(x.Common()) {
					return true
				}
			}
		}
	}
	return false
}

// isFake reports whether the client v may come from controller-runtime's
// fake package: the test then drives reconciliation itself.
func (ix *index) isFake(v ssa.Value) bool {
	if v == nil {
		return false
	}
	return ix.fake(v, map[ssa.Value]bool{}, 0)
}

func (ix *index) fake(v ssa.Value, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > maxDepth {
		return false
	}
	if r, ok := ix.fakeMemo[v]; ok {
		return r
	}
	seen[v] = true
	r := ix.fakeUncached(v, seen, depth+1)
	if r || depth == 0 {
		ix.fakeMemo[v] = r
	}
	return r
}

func (ix *index) fakeUncached(v ssa.Value, seen map[ssa.Value]bool, d int) bool {
	anyFake := func(vals []ssa.Value) bool {
		for _, x := range vals {
			if ix.fake(x, seen, d) {
				return true
			}
		}
		return false
	}
	switch x := v.(type) {
	case *ssa.Call:
		cc := x.Common()
		callee := crapi.Callee(cc)
		if callee != nil && callee.Pkg() != nil {
			switch callee.Pkg().Path() {
			case fakePkg:
				return true
			case interceptPkg, crapi.ClientPkg:
				return anyFake(cc.Args)
			}
		}
		if f := cc.StaticCallee(); f != nil && len(f.Blocks) > 0 {
			var rets []ssa.Value
			for ret := range ssaflow.Returns(f) {
				rets = append(rets, ret.Results...)
			}
			return anyFake(rets)
		}
	case *ssa.Extract:
		return ix.fake(x.Tuple, seen, d)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return false
		}
		switch a := x.X.(type) {
		case *ssa.Global:
			return anyFake(ix.globalStores[a])
		case *ssa.FieldAddr:
			if k, ok := keyOf(a.X.Type(), a.Field); ok {
				return anyFake(ix.fieldStores[k])
			}
		case *ssa.Alloc, *ssa.FreeVar:
			return anyFake(ssaflow.CellStores(a))
		}
	case *ssa.Field:
		if k, ok := keyOf(types.NewPointer(x.X.Type()), x.Field); ok {
			return anyFake(ix.fieldStores[k])
		}
	case *ssa.FreeVar:
		if b := ssaflow.Binding(x); b != nil {
			return ix.fake(b, seen, d)
		}
	case *ssa.Parameter:
		fn := x.Parent()
		idx := ssaflow.ParamIndex(fn, x)
		for _, cc := range ix.callers[fn] {
			if idx >= 0 && idx < len(cc.Args) && ix.fake(cc.Args[idx], seen, d) {
				return true
			}
		}
	case *ssa.Phi:
		return anyFake(x.Edges)
	case *ssa.MakeInterface:
		return ix.fake(x.X, seen, d)
	case *ssa.ChangeInterface:
		return ix.fake(x.X, seen, d)
	case *ssa.ChangeType:
		return ix.fake(x.X, seen, d)
	case *ssa.TypeAssert:
		return ix.fake(x.X, seen, d)
	}
	return false
}
