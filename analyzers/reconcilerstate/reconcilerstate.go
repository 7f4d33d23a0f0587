package reconcilerstate

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports request data stored in a reconciler's field without a
// lock.
var Analyzer = &analysis.Analyzer{
	Name:     "reconcilerstate",
	Doc:      checkdoc.MustExtract(doc, "reconcilerstate"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, reach.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	set := reach.Of(pass).Reconcile()
	if len(set.Funcs) == 0 {
		return nil, nil
	}
	model := pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	// The reconciler types set up as controllers by this package: a type
	// with a Reconcile method that is not given to a builder may be made
	// per request (a sub-reconciler), and its fields are then its own.
	recs := map[*types.TypeName]*ctrlmodel.Controller{}
	for _, root := range set.Roots {
		recv := root.Fn.Signature.Recv()
		if recv == nil {
			continue
		}
		if ctl := model.ControllerOf(recv.Type()); ctl != nil {
			recs[ctl.Reconciler] = ctl
		}
	}
	if len(recs) == 0 {
		return nil, nil
	}
	callers := ssaflow.StaticCallers(set.Funcs)
	tested := testedFields(ssapkg.Of(pass).SrcFuncs(), recs)
	reported := map[token.Pos]bool{}
	for _, fn := range set.Funcs {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		tn, recv := reconcilerOf(fn, recs)
		if tn == nil {
			continue
		}
		roots := requestValues(fn, recv)
		for _, st := range fieldStores(fn, recv) {
			if reported[st.pos] || !fromRequest(st.vals, roots) {
				continue
			}
			// A tested field is state kept on purpose, but not a cache
			// filled once with what one request made.
			st.lazy = lazyFromRequest(st, recv, roots)
			if tested[st.field] && !st.lazy {
				continue
			}
			if locked(st.instr) || callersLock(fn, callers) {
				continue
			}
			reported[st.pos] = true
			report(pass, st, recs[tn])
		}
	}
	return nil, nil
}

// reconcilerOf returns the reconciler type whose method fn is (or whose
// method fn is a closure of), and the receiver value in fn.
func reconcilerOf(fn *ssa.Function, recs map[*types.TypeName]*ctrlmodel.Controller) (*types.TypeName, ssa.Value) {
	decl := ssaflow.Declared(fn)
	recv := decl.Signature.Recv()
	if recv == nil || len(decl.Params) == 0 {
		return nil, nil
	}
	n := crapi.Named(recv.Type())
	if n == nil || recs[n.Obj()] == nil {
		return nil, nil
	}
	return n.Obj(), decl.Params[0]
}

// requestValues are the values of fn that carry the request: its
// parameters but the receiver (the request, the context, the objects
// handed to a helper), the values a closure captures other than the
// receiver, and the objects fn reads through the client.
func requestValues(fn *ssa.Function, recv ssa.Value) map[ssa.Value]bool {
	roots := map[ssa.Value]bool{}
	for _, p := range fn.Params {
		if p != recv {
			roots[p] = true
		}
	}
	for _, fv := range fn.FreeVars {
		if !isRecv(fv, recv) {
			roots[fv] = true
		}
	}
	for _, site := range crapi.ClientCalls(fn) {
		if _, obj, ok := site.ReadInto(); ok {
			roots[obj] = true
			roots[ssaflow.Strip(obj)] = true
		}
	}
	return roots
}

// testedFields returns the reconciler fields that a branch tests anywhere
// in the package (if r.attempt == nil, if r.active, a map function of the
// controller's watches filtering by the field: netobserv's
// currentNamespace): state the reconciler keeps across requests on
// purpose, a state machine of a controller that serves one object or a
// lazily filled value, not a request's data leaking by accident.
func testedFields(funcs []*ssa.Function, recs map[*types.TypeName]*ctrlmodel.Controller) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			iff, ok := ssaflow.Last(b).(*ssa.If)
			if !ok {
				continue
			}
			seen := map[ssa.Value]bool{}
			var walk func(v ssa.Value, depth int)
			walk = func(v ssa.Value, depth int) {
				if v == nil || seen[v] || depth > 12 {
					return
				}
				seen[v] = true
				if f := reconcilerField(v, recs); f != nil {
					out[f] = true
				}
				if _, isCall := v.(*ssa.Call); isCall {
					return // err != nil tests the call, not its arguments
				}
				for _, src := range ssaflow.Sources(v, true) {
					walk(src, depth+1)
				}
			}
			walk(iff.Cond, 0)
		}
	}
	return out
}

