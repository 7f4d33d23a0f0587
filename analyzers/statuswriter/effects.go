package statuswriter

import (
	"go/constant"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// class is a set of parts of an object a change may touch.
type class uint8

const (
	// clsStatus: the Status field.
	clsStatus class = 1 << iota
	// clsSpec: a top-level field other than Status and the metadata
	// (Spec, or Data of a ConfigMap).
	clsSpec
	// clsMeta: ObjectMeta (labels, annotations, finalizers, ...).
	clsMeta
	// clsChanged: some part of a value that is not itself an object (a
	// *FooStatus parameter of a helper).
	clsChanged
	// clsUnknown: anything; the object is handed to code this check
	// cannot see into.
	clsUnknown
)

// effect is what the code between two points may do to an object.
// Strong changes certainly happen on some path (a store, a known
// mutator); weak ones might (an unknown function given a pointer).
type effect struct {
	strong, weak class
	// names are the changed fields, for messages ("Status", "Spec",
	// "Finalizers", "metadata").
	names map[string]bool
}

func (e *effect) add(o effect) {
	e.strong |= o.strong
	e.weak |= o.weak
	for n := range o.names {
		e.addName(n)
	}
}

func (e *effect) addName(n string) {
	if n == "" {
		return
	}
	if e.names == nil {
		e.names = map[string]bool{}
	}
	e.names[n] = true
}

func (e *effect) hasNameOf(c class) bool {
	for n := range e.names {
		if classOfName(n)&c != 0 {
			return true
		}
	}
	return false
}

// fieldNames renders the changed fields for a message: ".Spec and
// .Finalizers".
func (e *effect) fieldNames(of class) string {
	var out []string
	for n := range e.names {
		if classOfName(n)&of != 0 {
			if n == "metadata" {
				out = append(out, "metadata")
			} else {
				out = append(out, "."+n)
			}
		}
	}
	sort.Strings(out)
	switch len(out) {
	case 0:
		return "metadata"
	case 1:
		return out[0]
	}
	return strings.Join(out[:len(out)-1], ", ") + " and " + out[len(out)-1]
}

// metaFields names the ObjectMeta fields that changes are reported by.
var metaFields = map[string]bool{
	"metadata": true, "Labels": true, "Annotations": true, "Finalizers": true,
	"OwnerReferences": true, "Name": true, "Namespace": true, "GenerateName": true,
	"ManagedFields": true, "DeletionTimestamp": true, "DeletionGracePeriodSeconds": true,
	"ResourceVersion": true, "UID": true, "Generation": true, "CreationTimestamp": true,
	"SelfLink": true,
}

func classOfName(n string) class {
	switch {
	case n == "Status":
		return clsStatus
	case metaFields[n]:
		return clsMeta
	}
	return clsSpec
}

// ref is where a value points into an object: the whole object, or a
// part of it (class and field name).
type ref struct {
	whole bool
	cls   class
	name  string
	// depth counts the fields below the object's top-level field; the
	// ObjectMeta field is named by the field below it.
	depth int
}

// objectStruct reports whether st is the struct of a Kubernetes object:
// it embeds ObjectMeta. (A Status field alone does not make one: a
// metav1.Condition has a Status too.)
func objectStruct(st *types.Struct) bool {
	for f := range st.Fields() {
		if f.Embedded() && crapi.IsNamed(f.Type(), lifecycle.MetaV1Pkg, "ObjectMeta") {
			return true
		}
	}
	return false
}

// fieldRef classifies the top-level field i of the struct that t (a
// pointer or the struct itself) denotes.
func fieldRef(t types.Type, i int) (ref, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return ref{cls: clsChanged}, true
	}
	if !objectStruct(st) {
		return ref{cls: clsChanged}, true
	}
	f := st.Field(i)
	switch {
	case f.Embedded() && crapi.IsNamed(f.Type(), lifecycle.MetaV1Pkg, "ObjectMeta"):
		return ref{cls: clsMeta, name: "metadata"}, true
	case f.Embedded() && crapi.IsNamed(f.Type(), lifecycle.MetaV1Pkg, "TypeMeta"):
		return ref{}, false // kind and apiVersion: neither writer cares
	case f.Name() == "Status":
		return ref{cls: clsStatus, name: "Status"}, true
	}
	return ref{cls: clsSpec, name: f.Name()}, true
}

