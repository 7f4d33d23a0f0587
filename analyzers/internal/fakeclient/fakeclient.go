package fakeclient

import (
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

const maxDepth = 24

// maxSteps bounds the values one question visits: paths that fork at
// every phi would otherwise be walked again and again.
const maxSteps = 4096

// Client is one fake client build: the object types given to its
// builder's WithStatusSubresource.
type Client struct {
	status []types.Type
	// statusKeys names more such types by package path and name (from
	// the fact of a function of another package).
	statusKeys []string
	// unknown is set when an object of unknown type was given to
	// WithStatusSubresource (a client.Object, a slice passed on), or the
	// builder went where the model cannot follow it.
	unknown bool
	// none is set for a fake package without WithStatusSubresource
	// (controller-runtime before v0.15), which serves no status
	// subresource: its Update stores everything.
	none bool
}

// StatusSubresource reports whether the client serves t's status as a
// subresource; known is false when that cannot be told.
func (c Client) StatusSubresource(t types.Type) (has, known bool) {
	if c.none {
		return false, true
	}
	if crapi.FakeInTreeStatus(t) {
		return true, true
	}
	for _, s := range c.status {
		if types.Identical(ssaflow.Deref(s), ssaflow.Deref(t)) {
			return true, true
		}
	}
	if k := typeKey(t); k != "" && slices.Contains(c.statusKeys, k) {
		return true, true
	}
	return false, !c.unknown
}

// Index follows the client values of a package's functions back to the
// fake client builds.
type Index struct {
	callers    map[*ssa.Function][]ssa.CallInstruction
	globals    map[*ssa.Global][]ssa.Value
	addrTaken  map[*ssa.Function]bool
	builderMem map[*ssa.Call]Client
	// imported holds the Returns facts of the imported functions the
	// package calls (nil for one without).
	imported map[*types.Func]*Returns
	// steps counts the values visited by the current question.
	steps int
	// testFields holds the values stored into each field of a struct type
	// declared in a _test.go file (a test suite's client); a field whose
	// address goes elsewhere is nil there.
	testFields map[fieldKey][]ssa.Value
	fset       *token.FileSet
}

type fieldKey struct {
	t     *types.Named
	field int
}

// New indexes funcs, the functions of one package (closures included).
func New(funcs []*ssa.Function) *Index {
	ix := &Index{
		callers:    ssaflow.StaticCallers(funcs),
		globals:    map[*ssa.Global][]ssa.Value{},
		addrTaken:  map[*ssa.Function]bool{},
		builderMem: map[*ssa.Call]Client{},
		testFields: map[fieldKey][]ssa.Value{},
	}
	var fset *token.FileSet
	if len(funcs) > 0 && funcs[0].Prog != nil {
		fset = funcs[0].Prog.Fset
	}
	ix.fset = fset
	escaped := map[fieldKey]bool{}
	var ops []*ssa.Value
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if g, ok := st.Addr.(*ssa.Global); ok {
						// A variable of the package's code proper: what
						// its tests store into it does not make it a fake
						// client outside them (the package is analysed
						// without its tests too).
						if ix.inTest(g.Pos()) || !ix.inTest(ssaflow.Declared(fn).Pos()) {
							ix.globals[g] = append(ix.globals[g], st.Val)
						}
					}
				}
				if fa, ok := instr.(*ssa.FieldAddr); ok {
					if k, ok := testField(fset, fa); ok {
						stores, esc := ssaflow.FieldStores(fa)
						ix.testFields[k] = append(ix.testFields[k], stores...)
						escaped[k] = escaped[k] || esc
					}
				}
				ops = instr.Operands(ops[:0])
				call, _ := instr.(ssa.CallInstruction)
				for i, op := range ops {
					f, ok := (*op).(*ssa.Function)
					if !ok {
						continue
					}
					// The callee of a static call is its first operand.
					if call != nil && i == 0 && call.Common().Value == f {
						continue
					}
					ix.addrTaken[f] = true
				}
			}
		}
	}
	for k := range escaped {
		if escaped[k] {
			ix.testFields[k] = nil
		}
	}
	return ix
}

// inTest reports whether pos is in a _test.go file.
func (ix *Index) inTest(pos token.Pos) bool {
	return ix.fset != nil && pos.IsValid() && strings.HasSuffix(ix.fset.Position(pos).Filename, "_test.go")
}

