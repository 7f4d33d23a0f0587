package deletionfilter

// This file decides whether a predicate certainly drops the update event
// that sets an object's deletion timestamp. That update changes the
// object's metadata only: deletionTimestamp, deletionGracePeriodSeconds,
// generation (bumped when the timestamp is first set), resourceVersion
// and managedFields, and, for a foreground or orphan deletion, its
// finalizers. Its spec, status, labels and annotations are those of the
// old object. A predicate's Update function is evaluated under that
// assumption: a comparison of the same unchanged part of the old and the
// new object is known equal, anything else is unknown, and the function
// drops the update when every return it can reach returns false.

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxDepth bounds the recursive walks (predicate compositions, helpers
// returning predicates, helpers called by an Update function).
const maxDepth = 8

// dropsDeletion reports whether p certainly drops the update that sets
// the deletion timestamp, with the parts of the object whose change it
// passes (for the message).
func dropsDeletion(prog *ssa.Program, p *ctrlmodel.Predicate, depth int) ([]string, bool) {
	if p == nil || depth > maxDepth {
		return nil, false
	}
	switch p.Kind {
	case ctrlmodel.PredicateLabelChanged:
		return []string{"labels"}, true
	case ctrlmodel.PredicateAnnotationChanged:
		return []string{"annotations"}, true
	case ctrlmodel.PredicateAnd:
		for _, o := range p.Operands {
			if what, ok := dropsDeletion(prog, o, depth+1); ok {
				return what, true
			}
		}
		return nil, false
	case ctrlmodel.PredicateOr:
		if len(p.Operands) == 0 {
			return nil, false
		}
		var all []string
		for _, o := range p.Operands {
			what, ok := dropsDeletion(prog, o, depth+1)
			if !ok {
				return nil, false
			}
			all = union(all, what)
		}
		return all, true
	case ctrlmodel.PredicateOther:
		return updateDrops(prog, p.Value, depth)
	}
	// A generation predicate passes it (the API server bumps the
	// generation when it sets the deletion timestamp), a resourceVersion
	// one too; Not is left alone.
	return nil, false
}

// updateDrops judges the Update function of a predicate value v: the
// UpdateFunc of a predicate.Funcs, the Update method of a predicate type
// of the package, or those of what a helper of the package returns.
func updateDrops(prog *ssa.Program, v ssa.Value, depth int) ([]string, bool) {
	if depth > maxDepth {
		return nil, false
	}
	switch x := unwrapIface(v).(type) {
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
			return nil, false
		}
		var all []string
		n := 0
		for ret := range ssaflow.Returns(fn) {
			what, ok := updateDrops(prog, ret.Results[0], depth+1)
			if !ok {
				return nil, false
			}
			all, n = union(all, what), n+1
		}
		return all, n > 0
	case *ssa.MakeInterface:
		return madeDrops(prog, x)
	}
	return nil, false
}

// madeDrops judges the predicate mi makes from a concrete value.
func madeDrops(prog *ssa.Program, mi *ssa.MakeInterface) ([]string, bool) {
	t := mi.X.Type()
	if isFuncs(t) {
		fns, ok := updateFuncs(mi.X, 0)
		if !ok || len(fns) == 0 {
			// Unknown, or no UpdateFunc: Funcs passes every update.
			return nil, false
		}
		var all []string
		for _, f := range fns {
			what, ok := judge(f, 0)
			if !ok {
				return nil, false
			}
			all = union(all, what)
		}
		return all, true
	}
	// A predicate type of the module: its own Update method, not one
	// promoted from an embedded predicate.Funcs.
	sel := types.NewMethodSet(t).Lookup(nil, "Update")
	if sel == nil || prog == nil {
		return nil, false
	}
	m, ok := sel.Obj().(*types.Func)
	if !ok || len(sel.Index()) != 1 || m.Pkg() == nil || m.Pkg().Path() == crapi.PredicatePkg {
		return nil, false
	}
	fn := prog.FuncValue(m)
	if fn == nil || len(fn.Blocks) == 0 || len(fn.Params) != 2 {
		return nil, false // another package's: no body to read
	}
	return judge(fn, 1)
}