// reconcilerField returns the field of a reconciler type (of recs) whose
// value v is, whichever value of the type holds it (the receiver, a local
// a closure captures).
func reconcilerField(v ssa.Value, recs map[*types.TypeName]*ctrlmodel.Controller) *types.Var {
	isRec := func(t types.Type) bool {
		n := crapi.Named(ssaflow.Deref(t))
		return n != nil && recs[n.Obj()] != nil
	}
	var addr ssa.Value
	switch x := ssaflow.Strip(v).(type) {
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		addr = x.X
	case *ssa.Field:
		if isRec(x.X.Type()) {
			return ssaflow.Field(x.X.Type(), x.Field)
		}
		return nil
	default:
		return nil
	}
	for i := 0; i < 8; i++ {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		if isRec(fa.X.Type()) {
			return ssaflow.Field(fa.X.Type(), fa.Field)
		}
		addr = fa.X
	}
	return nil
}

// lazyFromRequest reports whether st is a cache filled once from the
// request: an assignment where the field was tested nil on every path to
// it (if r.f == nil { r.f = ... }, if r.f != nil { return r.f }), of a
// value made there (a call's result, a struct literal) from the request's
// key or objects, not only from the context. Such a field is tested, as
// state kept on purpose is, but what the first request made (a client of
// its object's workload cluster, of its scope) is what every later
// request of another object gets.
func lazyFromRequest(st store, recv ssa.Value, roots map[ssa.Value]bool) bool {
	if st.kind != "assignment" || len(st.vals) != 1 || !made(st.vals[0]) {
		return false
	}
	if !ssaflow.HoldsAt(st.instr.Block(), func(cond ssa.Value, onTrue bool) bool {
		x, nilOnTrue, ok := ssaflow.NilTest(cond)
		return ok && nilOnTrue == onTrue && loadedField(x, recv) == st.field
	}) {
		return false
	}
	// The context carries the request's logger and deadline, not its
	// object: a value made from the configuration and the context alone
	// is the same for every object.
	objs := map[ssa.Value]bool{}
	for v := range roots {
		if !crapi.IsContext(v.Type()) {
			objs[v] = true
		}
	}
	return ssaflow.DependsOn(st.vals[0], objs)
}

// made reports whether v is a value made where it is stored: a call's
// result (not a builtin's) or a pointer to a struct literal. A value read
// from the object (dep.Spec.Replicas) is its data, not something made
// from it.
func made(v ssa.Value) bool {
	v = ssaflow.Strip(v)
	if e, ok := v.(*ssa.Extract); ok {
		v = e.Tuple
	}
	switch x := v.(type) {
	case *ssa.Call:
		_, builtin := x.Call.Value.(*ssa.Builtin)
		return !builtin
	case *ssa.Alloc:
		_, isStruct := ssaflow.Deref(x.Type()).Underlying().(*types.Struct)
		return isStruct
	}
	return false
}

func fromRequest(vals []ssa.Value, roots map[ssa.Value]bool) bool {
	for _, v := range vals {
		if ssaflow.DependsOn(v, roots) {
			return true
		}
	}
	return false
}

// store is a write into the reconciler's memory.
type store struct {
	instr ssa.Instruction
	pos   token.Pos
	vals  []ssa.Value // the stored value, and a map insert's key
	field *types.Var  // the reconciler's field written through
	kind  string      // "assignment", "map insert", "element store"
	lazy  bool        // filled once behind its nil test (lazyFromRequest)
}

// fieldStores returns the stores of fn into a field of the reconciler
// recv: r.f = v, r.f.g = v (value fields), r.m[k] = v, r.s[i] = v.
func fieldStores(fn *ssa.Function, recv ssa.Value) []store {
	var out []store
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch in := instr.(type) {
			case *ssa.Store:
				if f := fieldOf(in.Addr, recv); f != nil {
					out = append(out, store{instr: in, pos: in.Pos(), vals: []ssa.Value{in.Val}, field: f, kind: "assignment"})
					continue
				}
				if ia, ok := in.Addr.(*ssa.IndexAddr); ok {
					if f := loadedField(ia.X, recv); f != nil {
						out = append(out, store{instr: in, pos: in.Pos(), vals: []ssa.Value{in.Val}, field: f, kind: "element store"})
					}
				}
			case *ssa.Call:
				// r.Get(ctx, req.NamespacedName, r.instance): the read
				// fills an object the reconciler holds.
				cc, args, ok := crapi.ClientCallSSA(in.Common())
				if !ok {
					continue
				}
				i, read, ok := crapi.ClientSite{Call: in, ClientCall: cc, Args: args}.ReadInto()
				if !ok {
					continue
				}
				obj := ssaflow.Strip(read)
				f := loadedField(obj, recv)
				if f == nil {
					f = fieldOf(obj, recv)
				}
				if f != nil {
					var keys []ssa.Value
					for j, a := range args {
						if j != i {
							keys = append(keys, a)
						}
					}
					out = append(out, store{instr: in, pos: in.Pos(), vals: keys, field: f, kind: "read (" + string(cc.Method) + ")"})
				}
			case *ssa.MapUpdate:
				if f := loadedField(in.Map, recv); f != nil {
					// The key is request data as much as the value.
					out = append(out, store{instr: in, pos: in.Pos(), vals: []ssa.Value{in.Key, in.Value}, field: f, kind: "map insert"})
				}
			}
		}
	}
	return out
}