// refInto tells whether v points into the memory of the object whose
// identity key is root, and where.
func refInto(id *identity, v, root ssa.Value, depth int) (ref, bool) {
	v = lifecycle.Strip(v)
	if id.key(v) == root {
		return ref{whole: true}, true
	}
	if depth > 12 {
		return ref{}, false
	}
	var x ssa.Value
	field := -1
	switch y := v.(type) {
	case *ssa.FieldAddr:
		x, field = y.X, y.Field
	case *ssa.Field:
		x, field = y.X, y.Field
	case *ssa.IndexAddr:
		x = y.X
	case *ssa.Index:
		x = y.X
	case *ssa.Slice:
		x = y.X
	case *ssa.UnOp:
		if y.Op != token.MUL {
			return ref{}, false
		}
		x = y.X
	case *ssa.Call:
		// obj.GetLabels()["k"] = v changes the object's labels.
		fn := crapi.Callee(y.Common())
		if fn == nil || fn.Signature().Recv() == nil || !metaGetter[fn.Name()] {
			return ref{}, false
		}
		recv := crapi.Receiver(y.Common())
		if recv == nil {
			return ref{}, false
		}
		r, ok := refInto(id, recv, root, depth+1)
		if !ok {
			return ref{}, false
		}
		if r.whole || (r.cls == clsMeta && r.depth == 0) {
			return ref{cls: clsMeta, name: strings.TrimPrefix(fn.Name(), "Get"), depth: 1}, true
		}
		return r, true
	default:
		return ref{}, false
	}
	r, ok := refInto(id, x, root, depth+1)
	if !ok {
		return ref{}, false
	}
	if r.whole {
		if field < 0 {
			return r, true // *obj, or an element of an object slice
		}
		return fieldRef(x.Type(), field)
	}
	if field >= 0 && r.cls == clsMeta && r.depth == 0 {
		// &obj.ObjectMeta.Labels: name the metadata field.
		if st, ok := structOf(x.Type()); ok && field < st.NumFields() {
			r.name = st.Field(field).Name()
		}
	}
	r.depth++
	return r, true
}

func structOf(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// metaGetter names the ObjectMeta getters that return the object's own
// maps and slices.
var metaGetter = map[string]bool{
	"GetLabels": true, "GetAnnotations": true, "GetFinalizers": true,
	"GetOwnerReferences": true, "GetManagedFields": true,
}

// mayAlias reports whether a callee given a value of type t can change
// the memory it came from.
func mayAlias(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return t.Underlying().(*types.Basic).Kind() == types.UnsafePointer
	}
	return false
}

// change turns a ref changed by code into an effect.
func change(r ref, strong bool, name string) effect {
	var e effect
	c := r.cls
	if r.whole {
		c = clsUnknown
	}
	if name == "" {
		name = r.name
	}
	if strong && c != clsUnknown {
		e.strong = c
		e.addName(name)
	} else {
		e.weak = c
	}
	return e
}

// engine answers, for one package, what code does to objects.
type engine struct {
	pass   *analysis.Pass
	marked map[*types.TypeName]bool
	funcs  map[*types.Func]*ssa.Function
	ids    map[*ssa.Function]*identity
	// callers of each function of the package, by static calls.
	callers map[*ssa.Function][]ssa.CallInstruction
	// closures maps a function literal to the closure made of it.
	closures map[*ssa.Function][]*ssa.MakeClosure
	sums     map[sumKey]*effect
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
		sums:     map[sumKey]*effect{},
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
func (e *engine) history(fn *ssa.Function, from ssa.Instruction, obj ssa.Value, stops map[ssa.Instruction]bool, depth int) effect {
	id := e.identity(fn)
	root := id.key(obj)
	var out effect
	type pos struct {
		b *ssa.BasicBlock
		i int // scan the instructions before index i
		// noop is a mutator call of b known, on this path, to have
		// changed nothing (the false branch of its "changed" result).
		noop ssa.Instruction
	}
	type visit struct {
		b    *ssa.BasicBlock
		noop ssa.Instruction
	}
	scanned := map[visit]bool{}
	stack := []pos{{b: from.Block(), i: indexIn(from)}}
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
			eff, stop := e.instrEffect(fn, id, instr, root)
			out.add(eff)
			stopped = stop
		}
		if stopped {
			continue
		}
		if len(p.b.Preds) == 0 {
			entry = true
		}
		for _, pred := range p.b.Preds {
			v := visit{b: pred, noop: unchangedOnEdge(pred, p.b)}
			if !scanned[v] {
				scanned[v] = true
				stack = append(stack, pos{b: pred, i: len(pred.Instrs), noop: v.noop})
			}
		}
	}
	if entry {
		out.add(e.before(fn, id, root, depth))
	}
	return out
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
	if !crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "AddFinalizer", "RemoveFinalizer") &&
		!crapi.IsFuncIn(fn, "k8s.io/apimachinery/pkg/api/meta", "SetStatusCondition", "RemoveStatusCondition") {
		return nil
	}
	if (pred.Succs[0] == succ) == changedOnTrue {
		return nil // the branch where it did change
	}
	return call
}