// testField returns the key of the field fa addresses when its struct is
// a type declared in a _test.go file: the package's tests are then all
// the code that can set it.
func testField(fset *token.FileSet, fa *ssa.FieldAddr) (fieldKey, bool) {
	n := crapi.Named(fa.X.Type())
	if fset == nil || n == nil || n.Obj().Pkg() == nil || n.TypeArgs().Len() > 0 {
		return fieldKey{}, false
	}
	if !strings.HasSuffix(fset.Position(n.Obj().Pos()).Filename, "_test.go") {
		return fieldKey{}, false
	}
	return fieldKey{n, fa.Field}, true
}

// Of returns the fake clients v may be, when it is one on every path: the
// result of a fake builder's Build or of fake.NewFakeClient, wrapped by
// interceptor.NewClient or not, through conversions, local variables and
// package variables, the results of the package's functions and of a
// closure a local variable holds (a test's newReconciler), the fields of
// a struct the function makes (a reconciler literal given the client), a
// test's wrapper type that embeds the client and writes through it, and
// the parameters of the package's unexported functions whose every call
// passes one. ok is false when some path leads elsewhere.
func (ix *Index) Of(v ssa.Value) (clients []Client, ok bool) {
	if ix == nil || v == nil {
		return nil, false
	}
	ix.steps = 0
	return ix.of(v, map[ssa.Value]bool{}, 0)
}

func (ix *Index) of(v ssa.Value, seen map[ssa.Value]bool, depth int) ([]Client, bool) {
	v = ssaflow.Strip(v)
	if ix.steps++; depth > maxDepth || seen[v] || ix.steps > maxSteps {
		return nil, false
	}
	seen[v] = true
	defer delete(seen, v)
	all := func(vals []ssa.Value) ([]Client, bool) {
		var out []Client
		for _, x := range vals {
			if ssaflow.IsNil(x) {
				continue // a nil client writes nothing
			}
			cs, ok := ix.of(x, seen, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, cs...)
		}
		return out, len(out) > 0
	}
	if k, ok := ix.wrapper(v.Type()); ok {
		// A test's own client type whose writes are those of the client
		// it embeds: that client's stores are its.
		return all(ix.testFields[k])
	}
	switch x := v.(type) {
	case *ssa.Call:
		cc := x.Common()
		callee := crapi.Callee(cc)
		switch crapi.FakeStepOf(callee) {
		case crapi.FakeBuild:
			if !crapi.FakeHasStatusSubresources(callee.Pkg()) {
				return []Client{{none: true}}, true
			}
			return []Client{ix.builder(x)}, true
		case crapi.FakeNewClient:
			return []Client{{none: !crapi.FakeHasStatusSubresources(callee.Pkg())}}, true
		case crapi.FakeIntercept:
			if args := crapi.CallArgs(cc); len(args) > 0 {
				return ix.of(args[0], seen, depth+1)
			}
			return nil, false
		}
		if f := ix.imported[callee]; f != nil && f.Result == 0 && !cc.IsInvoke() {
			return []Client{clientOf(f)}, true
		}
		return all(results(cc, 0))
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			cc := call.Common()
			if f := ix.imported[crapi.Callee(cc)]; f != nil && f.Result == x.Index && !cc.IsInvoke() {
				return []Client{clientOf(f)}, true
			}
			return all(results(cc, x.Index))
		}
	case *ssa.Phi:
		return all(x.Edges)
	case *ssa.Field:
		// A field of a struct value loaded from a struct the function
		// makes (r := Reconciler{Client: c}, kept in a register or
		// captured by a subtest).
		if ld, ok := x.X.(*ssa.UnOp); ok && ld.Op == token.MUL {
			if lits, ok := ix.allocs(ld.X, seen, depth+1); ok {
				if vals, ok := allocFieldStores(lits, x.Field); ok {
					return all(vals)
				}
			}
		}
	case *ssa.FreeVar:
		if b := ssaflow.Binding(x); b != nil {
			return ix.of(b, seen, depth+1)
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, false
		}
		switch a := x.X.(type) {
		case *ssa.Alloc, *ssa.FreeVar:
			return all(ssaflow.CellStores(a))
		case *ssa.Global:
			return all(ix.globals[a])
		case *ssa.FieldAddr:
			vals, ok := ix.fieldStores(a, seen, depth+1)
			if !ok {
				// A field of a test's own struct type, set only by the
				// package's tests (a suite's client set in its setup).
				if k, isTest := testField(ix.fset, a); isTest {
					return all(ix.testFields[k])
				}
				return nil, false
			}
			return all(vals)
		}
	case *ssa.Parameter:
		fn := x.Parent()
		if fn == nil || fn.Parent() != nil || ix.addrTaken[fn] || fn.Signature.Recv() != nil || token.IsExported(fn.Name()) {
			return nil, false
		}
		i := ssaflow.ParamIndex(fn, x)
		var args []ssa.Value
		for _, call := range ix.callers[fn] {
			// Likewise, a function of the package's code proper is not
			// judged by what its tests give it.
			if !ix.inTest(fn.Pos()) && ix.inTest(ssaflow.Declared(call.Parent()).Pos()) {
				continue
			}
			cc := call.Common()
			if i < 0 || i >= len(cc.Args) {
				return nil, false
			}
			args = append(args, cc.Args[i])
		}
		return all(args)
	}
	return nil, false
}