// fieldOf returns the reconciler field that addr is the address of (or a
// field of a value field of), nil otherwise.
func fieldOf(addr, recv ssa.Value) *types.Var {
	var top *types.Var
	for i := 0; i < 8; i++ {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		top = ssaflow.Field(fa.X.Type(), fa.Field)
		if isRecv(fa.X, recv) {
			return top
		}
		addr = fa.X
	}
	return nil
}

// isRecv reports whether v is the receiver recv: itself, through a
// closure's free variable, or loaded from the cell SSA makes for a
// receiver that closures capture.
func isRecv(v, recv ssa.Value) bool {
	v = ssaflow.Outer(v)
	if v == recv {
		return true
	}
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		if alloc, ok := ld.X.(*ssa.Alloc); ok {
			if st := ssaflow.StoresOnce(alloc); st != nil {
				return ssaflow.Outer(st.Val) == recv
			}
		}
	}
	return false
}

// loadedField returns the reconciler field whose value v is (a map or a
// slice loaded from it).
func loadedField(v, recv ssa.Value) *types.Var {
	v = ssaflow.Strip(v)
	if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
		return fieldOf(ld.X, recv)
	}
	if f, ok := v.(*ssa.Field); ok && isRecv(f.X, recv) {
		return ssaflow.Field(f.X.Type(), f.Field)
	}
	return nil
}

// locked reports whether a lock of a sync.Mutex, a sync.RWMutex or a
// sync.Locker may be held at instr: a Lock or RLock call of its function
// that may run before it.
func locked(instr ssa.Instruction) bool {
	fn := instr.Parent()
	for c := range ssaflow.Calls(fn) {
		if isLock(c.Common()) && ssaflow.MayPrecede(c, instr) {
			return true
		}
	}
	return false
}

// callersLock reports whether fn is a method called only where its caller
// may hold a lock (one level up): r.mu.Lock(); r.remember(obj).
func callersLock(fn *ssa.Function, callers map[*ssa.Function][]ssa.CallInstruction) bool {
	sites := callers[fn]
	if len(sites) == 0 {
		return false
	}
	for _, site := range sites {
		if !locked(site) {
			return false
		}
	}
	return true
}

func isLock(cc *ssa.CallCommon) bool {
	return knowledge.SyncRoleOf(crapi.Callee(cc)) == knowledge.Locks
}

func report(pass *analysis.Pass, st store, ctl *ctrlmodel.Controller) {
	node := diag.StoreNode(pass, st.pos)
	if call, ok := st.instr.(*ssa.Call); ok {
		if expr := ssaflow.CallExpr(call.Parent(), call); expr != nil {
			node = expr
		}
	}
	concurrent := "reconciles of different objects run concurrently when MaxConcurrentReconciles is above one"
	if n, ok := maxConcurrent(pass, ctl); ok && n > 1 {
		concurrent = fmt.Sprintf("this controller runs %d reconciles at once (MaxConcurrentReconciles)", n)
	}
	if st.lazy {
		diag.Reportf(pass, node, nil,
			"%s of request data into the reconciler's field %s behind its nil test: it is made once, for the first object reconciled, and every later reconcile of another object reuses it; %s, and two of them may fill it at once; make it per request (a local variable), or keep one per object in a map keyed by the object, behind a sync.Mutex",
			st.kind, st.field.Name(), concurrent)
		return
	}
	diag.Reportf(pass, node, nil,
		"%s of request data into the reconciler's field %s without a lock: %s and each request leaves its value for the next one; keep it in a local variable or a value made per request, or guard the field with a sync.Mutex",
		st.kind, st.field.Name(), concurrent)
}

// maxConcurrent returns the MaxConcurrentReconciles given to the
// controller's WithOptions as a constant, when the model sees one.
func maxConcurrent(pass *analysis.Pass, ctl *ctrlmodel.Controller) (int64, bool) {
	for _, ch := range ctl.Chains {
		for _, call := range ch.Find(ctrlmodel.WithOptions) {
			lit, ok := ast.Unparen(call.Arg(0)).(*ast.CompositeLit)
			if !ok {
				continue
			}
			for _, e := range lit.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				key, ok := kv.Key.(*ast.Ident)
				if !ok {
					continue
				}
				f, ok := pass.TypesInfo.Uses[key].(*types.Var)
				if !ok || !f.IsField() || f.Name() != "MaxConcurrentReconciles" || f.Pkg() == nil || f.Pkg().Path() != crapi.ControllerPkg {
					continue
				}
				if tv, ok := pass.TypesInfo.Types[kv.Value]; ok && tv.Value != nil {
					if n, exact := constant.Int64Val(tv.Value); exact {
						return n, true
					}
				}
			}
		}
	}
	return 0, false
}