// isFuncs reports whether t is predicate.Funcs or TypedFuncs.
func isFuncs(t types.Type) bool {
	return crapi.IsNamed(t, crapi.PredicatePkg, "TypedFuncs") || crapi.IsNamed(t, crapi.PredicatePkg, "Funcs")
}

func unwrapIface(v ssa.Value) ssa.Value {
	for range maxDepth {
		ci, ok := v.(*ssa.ChangeInterface)
		if !ok {
			return v
		}
		v = ci.X
	}
	return v
}

// updateFuncs returns the functions a predicate.Funcs value v may hold in
// its UpdateFunc field: stored in the local struct it is loaded from, or
// returned by a helper of the package that builds it. An empty list with
// true: no UpdateFunc (every update passes). False when the value cannot
// be followed, or a function is not a function or closure of the package.
func updateFuncs(v ssa.Value, depth int) ([]*ssa.Function, bool) {
	if depth > maxDepth {
		return nil, false
	}
	switch x := v.(type) {
	case *ssa.UnOp:
		alloc, ok := x.X.(*ssa.Alloc)
		if x.Op != token.MUL || !ok {
			return nil, false
		}
		var out []*ssa.Function
		for _, ref := range *alloc.Referrers() {
			switch r := ref.(type) {
			case *ssa.UnOp, *ssa.DebugRef:
			case *ssa.FieldAddr:
				if ssaflow.FieldName(r.X.Type(), r.Field) != "UpdateFunc" {
					continue
				}
				for _, use := range *r.Referrers() {
					st, ok := use.(*ssa.Store)
					if !ok || st.Addr != r {
						return nil, false
					}
					fn := funcOf(st.Val)
					if fn == nil {
						return nil, false
					}
					out = append(out, fn)
				}
			default:
				return nil, false // the struct escapes: another store may set it
			}
		}
		return out, true
	case *ssa.Const:
		return nil, x.IsNil() || x.Value == nil
	case *ssa.Phi:
		var out []*ssa.Function
		for _, e := range x.Edges {
			fns, ok := updateFuncs(e, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, fns...)
		}
		return out, true
	case *ssa.Call:
		fn := x.Call.StaticCallee()
		if fn == nil || len(fn.Blocks) == 0 || fn.Signature.Results().Len() != 1 {
			return nil, false
		}
		var out []*ssa.Function
		for ret := range ssaflow.Returns(fn) {
			fns, ok := updateFuncs(ret.Results[0], depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, fns...)
		}
		return out, true
	}
	return nil, false
}

// funcOf returns the function a func value is: a function of the package
// or a closure. A value the model cannot follow (a parameter, a field, a
// function of another package) is nil.
func funcOf(v ssa.Value) *ssa.Function {
	for range maxDepth {
		ct, ok := v.(*ssa.ChangeType)
		if !ok {
			break
		}
		v = ct.X
	}
	var fn *ssa.Function
	switch x := v.(type) {
	case *ssa.Function:
		fn = x
	case *ssa.MakeClosure:
		fn, _ = x.Fn.(*ssa.Function)
	}
	if fn == nil || len(fn.Blocks) == 0 || len(fn.Params) != 1 {
		return nil
	}
	return fn
}

// tri is a boolean the evaluation knows, or not.
type tri int

const (
	unknown tri = iota
	isTrue
	isFalse
)

func (t tri) not() tri {
	switch t {
	case isTrue:
		return isFalse
	case isFalse:
		return isTrue
	}
	return unknown
}

// frame is one evaluation of a function: the Update function itself
// (event is its event parameter), or a helper it calls (args are the
// caller's values of its parameters, in parent).
type frame struct {
	fn     *ssa.Function
	event  *ssa.Parameter
	args   []ssa.Value
	parent *frame
	depth  int

	live  map[*ssa.BasicBlock]bool
	edges map[[2]*ssa.BasicBlock]bool
	memo  map[ssa.Value]tri
	// compared are the unchanged parts seen compared, shared by the
	// frames of one judgement.
	compared *[]string
}

// judge evaluates fn, an Update function whose event is parameter ev,
// and reports whether every return it reaches returns false, having
// compared some unchanged part of the old and new objects.
func judge(fn *ssa.Function, ev int) ([]string, bool) {
	var compared []string
	f := &frame{fn: fn, event: fn.Params[ev], compared: &compared}
	if f.result() != isFalse || len(compared) == 0 {
		return nil, false
	}
	return compared, true
}