// wrapperMethods are the methods of a client that write an object or
// give the status writer: a wrapper whose every one of them is its
// embedded client's writes as that client does.
var wrapperMethods = []string{string(crapi.Update), string(crapi.Patch), "Status", "SubResource"}

// wrapper returns the embedded client field of t (or *t) when t is a
// struct type declared in a _test.go file that embeds a client interface
// and takes Update, Patch, Status and SubResource from it (overriding
// other methods, Create or List, changes nothing of what its writes
// keep).
func (ix *Index) wrapper(t types.Type) (fieldKey, bool) {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil || n.TypeArgs().Len() > 0 || !ix.inTest(n.Obj().Pos()) {
		return fieldKey{}, false
	}
	st, ok := n.Underlying().(*types.Struct)
	if !ok {
		return fieldKey{}, false
	}
	field := -1
	for _, name := range wrapperMethods {
		obj, index, _ := types.LookupFieldOrMethod(types.NewPointer(n), false, n.Obj().Pkg(), name)
		if obj == nil && name != string(crapi.Update) {
			continue
		}
		if _, isFunc := obj.(*types.Func); !isFunc || len(index) != 2 || (field >= 0 && index[0] != field) {
			return fieldKey{}, false // its own method, or a deeper or another field's
		}
		field = index[0]
	}
	if f := st.Field(field); !f.Embedded() || !types.IsInterface(f.Type()) {
		return fieldKey{}, false
	}
	return fieldKey{n, field}, true
}

// results returns the values the function cc calls returns as its index'th
// result, when it is a function of the package with a body.
func results(cc *ssa.CallCommon, index int) []ssa.Value {
	f := callee(cc)
	if f == nil || len(f.Blocks) == 0 || f.TypeParams().Len() > 0 || f.Origin() != nil {
		return nil
	}
	var out []ssa.Value
	for ret := range ssaflow.Returns(f) {
		if index >= len(ret.Results) {
			return nil
		}
		out = append(out, ssaflow.Returned(ret.Results[index]))
	}
	return out
}

// callee returns the function cc calls: its static callee, or the
// closure a local variable holds when that is the variable's only value
// (a test's newReconciler := func(...) *Reconciler {...}, called in its
// subtests) and the variable's address goes nowhere else.
func callee(cc *ssa.CallCommon) *ssa.Function {
	if f := cc.StaticCallee(); f != nil || cc.IsInvoke() {
		return f
	}
	v := cc.Value
loop:
	for range maxDepth {
		switch x := v.(type) {
		case *ssa.FreeVar:
			if v = ssaflow.Binding(x); v == nil {
				return nil
			}
			continue
		case *ssa.UnOp:
			if x.Op != token.MUL || !onlyCell(x.X) {
				return nil
			}
			stores := ssaflow.CellStores(x.X)
			if len(stores) != 1 {
				return nil
			}
			v = stores[0]
			continue
		}
		break loop
	}
	return ssaflow.FuncOf(v)
}

// onlyCell reports whether addr is a local variable (or a closure's free
// variable bound to one) that is only stored into, loaded and captured by
// closures that do the same: CellStores are then all its values.
func onlyCell(addr ssa.Value) bool {
	alloc := ssaflow.AllocOf(addr)
	if alloc == nil {
		return false
	}
	var ok func(a ssa.Value, depth int) bool
	ok = func(a ssa.Value, depth int) bool {
		refs := a.Referrers()
		if refs == nil || depth > maxDepth {
			return refs == nil
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != a {
					return false
				}
			case *ssa.UnOp:
				if r.Op != token.MUL {
					return false
				}
			case *ssa.DebugRef:
			case *ssa.MakeClosure:
				fn, _ := r.Fn.(*ssa.Function)
				if fn == nil {
					return false
				}
				for i, b := range r.Bindings {
					if b == a && (i >= len(fn.FreeVars) || !ok(fn.FreeVars[i], depth+1)) {
						return false
					}
				}
			default:
				return false
			}
		}
		return true
	}
	return ok(alloc, 0)
}