// before returns what may have happened to the object root, known at the
// entry of fn, before fn was called.
func (e *engine) before(fn *ssa.Function, id *identity, root ssa.Value, depth int) effect {
	unknown := effect{weak: clsUnknown}
	switch r := root.(type) {
	case *ssa.Parameter:
		if depth >= maxCallerDepth {
			return effect{}
		}
		idx := -1
		for i, p := range fn.Params {
			if p == r {
				idx = i
			}
		}
		var out effect
		for _, call := range e.callers[fn] {
			if _, ok := call.(*ssa.Call); !ok {
				return unknown // go or defer: runs at another time
			}
			args := call.Common().Args
			if idx < 0 || idx >= len(args) || call.Parent() == nil {
				return unknown
			}
			out.add(e.history(call.Parent(), call, args[idx], nil, depth+1))
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
	if _, ok := base(root).(*ssa.Parameter); ok {
		return effect{} // an element of a parameter's list: as above
	}
	if _, ok := base(root).(*ssa.FreeVar); ok {
		return effect{}
	}
	return unknown
}

// beforeClosure follows a variable captured by the closure fn back into
// the enclosing function, to the call that runs the closure.
func (e *engine) beforeClosure(fn *ssa.Function, fv *ssa.FreeVar, depth int) effect {
	unknown := effect{weak: clsUnknown}
	mcs := e.closures[fn]
	if len(mcs) != 1 || depth >= maxCallerDepth {
		return unknown
	}
	mc := mcs[0]
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	if idx < 0 || idx >= len(mc.Bindings) {
		return unknown
	}
	refs := mc.Referrers()
	if refs == nil || len(*refs) != 1 {
		return unknown
	}
	// The closure runs during this call (called, or given to a function
	// such as retry.RetryOnConflict that calls it).
	call, ok := (*refs)[0].(*ssa.Call)
	if !ok {
		return unknown
	}
	alloc, ok := mc.Bindings[idx].(*ssa.Alloc)
	if !ok {
		return unknown
	}
	st := lifecycle.StoresOnce(alloc)
	if st == nil {
		return unknown
	}
	return e.history(mc.Parent(), call, st.Val, nil, depth+1)
}

func indexIn(instr ssa.Instruction) int {
	for i, in := range instr.Block().Instrs {
		if in == instr {
			return i
		}
	}
	return 0
}

// instrEffect tells what instr does to the object root of fn, and whether
// it is a point before which nothing matters (the object is read, written
// or made there).
func (e *engine) instrEffect(fn *ssa.Function, id *identity, instr ssa.Instruction, root ssa.Value) (effect, bool) {
	if v, ok := instr.(ssa.Value); ok && lifecycle.Strip(v) == v && id.key(v) == root {
		switch v.(type) {
		case *ssa.Phi:
			// One of several objects: what happened to each is not
			// followed.
			return effect{weak: clsUnknown}, true
		case *ssa.Alloc, *ssa.Call, *ssa.Extract:
			return effect{}, true // made here
		}
	}
	switch x := instr.(type) {
	case *ssa.Store:
		if r, ok := refInto(id, x.Addr, root, 0); ok {
			if r.whole {
				return effect{}, true // replaced as a whole: a new object from here
			}
			return change(r, true, ""), false
		}
		if escapes(id, x.Addr, x.Val, root) {
			// Stored where other code may change it later (a struct
			// handed to a handler): what that code does is not seen.
			return effect{weak: clsUnknown}, false
		}
	case *ssa.MapUpdate:
		if r, ok := refInto(id, x.Map, root, 0); ok {
			return change(r, true, ""), false
		}
		if escapes(id, nil, x.Value, root) {
			return effect{weak: clsUnknown}, false
		}
	case *ssa.Call:
		return e.callEffect(fn, id, x.Common(), root)
	case *ssa.Go:
		return e.callEffect(fn, id, x.Common(), root)
	}
	return effect{}, false
}

// operand is an argument (or the receiver, index -1) of a call.
type operand struct {
	v   ssa.Value
	idx int
}

// callEffect tells what a call does to root.
func (e *engine) callEffect(fn *ssa.Function, id *identity, cc *ssa.CallCommon, root ssa.Value) (effect, bool) {
	if b, ok := cc.Value.(*ssa.Builtin); ok {
		switch b.Name() {
		case "delete", "clear", "copy":
			if len(cc.Args) > 0 {
				if r, ok := refInto(id, cc.Args[0], root, 0); ok {
					return change(r, true, ""), false
				}
			}
		}
		return effect{}, false
	}
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		var target ssa.Value
		switch {
		case c.Method == crapi.Get && len(args) >= 3:
			target = args[2]
		case c.Method == crapi.List && len(args) >= 2:
			target = args[1]
		case c.IsWrite() && len(args) >= 2:
			target = args[1]
		}
		if target != nil && (id.key(target) == root || id.key(target) == id.key(base(root))) {
			return effect{}, true // read or written here
		}
		return effect{}, false
	}
	callee := crapi.Callee(cc)
	if callee == nil {
		callee = aliasedFunc(cc)
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
			return eff, false
		}
	}
	var out effect
	for _, op := range ops {
		if mc, ok := lifecycle.Strip(op.v).(*ssa.MakeClosure); ok {
			// A function literal handed to the callee, which may call it.
			if eff, ok := e.closureEffect(id, mc, root); ok {
				out.add(eff)
			}
			continue
		}
		r, ok := refInto(id, op.v, root, 0)
		if !ok {
			if !variadicHolds(id, op.v, root) {
				continue
			}
			// The object among the ...any arguments of a call.
			if callee != nil {
				if k, ok := known(callee, op.idx, ref{whole: true}); ok && !k.stop && k.eff.strong == 0 && k.eff.weak == 0 {
					continue // logging and the like
				}
			}
			out.add(effect{weak: clsUnknown})
			continue
		}
		if !mayAlias(lifecycle.Strip(op.v).Type()) {
			continue
		}
		eff, stop := e.operandEffect(cc, callee, op, r)
		if stop {
			return eff, true
		}
		out.add(eff)
	}
	return out, false
}