// result is the value every return of f reaches returns, or unknown.
func (f *frame) result() tri {
	if len(f.fn.Blocks) == 0 || f.fn.Signature.Results().Len() != 1 {
		return unknown
	}
	f.reach()
	out, first := unknown, true
	for ret := range ssaflow.Returns(f.fn) {
		if !f.live[ret.Block()] {
			continue
		}
		v := f.eval(ret.Results[0])
		if first {
			out, first = v, false
		} else if v != out {
			return unknown
		}
	}
	return out
}

// reach computes the blocks and edges f can take, following an If whose
// condition is known only to its side. With a loop (an edge back to an
// earlier block) nothing is pruned.
func (f *frame) reach() {
	f.live = map[*ssa.BasicBlock]bool{}
	f.edges = map[[2]*ssa.BasicBlock]bool{}
	f.memo = map[ssa.Value]tri{}
	loop := false
	for _, b := range f.fn.Blocks {
		for _, s := range b.Succs {
			if s.Index <= b.Index {
				loop = true
			}
		}
	}
	for _, b := range f.fn.Blocks {
		if b.Index != 0 && !loop {
			in := false
			for _, p := range b.Preds {
				in = in || f.edges[[2]*ssa.BasicBlock{p, b}]
			}
			if !in {
				continue
			}
		}
		f.live[b] = true
		succs := b.Succs
		if ifi, ok := ssaflow.Last(b).(*ssa.If); ok && !loop && len(succs) == 2 {
			switch f.eval(ifi.Cond) {
			case isTrue:
				succs = succs[:1]
			case isFalse:
				succs = succs[1:]
			}
		}
		for _, s := range succs {
			f.edges[[2]*ssa.BasicBlock{b, s}] = true
		}
	}
}

// eval is what the boolean v evaluates to in the deletion update.
func (f *frame) eval(v ssa.Value) tri {
	if t, ok := f.memo[v]; ok {
		return t
	}
	f.memo[v] = unknown // a cycle through phis stays unknown
	t := f.evalNew(v)
	f.memo[v] = t
	return t
}

func (f *frame) evalNew(v ssa.Value) tri {
	switch x := v.(type) {
	case *ssa.Const:
		if x.Value != nil && x.Value.Kind() == constant.Bool {
			if constant.BoolVal(x.Value) {
				return isTrue
			}
			return isFalse
		}
	case *ssa.UnOp:
		if x.Op == token.NOT {
			return f.eval(x.X).not()
		}
	case *ssa.BinOp:
		switch x.Op {
		case token.EQL, token.NEQ:
			var t tri
			if f.equal(x.X, f, x.Y, f, 0) {
				t = isTrue
			} else {
				a, b := f.eval(x.X), f.eval(x.Y)
				if a == unknown || b == unknown {
					return unknown
				}
				t = isFalse
				if a == b {
					t = isTrue
				}
			}
			if x.Op == token.NEQ {
				t = t.not()
			}
			return t
		}
	case *ssa.Phi:
		out, first := unknown, true
		for i, e := range x.Edges {
			if !f.edges[[2]*ssa.BasicBlock{x.Block().Preds[i], x.Block()}] {
				continue
			}
			t := f.eval(e)
			if first {
				out, first = t, false
			} else if t != out {
				return unknown
			}
		}
		return out
	case *ssa.Call:
		return f.call(x)
	case *ssa.Parameter:
		if a, p := f.bound(x); a != nil {
			return p.eval(a)
		}
	}
	return unknown
}

// call evaluates a comparison function of old and new parts, or a
// helper of the package.
func (f *frame) call(call *ssa.Call) tri {
	cc := call.Common()
	fn := crapi.Callee(cc)
	if fn == nil {
		return unknown
	}
	if knowledge.Equal(fn) {
		args := crapi.CallArgs(cc)
		if len(args) >= 2 && f.equal(args[0], f, args[1], f, 0) {
			return isTrue
		}
		return unknown
	}
	callee := cc.StaticCallee()
	if cc.IsInvoke() || callee == nil || len(callee.Blocks) == 0 || f.depth >= maxDepth || len(callee.FreeVars) > 0 {
		return unknown
	}
	g := &frame{fn: callee, args: cc.Args, parent: f, depth: f.depth + 1, compared: f.compared}
	return g.result()
}