// fieldStores returns the values stored into the field fa addresses, when
// its struct is made by the package (a composite literal, a new(T)) on
// every path and the field's address goes nowhere else.
func (ix *Index) fieldStores(fa *ssa.FieldAddr, seen map[ssa.Value]bool, depth int) ([]ssa.Value, bool) {
	allocs, ok := ix.allocs(fa.X, seen, depth)
	if !ok {
		return nil, false
	}
	return allocFieldStores(allocs, fa.Field)
}

// allocFieldStores returns the values stored into the field of the
// structs allocs, by their function and by the closures that capture
// them, and of the composite literals copied into them as a whole (r :=
// Reconciler{Client: c} of a variable that lives in memory is built in a
// temporary, then copied); ok is false when a field's address goes
// elsewhere or another whole value is stored.
func allocFieldStores(allocs []*ssa.Alloc, field int) ([]ssa.Value, bool) {
	var out []ssa.Value
	addrs := make([]ssa.Value, 0, len(allocs))
	for _, a := range allocs {
		addrs = append(addrs, a)
	}
	for i := 0; i < len(addrs); i++ {
		a := addrs[i]
		refs := a.Referrers()
		if refs == nil || len(addrs) > maxSteps {
			return nil, false
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.Store:
				if r.Addr != a {
					continue
				}
				// A whole value: a composite literal's temporary.
				ld, ok := r.Val.(*ssa.UnOp)
				if !ok || ld.Op != token.MUL {
					return nil, false
				}
				lit, ok := ld.X.(*ssa.Alloc)
				if !ok {
					return nil, false
				}
				addrs = append(addrs, lit)
				continue
			case *ssa.MakeClosure:
				fn, _ := r.Fn.(*ssa.Function)
				for j, b := range r.Bindings {
					if b == a && fn != nil && j < len(fn.FreeVars) {
						addrs = append(addrs, fn.FreeVars[j])
					}
				}
				continue
			}
			f, ok := r.(*ssa.FieldAddr)
			if !ok || f.Field != field {
				continue
			}
			frefs := f.Referrers()
			if frefs == nil {
				continue
			}
			for _, fr := range *frefs {
				switch fr := fr.(type) {
				case *ssa.Store:
					if fr.Addr != f {
						return nil, false
					}
					out = append(out, fr.Val)
				case *ssa.UnOp:
					if fr.Op != token.MUL {
						return nil, false
					}
				case *ssa.DebugRef:
				default:
					return nil, false // its address goes elsewhere
				}
			}
		}
	}
	return out, true
}

// allocs returns the structs p points to, when each is made in the
// package: an Alloc, through free variables, local variables stored once
// and the results of the package's functions.
func (ix *Index) allocs(p ssa.Value, seen map[ssa.Value]bool, depth int) ([]*ssa.Alloc, bool) {
	p = ssaflow.Strip(p)
	if ix.steps++; depth > maxDepth || seen[p] || ix.steps > maxSteps {
		return nil, false
	}
	seen[p] = true
	defer delete(seen, p)
	many := func(vals []ssa.Value) ([]*ssa.Alloc, bool) {
		var out []*ssa.Alloc
		for _, v := range vals {
			as, ok := ix.allocs(v, seen, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, as...)
		}
		return out, len(out) > 0
	}
	switch x := p.(type) {
	case *ssa.Alloc:
		return []*ssa.Alloc{x}, true
	case *ssa.FreeVar:
		if b := ssaflow.Binding(x); b != nil {
			return ix.allocs(b, seen, depth+1)
		}
	case *ssa.UnOp:
		if x.Op == token.MUL {
			if _, ok := x.X.(*ssa.FieldAddr); !ok {
				if stores := ssaflow.CellStores(x.X); len(stores) == 1 {
					return ix.allocs(stores[0], seen, depth+1)
				}
			}
		}
	case *ssa.Call:
		return many(results(x.Common(), 0))
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return many(results(call.Common(), x.Index))
		}
	case *ssa.Phi:
		return many(x.Edges)
	}
	return nil, false
}