// escapes reports whether storing val at addr puts a pointer into the
// object root somewhere other code may reach: not the argument array of a
// variadic call, which the call's analysis covers.
func escapes(id *identity, addr, val, root ssa.Value) bool {
	if !mayAlias(lifecycle.Strip(val).Type()) {
		return false
	}
	if _, ok := refInto(id, val, root, 0); !ok {
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
		if _, ok := refInto(id, st.Val, root, 0); ok && mayAlias(lifecycle.Strip(st.Val).Type()) {
			return true
		}
	}
	return false
}

// closureEffect summarises what the closure mc does to root through the
// variables it captures.
func (e *engine) closureEffect(id *identity, mc *ssa.MakeClosure, root ssa.Value) (effect, bool) {
	f, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return effect{}, false
	}
	var out effect
	found := false
	for i, b := range mc.Bindings {
		if i >= len(f.FreeVars) {
			break
		}
		v := b
		if alloc, ok := b.(*ssa.Alloc); ok {
			// A captured variable: the closure loads the object from it.
			st := lifecycle.StoresOnce(alloc)
			if st == nil {
				continue
			}
			v = st.Val
		}
		r, ok := refInto(id, v, root, 0)
		if !ok {
			continue
		}
		found = true
		out.add(apply(r, e.summary(f, f.FreeVars[i])))
	}
	return out, found
}