// isEvent reports whether v is the Update function's event, here or
// handed to this helper.
func (f *frame) isEvent(v ssa.Value) bool {
	for g := f; g != nil; {
		if a, ok := v.(*ssa.Alloc); ok {
			// A local the parameter is copied into, once.
			if p := storedParam(a); p != nil {
				v = p
			}
		}
		if v == g.event && g.event != nil {
			return true
		}
		p, ok := v.(*ssa.Parameter)
		if !ok {
			return false
		}
		v, g = g.bound(p)
	}
	return false
}

// storedParam returns the parameter a local holds, when that is its
// only store and it is otherwise only read; nil otherwise.
func storedParam(a *ssa.Alloc) *ssa.Parameter {
	var p *ssa.Parameter
	for _, ref := range *a.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			q, ok := r.Val.(*ssa.Parameter)
			if !ok || r.Addr != a || p != nil {
				return nil
			}
			p = q
		case *ssa.FieldAddr, *ssa.UnOp, *ssa.DebugRef:
		default:
			return nil
		}
	}
	return p
}

// bound returns the caller's value of parameter p of a helper frame, with
// the caller's frame.
func (f *frame) bound(p *ssa.Parameter) (ssa.Value, *frame) {
	if f.parent == nil {
		return nil, nil
	}
	i := ssaflow.ParamIndex(f.fn, p)
	if i < 0 || i >= len(f.args) {
		return nil, nil
	}
	return f.args[i], f.parent
}

// equal reports whether a (in frame fa) and b (in fb) are certainly equal
// in the deletion update: the same unchanged part of the old and the new
// object, or results of one function of such parts (a hash of the spec).
func (f *frame) equal(a ssa.Value, fa *frame, b ssa.Value, fb *frame, depth int) bool {
	if depth > maxDepth {
		return false
	}
	sa, pa, okA := fa.part(a)
	sb, pb, okB := fb.part(b)
	if okA && okB {
		if sa != sb && sa != 0 && sb != 0 && slices.Equal(pa, pb) && unchanged(pa) {
			*f.compared = union(*f.compared, []string{partName(pa)})
			return true
		}
		return false
	}
	// f(old part) == f(new part), also through a result of a tuple.
	ia, ib := 0, 0
	if e, ok := a.(*ssa.Extract); ok {
		a, ia = e.Tuple, e.Index
	}
	if e, ok := b.(*ssa.Extract); ok {
		b, ib = e.Tuple, e.Index
	}
	ca, ok1 := a.(*ssa.Call)
	cb, ok2 := b.(*ssa.Call)
	if !ok1 || !ok2 || ia != ib || ca.Common().IsInvoke() || cb.Common().IsInvoke() {
		return false
	}
	fna, fnb := ca.Common().StaticCallee(), cb.Common().StaticCallee()
	if fna == nil || fna != fnb || len(ca.Call.Args) != len(cb.Call.Args) {
		return false
	}
	paired := false
	for i := range ca.Call.Args {
		x, y := ca.Call.Args[i], cb.Call.Args[i]
		switch {
		case fa == fb && x == y:
		case f.equal(x, fa, y, fb, depth+1):
			paired = true
		default:
			return false
		}
	}
	return paired
}

// Sides of an update event's objects.
const (
	noSide  = 0
	oldSide = 1
	newSide = 2
)