// builder returns the client that the Build call makes: the types given to
// WithStatusSubresource on its builder, wherever the builder went in the
// package.
func (ix *Index) builder(build *ssa.Call) Client {
	if c, ok := ix.builderMem[build]; ok {
		return c
	}
	var c Client
	roots, ok := ix.roots(crapi.Receiver(build.Common()), map[ssa.Value]bool{}, 0)
	if !ok {
		c.unknown = true
	}
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if seen[v] || c.unknown {
			return
		}
		seen[v] = true
		if depth > maxDepth {
			c.unknown = true
			return
		}
		refs := v.Referrers()
		if refs == nil {
			return
		}
		for _, r := range *refs {
			switch r := r.(type) {
			case *ssa.DebugRef:
			case *ssa.Phi:
				walk(r, depth+1)
			case *ssa.Return:
				// The builder goes back to the callers.
				for _, call := range ix.callers[r.Parent()] {
					if cv := call.Value(); cv != nil {
						walk(cv, depth+1)
					}
				}
			case *ssa.Call:
				cc := r.Common()
				step := crapi.FakeStepOf(crapi.Callee(cc))
				if step == crapi.NotFake || crapi.Receiver(cc) != v || slices.Contains(crapi.CallArgs(cc), v) {
					c.unknown = true // handed to other code
					return
				}
				switch step {
				case crapi.FakeWithStatus:
					c.register(crapi.CallArgs(cc))
					walk(r, depth+1)
				case crapi.FakeConfigure:
					walk(r, depth+1)
				}
			default:
				c.unknown = true
				return
			}
		}
	}
	for _, root := range roots {
		walk(root, 0)
	}
	ix.builderMem[build] = c
	return c
}

// register adds the types of the objects given to WithStatusSubresource.
func (c *Client) register(args []ssa.Value) {
	if len(args) != 1 {
		c.unknown = true
		return
	}
	elems, ok := ssaflow.VariadicElems(args[0])
	if !ok {
		c.unknown = true
		return
	}
	for _, e := range elems {
		t := ssaflow.Strip(e).Type()
		if !concreteObject(t) {
			c.unknown = true
			return
		}
		c.status = append(c.status, t)
	}
}

// concreteObject reports whether t is a pointer to a struct type that is
// one kind (it embeds ObjectMeta, and is not metav1's
// PartialObjectMetadata, whose kind is in its value).
func concreteObject(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	if !ok {
		return false
	}
	n := crapi.Named(p)
	if n == nil || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() == lifecycle.MetaV1Pkg || n.TypeArgs().Len() > 0 {
		return false
	}
	st, ok := n.Underlying().(*types.Struct)
	return ok && objects.ObjectStruct(st)
}

// roots returns the fake.NewClientBuilder calls the builder b comes from.
func (ix *Index) roots(b ssa.Value, seen map[ssa.Value]bool, depth int) ([]ssa.Value, bool) {
	if b == nil || depth > maxDepth || seen[b] {
		return nil, false
	}
	seen[b] = true
	many := func(vals []ssa.Value) ([]ssa.Value, bool) {
		var out []ssa.Value
		for _, v := range vals {
			rs, ok := ix.roots(v, seen, depth+1)
			if !ok {
				return nil, false
			}
			out = append(out, rs...)
		}
		return out, len(out) > 0
	}
	switch x := b.(type) {
	case *ssa.Call:
		cc := x.Common()
		switch crapi.FakeStepOf(crapi.Callee(cc)) {
		case crapi.FakeNewBuilder:
			return []ssa.Value{x}, true
		case crapi.FakeConfigure, crapi.FakeWithStatus:
			return ix.roots(crapi.Receiver(cc), seen, depth+1)
		}
		return many(results(cc, 0))
	case *ssa.Phi:
		return many(x.Edges)
	}
	return nil, false
}

// WriterClient returns the client a client call is made through: its
// receiver, or the client whose Status() or SubResource("status") made the
// writer of a status write.
func WriterClient(cc *ssa.CallCommon) ssa.Value {
	recv := crapi.Receiver(cc)
	if crapi.IsStatusWriter(recv) {
		return crapi.Receiver(recv.(*ssa.Call).Common())
	}
	return recv
}

// StatusSubresource reports, when client is a fake client on every path,
// whether it serves t's status as a subresource; ok is false when client
// may be another client, or the fake clients it may be disagree or cannot
// tell.
func (ix *Index) StatusSubresource(client ssa.Value, t types.Type) (has, ok bool) {
	clients, ok := ix.Of(client)
	if !ok {
		return false, false
	}
	for i, c := range clients {
		h, known := c.StatusSubresource(t)
		if !known || (i > 0 && h != has) {
			return false, false
		}
		has = h
	}
	return has, true
}