// apply maps what a callee does to its parameter onto the caller's ref.
func apply(r ref, sum effect) effect {
	if r.whole {
		out := effect{strong: sum.strong &^ clsChanged, weak: sum.weak}
		if sum.strong&clsChanged != 0 {
			out.weak |= clsUnknown
		}
		for n := range sum.names {
			out.addName(n)
		}
		// A fact carries classes only: name them generically.
		for c, n := range map[class]string{clsStatus: "Status", clsSpec: "Spec", clsMeta: "metadata"} {
			if out.strong&c != 0 && !out.hasNameOf(c) {
				out.addName(n)
			}
		}
		return out
	}
	var out effect
	if sum.strong != 0 {
		out.add(change(r, true, ""))
	}
	if sum.weak != 0 {
		out.add(change(r, false, ""))
	}
	return out
}

// operandEffect tells what the callee does to the part r of root that it
// is given as operand op.
func (e *engine) operandEffect(cc *ssa.CallCommon, callee *types.Func, op operand, r ref) (effect, bool) {
	if callee == nil {
		return change(r, false, ""), false // a function value: anything
	}
	if k, ok := known(callee, op.idx, r); ok {
		return k.eff, k.stop
	}
	if cc.IsInvoke() {
		return change(r, false, ""), false // any implementation
	}
	param := op.idx
	if callee.Signature().Recv() != nil {
		param++
	}
	if f := e.funcs[callee]; f != nil {
		if param < 0 || param >= len(f.Params) {
			return change(r, false, ""), false
		}
		return apply(r, e.summary(f, f.Params[param])), false
	}
	fact := new(Effects)
	if e.pass.ImportObjectFact(callee, fact) {
		if param >= 0 && param < len(fact.Params) {
			p := fact.Params[param]
			return apply(r, effect{strong: class(p.Strong), weak: class(p.Weak)}), false
		}
	}
	return change(r, false, ""), false
}

// summary returns what fn may do to its parameter (or captured
// variable) p, on any path: the helpers of the user's code seen through.
func (e *engine) summary(fn *ssa.Function, p ssa.Value) effect {
	key := sumKey{fn: fn, param: -1}
	for i, q := range fn.Params {
		if q == p {
			key.param = i
		}
	}
	for i, q := range fn.FreeVars {
		if q == p {
			key.param = 1000 + i
		}
	}
	if s, ok := e.sums[key]; ok {
		if s == nil {
			return effect{weak: clsUnknown} // recursion
		}
		return *s
	}
	e.sums[key] = nil
	id := e.identity(fn)
	root := id.key(p)
	if fv, ok := p.(*ssa.FreeVar); ok {
		// A captured variable: the object is what the closure loads
		// from it.
		root = nil
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if ld, ok := instr.(*ssa.UnOp); ok && ld.Op == token.MUL && ld.X == fv && root == nil {
					root = id.key(ld)
				}
			}
		}
	}
	var out effect
	if root != nil {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var eff effect
				var stop bool
				if d, ok := instr.(*ssa.Defer); ok {
					eff, stop = e.callEffect(fn, id, d.Common(), root)
				} else {
					eff, stop = e.instrEffect(fn, id, instr, root)
				}
				if stop {
					// Fetched, written or replaced in the helper: the
					// caller's history cannot be combined with it.
					eff.weak |= clsUnknown
				}
				out.add(eff)
			}
		}
	}
	e.sums[key] = &out
	return out
}

// knownEffect is the effect of a library function on one operand.
type knownEffect struct {
	eff  effect
	stop bool
}

var (
	readOnly = knownEffect{}
	stopHere = knownEffect{stop: true}
)