// part returns which object of the event v is, or is a part of, and the
// path of fields (and metadata getters) from the object to it: ObjectOld
// .(*T).Spec is (oldSide, [Spec]); e.ObjectNew.GetLabels() is (newSide,
// [ObjectMeta Labels]).
func (f *frame) part(v ssa.Value) (int, []string, bool) {
	var path []string // reversed
	// outer is the struct of the outermost field met: at the object, it
	// must be an object's (one that embeds ObjectMeta), so that a part of
	// an unstructured object's map is never taken for its spec.
	var outer *types.Struct
	root := func(side int) (int, []string, bool) {
		if len(path) > 0 && outer != nil && !objects.ObjectStruct(outer) {
			return 0, nil, false
		}
		return side, reverse(path), true
	}
	field := func(t types.Type, i int) bool {
		st, ok := ssaflow.Deref(t).Underlying().(*types.Struct)
		if !ok || i >= st.NumFields() {
			return false
		}
		path, outer = append(path, st.Field(i).Name()), st
		return true
	}
	for range 4 * maxDepth {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.TypeAssert:
			v = x.X
		case *ssa.Extract:
			ta, ok := x.Tuple.(*ssa.TypeAssert)
			if !ok || x.Index != 0 {
				return 0, nil, false
			}
			v = ta.X
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return 0, nil, false
			}
			v = x.X
		case *ssa.FieldAddr, *ssa.Field:
			// A field of a value or of an address (the event held in
			// a local, its address taken for e.ObjectOld).
			of, i := fieldOf(x)
			if f.isEvent(of) {
				switch ssaflow.FieldName(of.Type(), i) {
				case "ObjectOld":
					return root(oldSide)
				case "ObjectNew":
					return root(newSide)
				}
				return 0, nil, false
			}
			if !field(of.Type(), i) {
				return 0, nil, false
			}
			v = of
		case *ssa.Call:
			name, recv, ok := metaGetter(x.Common())
			if !ok {
				return 0, nil, false
			}
			path, outer = append(path, name, "ObjectMeta"), nil
			v = recv
		case *ssa.Parameter:
			a, p := f.bound(x)
			if a == nil {
				return 0, nil, false
			}
			side, rest, ok := p.part(a)
			if !ok || (len(rest) == 0 && len(path) > 0 && outer != nil && !objects.ObjectStruct(outer)) {
				return 0, nil, false
			}
			return side, append(rest, reverse(path)...), true
		default:
			return 0, nil, false
		}
	}
	return 0, nil, false
}

// metaGetter recognises a metadata getter of the object (metav1.Object's
// GetLabels, GetAnnotations, ...; ObjectMeta's, promoted) and returns the
// ObjectMeta field it reads and the receiver.
func metaGetter(cc *ssa.CallCommon) (string, ssa.Value, bool) {
	fn := crapi.Callee(cc)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != crapi.MetaV1Pkg || fn.Signature().Recv() == nil {
		return "", nil, false
	}
	name, ok := strings.CutPrefix(fn.Name(), "Get")
	if !ok || fn.Signature().Params().Len() != 0 {
		return "", nil, false
	}
	recv := crapi.Receiver(cc)
	if recv == nil {
		return "", nil, false
	}
	return name, recv, true
}

// unchanged reports whether the update that sets the deletion timestamp
// leaves the part at path as it was: a top-level field of the object
// other than its metadata (its spec, status, data), or its labels,
// annotations, name, namespace, uid, owner references or creation
// timestamp. The whole object, the whole metadata and the rest of it
// (deletion timestamp and grace period, generation, resourceVersion,
// managed fields, finalizers) may change.
func unchanged(path []string) bool {
	if len(path) == 0 {
		return false
	}
	switch path[0] {
	case "TypeMeta":
		return false
	case "ObjectMeta":
		if len(path) < 2 {
			return false
		}
		switch path[1] {
		case "Labels", "Annotations", "Name", "Namespace", "UID", "OwnerReferences", "CreationTimestamp":
			return true
		}
		return false
	}
	return true
}

// partName names a compared part for the message: spec, labels.
func partName(path []string) string {
	name := path[0]
	if name == "ObjectMeta" {
		name = path[1]
	}
	if name == "UID" {
		return "uid"
	}
	return strings.ToLower(name[:1]) + name[1:]
}

func union(a, b []string) []string {
	for _, x := range b {
		found := false
		for _, y := range a {
			found = found || x == y
		}
		if !found {
			a = append(a, x)
		}
	}
	return a
}

// reverse returns s backwards (the path is collected from the leaf up).
func reverse(s []string) []string {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}

// fieldOf returns the struct (or its address) and the field index of a
// Field or FieldAddr.
func fieldOf(v ssa.Value) (ssa.Value, int) {
	if fa, ok := v.(*ssa.FieldAddr); ok {
		return fa.X, fa.Field
	}
	f := v.(*ssa.Field)
	return f.X, f.Field
}