// known tells what a library function does to its operand idx (-1: the
// receiver), if this check knows.
func known(fn *types.Func, idx int, r ref) (knownEffect, bool) {
	name := fn.Name()
	pkg := ""
	if fn.Pkg() != nil {
		pkg = fn.Pkg().Path()
	}
	isMethod := fn.Signature().Recv() != nil
	if knowledge.ReadsOnly(fn) {
		return readOnly, true
	}
	metaChange := func(field string) knownEffect {
		if r.whole || (r.cls == clsMeta && r.depth == 0) {
			r = ref{cls: clsMeta, name: field}
		}
		return knownEffect{eff: change(r, true, "")}
	}
	switch pkg {
	case crapi.ControllerutilPkg:
		switch name {
		case "AddFinalizer", "RemoveFinalizer":
			if idx == 0 {
				return metaChange("Finalizers"), true
			}
		case "SetControllerReference", "SetOwnerReference", "RemoveOwnerReference", "RemoveControllerReference":
			if idx == 1 {
				return metaChange("OwnerReferences"), true
			}
			return readOnly, true
		case "CreateOrUpdate", "CreateOrPatch":
			if idx == 2 {
				return stopHere, true // fetched and written there
			}
		}
	case crapi.ClientPkg:
		switch name {
		case "MergeFrom", "MergeFromWithOptions", "StrategicMergeFrom":
			return readOnly, true
		}
	case "k8s.io/apimachinery/pkg/api/meta":
		switch name {
		case "SetStatusCondition", "RemoveStatusCondition":
			if idx == 0 {
				return knownEffect{eff: change(r, true, "")}, true
			}
		}
	case lifecycle.MetaV1Pkg:
		switch {
		case isMethod && strings.HasPrefix(name, "Set"):
			return metaChange(strings.TrimPrefix(name, "Set")), true
		case name == "SetMetaDataAnnotation":
			return metaChange("Annotations"), true
		case name == "SetMetaDataLabel":
			return metaChange("Labels"), true
		}
		return readOnly, true // getters, IsControlledBy, GetControllerOf...
	case "k8s.io/apimachinery/pkg/runtime":
		switch name {
		case "ObjectKinds", "Recognizes", "IsVersionRegistered", "DeepCopyObject", "GetObjectKind":
			return readOnly, true
		}
	case "encoding/json", "sigs.k8s.io/yaml":
		if strings.HasPrefix(name, "Marshal") {
			return readOnly, true
		}
	case "reflect":
		if name == "DeepEqual" {
			return readOnly, true
		}
	}
	if isMethod {
		switch name {
		case "DeepCopy", "DeepCopyObject", "GetObjectKind", "String", "DeepEqual", "DeepDerivative", "Equal":
			return readOnly, true
		case "DeepCopyInto":
			if idx == -1 {
				return readOnly, true
			}
			if r.whole {
				return stopHere, true // overwritten as a whole
			}
			return knownEffect{eff: change(r, true, "")}, true
		}
		if idx == -1 && fn.Pkg() != nil && !isUserPkg(fn.Pkg()) &&
			(strings.HasPrefix(name, "Get") || strings.HasPrefix(name, "Is") || strings.HasPrefix(name, "Has")) {
			return readOnly, true // a getter of a library type
		}
	}
	return knownEffect{}, false
}

// isUserPkg is a cheap guess at whether a package belongs to the user's
// code rather than to a library; only used to trust library getters.
func isUserPkg(p *types.Package) bool {
	path := p.Path()
	return !strings.HasPrefix(path, "k8s.io/") && !strings.HasPrefix(path, "sigs.k8s.io/")
}

// aliasedFunc recognises a call through one of controller-runtime's
// package-level function variables (ctrl.SetControllerReference) and
// returns the function it holds.
func aliasedFunc(cc *ssa.CallCommon) *types.Func {
	ld, ok := cc.Value.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return nil
	}
	g, ok := ld.X.(*ssa.Global)
	if !ok || g.Pkg == nil || g.Pkg.Pkg.Path() != crapi.CtrlPkg {
		return nil
	}
	switch g.Name() {
	case "SetControllerReference", "CreateOrUpdate", "CreateOrPatch":
		if p := findImported(g.Pkg.Pkg, crapi.ControllerutilPkg); p != nil {
			if f, ok := p.Scope().Lookup(g.Name()).(*types.Func); ok {
				return f
			}
		}
	}
	return nil
}

func findImported(p *types.Package, path string) *types.Package {
	for _, imp := range p.Imports() {
		if imp.Path() == path {
			return imp
		}
	}
	return nil
}

// constString returns the value of a string constant.
func constString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}
