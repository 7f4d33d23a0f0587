package updatepatch

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

const (
	metaPkg   = "k8s.io/apimachinery/pkg/api/meta"
	metav1Pkg = "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// object is what one function does with the object given to an Update.
type object struct {
	fn   *ssa.Function
	objs *lifecycle.Objects
	obj  ssa.Value
	// fetches are where the object is read from the server: a Get into
	// it, the List whose item it is, the copy of a listed item into it, a
	// call of a helper of the package that does one of these.
	fetches []ssa.Instruction
	// refresh holds the fetches and the writes that decode the server's
	// answer back into the object (Create, Update, Patch, status writes):
	// after them the object is a fresh copy again.
	refresh map[ssa.Instruction]bool
}

// track finds the fetches and refreshes of obj in fn; depth is that of
// the helper summary that asks, 0 for an Update's function.
func (c *checker) track(fn *ssa.Function, obj ssa.Value, depth int) *object {
	o := &object{fn: fn, objs: c.objects(fn), obj: obj, refresh: map[ssa.Instruction]bool{}}
	list := o.listOf()
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			fetch := false
			switch x := instr.(type) {
			case *ssa.Call:
				cc, args, ok := crapi.ClientCallSSA(x.Common())
				if ok {
					switch {
					case cc.Method == crapi.Get && !cc.SubResource && len(args) >= 3:
						fetch = o.objs.Same(args[2], obj)
					case cc.Method == crapi.List && !cc.SubResource && len(args) >= 2:
						fetch = list != nil && o.objs.Same(args[1], list)
					case cc.Method == crapi.Create && !cc.SubResource, cc.Method == crapi.Update, cc.Method == crapi.Patch:
						if len(args) >= 2 && o.objs.Same(args[1], obj) {
							o.refresh[instr] = true
						}
					}
					break
				}
				fetch = depth <= maxHelperDepth && c.helperFetches(x.Common(), o, depth)
			case *ssa.Store:
				fetch = o.objs.Same(x.Addr, obj) && c.listItem(o, x.Val) != nil
			}
			if fetch {
				o.fetches = append(o.fetches, instr)
				o.refresh[instr] = true
			}
		}
	}
	return o
}

// listOf returns the list value whose Items obj is an element of
// (&list.Items[i]), or nil.
func (o *object) listOf() ssa.Value {
	for _, v := range []ssa.Value{o.obj, o.objs.Rep(o.obj)} {
		if ia, ok := v.(*ssa.IndexAddr); ok {
			if l := itemsOf(ia.X); l != nil {
				return l
			}
		}
	}
	return nil
}

// itemsOf returns list if s is the slice list.Items, loaded from a list
// reached by pointer.
func itemsOf(s ssa.Value) ssa.Value {
	u, ok := s.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	fa, ok := u.X.(*ssa.FieldAddr)
	if !ok || ssaflow.FieldName(fa.X.Type(), fa.Field) != "Items" {
		return nil
	}
	return fa.X
}

// listItem recognises v as a copy of an element of a list that o's
// function fills with List (the value of a range loop over list.Items),
// and returns the List call.
func (c *checker) listItem(o *object, v ssa.Value) ssa.Instruction {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	ia, ok := u.X.(*ssa.IndexAddr)
	if !ok {
		return nil
	}
	list := itemsOf(ia.X)
	if list == nil {
		return nil
	}
	for _, b := range o.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			cc, args, ok := crapi.ClientCallSSA(call.Common())
			if ok && cc.Method == crapi.List && !cc.SubResource && len(args) >= 2 && o.objs.Same(args[1], list) {
				return call
			}
		}
	}
	return nil
}

// maxWithinDepth bounds the walk from an address to the object it is in.
const maxWithinDepth = 24

// where tells where in the object an address lies.
type where int

const (
	outside where = iota
	// inObject: the object itself, or a part of it other than its status.
	inObject
	// inStatus: the object's Status field or something inside it.
	inStatus
)

// within tells whether v is the object, or the address of (or a
// reference held in) one of its fields, elements or maps, so that storing
// through v changes the object; and whether that is in its status.
func (o *object) within(v ssa.Value) where {
	w, _ := o.withinDepth(v, 0)
	return w
}

// withinDepth also returns the value one step below the object on the
// walk (the field address taken of the object), to tell its status apart.
func (o *object) withinDepth(v ssa.Value, depth int) (where, ssa.Value) {
	if v == nil || depth > maxWithinDepth {
		return outside, nil
	}
	v = lifecycle.Strip(v)
	if o.objs.Same(v, o.obj) {
		return inObject, nil
	}
	d := depth + 1
	var next ssa.Value
	switch x := v.(type) {
	case *ssa.FieldAddr:
		next = x.X
	case *ssa.IndexAddr:
		next = x.X
	case *ssa.Field:
		// A copy of a struct field still shares its maps, slices and
		// pointers with the object.
		next = x.X
	case *ssa.Slice:
		next = x.X
	case *ssa.UnOp:
		// A reference loaded from inside the object; a load of a local
		// variable is resolved by Same above.
		if x.Op == token.MUL {
			switch x.X.(type) {
			case *ssa.FieldAddr, *ssa.IndexAddr:
				next = x.X
			}
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if w, below := o.withinDepth(e, d); w != outside {
				return w, below
			}
		}
	case *ssa.Call:
		// obj.GetLabels() and the like return the object's own map or
		// slice (never its status).
		fn := crapi.Callee(x.Common())
		if fn != nil && fn.Signature().Recv() != nil && getsReference(fn.Name()) {
			if w, _ := o.withinDepth(crapi.Receiver(x.Common()), d); w != outside {
				return inObject, v
			}
		}
	case *ssa.Extract:
		// meta.Accessor(obj) returns obj as a metav1.Object.
		if call, ok := x.Tuple.(*ssa.Call); ok && x.Index == 0 &&
			crapi.IsFunc(crapi.Callee(call.Common()), metaPkg, "Accessor") && len(call.Call.Args) == 1 {
			return o.withinDepth(call.Call.Args[0], d)
		}
	}
	if next == nil {
		return outside, nil
	}
	w, below := o.withinDepth(next, d)
	switch {
	case w == outside:
		return outside, nil
	case below == nil:
		// v is a field of the object itself.
		if isStatusField(v) {
			return inStatus, v
		}
		return inObject, v
	}
	return w, below
}

// isStatusField reports whether v is the object's field Status.
func isStatusField(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return ssaflow.FieldName(x.X.Type(), x.Field) == "Status"
	case *ssa.Field:
		return ssaflow.FieldName(x.X.Type(), x.Field) == "Status"
	}
	return false
}

// getsReference reports whether a getter of this name on an object
// returns one of its maps or slices rather than a copy.
func getsReference(name string) bool {
	switch name {
	case "GetLabels", "GetAnnotations", "GetFinalizers", "GetOwnerReferences", "GetManagedFields":
		return true
	}
	return false
}

// mutatorParam returns the parameter (receiver excluded) of a library
// function that changes the object it is given there.
func mutatorParam(fn *types.Func) (int, bool) {
	switch {
	case crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "AddFinalizer", "RemoveFinalizer"):
		return 0, true
	case crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "SetControllerReference", "SetOwnerReference",
		"RemoveOwnerReference", "RemoveControllerReference"):
		return 1, true
	case crapi.IsFuncIn(fn, metav1Pkg, "SetMetaDataAnnotation", "SetMetaDataLabel"):
		return 0, true
	case crapi.IsFuncIn(fn, metaPkg, "SetStatusCondition", "RemoveStatusCondition"):
		return 0, true
	case crapi.IsFuncIn(fn, "maps", "Copy", "DeleteFunc"):
		return 0, true
	}
	return 0, false
}

// changes tells whether instr changes o's object, and whether only its
// status: a store into it or into one of its maps, a setter called on it
// (SetLabels, ...), DeepCopyInto one of its fields, a library function
// known to change it (controllerutil.AddFinalizer, SetControllerReference,
// meta.SetStatusCondition, ...), or a function of this package that
// changes the parameter it is given.
func (c *checker) changes(o *object, instr ssa.Instruction, depth int) where {
	switch x := instr.(type) {
	case *ssa.Store:
		if o.refresh[x] {
			return outside
		}
		return o.within(x.Addr)
	case *ssa.MapUpdate:
		return o.within(x.Map)
	case *ssa.Call:
		cc := x.Common()
		fn := crapi.Callee(cc)
		args := crapi.CallArgs(cc)
		if i, ok := mutatorParam(fn); ok {
			if i < len(args) {
				return o.within(args[i])
			}
			return outside
		}
		if fn != nil && fn.Signature().Recv() != nil {
			name := fn.Name()
			if strings.HasPrefix(name, "Set") && len(name) > 3 {
				if recv := crapi.Receiver(cc); recv != nil {
					if w := o.within(recv); w != outside {
						return w
					}
				}
			}
			if name == "DeepCopyInto" && len(args) == 1 {
				if w := o.within(args[0]); w != outside {
					return w
				}
			}
		}
		if callee := localCallee(cc, o.fn.Pkg); callee != nil && !cc.IsInvoke() {
			for i, a := range cc.Args {
				if w := o.within(a); w != outside && c.helperChanges(callee, i, depth) {
					if w == inStatus {
						return inStatus
					}
					return inObject // what the helper changes is not known
				}
			}
		}
	}
	return outside
}

// summaryKey names one question about a helper's parameter or result.
type summaryKey struct {
	fn    *ssa.Function
	index int
	kind  int
}

const (
	changesParam = iota
	fetchesParam
	returnsFetched
)

// Summary states; 0 is unknown.
const (
	sumBusy = iota + 1
	sumNo
	sumYes
)

// helperChanges reports whether callee changes the object given as its
// i-th parameter (SSA numbering: the receiver of a method is parameter 0).
func (c *checker) helperChanges(callee *ssa.Function, i int, depth int) bool {
	return c.summary(summaryKey{callee, i, changesParam}, depth, func(o *object) bool {
		for _, b := range callee.Blocks {
			for _, instr := range b.Instrs {
				if c.changes(o, instr, depth+1) != outside {
					return true
				}
			}
		}
		return false
	})
}

// helperFetches reports whether the call cc is a fetch of o's object: a
// helper of the package that Gets into the parameter given the object, or
// that returns an object it fetched (dep, err := r.getDeployment(ctx, key)).
func (c *checker) helperFetches(cc *ssa.CallCommon, o *object, depth int) bool {
	callee := localCallee(cc, o.fn.Pkg)
	if callee == nil || cc.IsInvoke() {
		return false
	}
	for i, a := range cc.Args {
		if o.objs.Same(a, o.obj) && c.helperFetchesParam(callee, i, depth) {
			return true
		}
	}
	// The object is the call's result (or a result extracted from it).
	res := lifecycle.Strip(o.objs.Rep(o.obj))
	k := -1
	switch r := res.(type) {
	case *ssa.Call:
		if r.Common() == cc {
			k = 0
		}
	case *ssa.Extract:
		if t, ok := r.Tuple.(*ssa.Call); ok && t.Common() == cc {
			k = r.Index
		}
	}
	return k >= 0 && c.helperReturnsFetched(callee, k, depth)
}

func (c *checker) helperFetchesParam(callee *ssa.Function, i int, depth int) bool {
	return c.summary(summaryKey{callee, i, fetchesParam}, depth, func(o *object) bool {
		return len(o.fetches) > 0
	})
}

// helperReturnsFetched reports whether every return of callee gives as
// its k-th result nil or an object callee fetched.
func (c *checker) helperReturnsFetched(callee *ssa.Function, k int, depth int) bool {
	key := summaryKey{callee, k, returnsFetched}
	if depth > maxHelperDepth {
		return false
	}
	switch c.sums[key] {
	case sumYes:
		return true
	case sumNo, sumBusy:
		return false
	}
	c.sums[key] = sumBusy
	found := false
	ok := true
	for _, b := range callee.Blocks {
		if len(b.Instrs) == 0 || !ok {
			continue
		}
		ret, isRet := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !isRet {
			continue
		}
		if k >= len(ret.Results) {
			ok = false
			break
		}
		r := lifecycle.Strip(ret.Results[k])
		if cst, isConst := r.(*ssa.Const); isConst && cst.IsNil() {
			continue
		}
		o := c.track(callee, r, depth+1)
		if len(o.fetches) == 0 {
			ok = false
			break
		}
		found = true
	}
	if ok && found {
		c.sums[key] = sumYes
		return true
	}
	c.sums[key] = sumNo
	return false
}

// summary answers a question about a helper's parameter i, memoised; a
// recursive question is answered no.
func (c *checker) summary(key summaryKey, depth int, ask func(o *object) bool) bool {
	if depth > maxHelperDepth || key.index < 0 || key.index >= len(key.fn.Params) {
		return false
	}
	switch c.sums[key] {
	case sumYes:
		return true
	case sumNo, sumBusy:
		return false
	}
	p := key.fn.Params[key.index]
	if !mayReference(p.Type()) {
		c.sums[key] = sumNo
		return false
	}
	c.sums[key] = sumBusy
	var o *object
	if key.kind == fetchesParam {
		o = c.track(key.fn, p, depth+1)
	} else {
		o = &object{fn: key.fn, objs: c.objects(key.fn), obj: p, refresh: map[ssa.Instruction]bool{}}
	}
	if ask(o) {
		c.sums[key] = sumYes
		return true
	}
	c.sums[key] = sumNo
	return false
}

// mayReference reports whether a parameter of type t can give a helper
// access to an object (a pointer, an interface, a map or a slice).
func mayReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice:
		return true
	}
	return false
}

// history is what happens to the object between its fetches and an
// Update.
type history struct {
	// changes are the changes that happen after a fetch and reach the
	// Update with no refresh in between.
	changes []ssa.Instruction
	// statusOnly: every one of them changes the object's status only.
	statusOnly bool
	// unknown are the calls on such paths that are given a reference into
	// the object and may change it, for all this check knows: a copy taken
	// after one of them would miss its change.
	unknown []ssa.Instruction
}

// changesBefore returns the history of o's object before the Update u.
func (c *checker) changesBefore(o *object, u *ssa.Call) history {
	h := history{statusOnly: true}
	for _, b := range o.fn.Blocks {
		for _, instr := range b.Instrs {
			w := c.changes(o, instr, 0)
			unknown := w == outside && c.mayChange(o, instr)
			if w == outside && !unknown {
				continue
			}
			fetched := false
			for _, f := range o.fetches {
				if reaches(f, instr, nil) {
					fetched = true
					break
				}
			}
			if !fetched || !reaches(instr, u, func(in ssa.Instruction) bool { return o.refresh[in] }) {
				continue
			}
			if unknown {
				h.unknown = append(h.unknown, instr)
				continue
			}
			h.changes = append(h.changes, instr)
			if w != inStatus {
				h.statusOnly = false
			}
		}
	}
	return h
}

// mayChange reports whether instr, not known to change o's object, is a
// call given a reference into it (a pointer, map or slice of it) by a
// function not known to leave it alone.
func (c *checker) mayChange(o *object, instr ssa.Instruction) bool {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return false
	}
	cc := call.Common()
	fn := crapi.Callee(cc)
	if readOnly(fn) {
		return false
	}
	if _, _, ok := crapi.ClientCallSSA(cc); ok {
		return false // fetches and writes are tracked as such
	}
	if callee := localCallee(cc, o.fn.Pkg); callee != nil && !cc.IsInvoke() {
		return false // its changes were looked for
	}
	vals := append([]ssa.Value(nil), crapi.CallArgs(cc)...)
	if recv := crapi.Receiver(cc); recv != nil {
		vals = append(vals, recv)
	}
	for _, v := range vals {
		v = lifecycle.Strip(v)
		if isReference(v.Type()) && o.within(v) != outside {
			return true
		}
	}
	return false
}

func isReference(t types.Type) bool {
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Map, *types.Slice, *types.Interface:
		return true
	}
	return false
}

// readOnly reports whether fn is known to only read the objects it is
// given: getters, deep copies and comparisons, and the library functions
// that test objects.
func readOnly(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	if knowledge.ReadsOnly(fn) {
		return true
	}
	name := fn.Name()
	if fn.Signature().Recv() != nil {
		for _, p := range []string{"Get", "Is", "Has", "DeepCopy", "DeepEqual", "Equal", "String", "Len", "Contains"} {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
		return false
	}
	if fn.Pkg() == nil {
		return false
	}
	switch fn.Pkg().Path() {
	case "slices":
		for _, p := range []string{"Contains", "Index", "Equal", "Compare", "Max", "Min", "BinarySearch", "IsSorted", "Clone"} {
			if strings.HasPrefix(name, p) {
				return true
			}
		}
		return false
	case metav1Pkg:
		return name == "IsControlledBy" || name == "GetControllerOf" || name == "GetControllerOfNoCopy" || name == "HasAnnotation" || name == "HasLabel"
	case metaPkg:
		return name == "Accessor"
	case "maps":
		return name == "Equal" || name == "EqualFunc" || name == "Keys" || name == "Values" || name == "Clone"
	}
	return false
}

// reaches reports whether to can run after from on some path that runs no
// instruction for which stop returns true in between.
func reaches(from, to ssa.Instruction, stop func(ssa.Instruction) bool) bool {
	b := from.Block()
	if b == nil {
		return false
	}
	i := 0
	for i < len(b.Instrs) && b.Instrs[i] != from {
		i++
	}
	for _, in := range b.Instrs[min(i+1, len(b.Instrs)):] {
		if in == to {
			return true
		}
		if stop != nil && stop(in) {
			return false
		}
	}
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		blk := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[blk] {
			continue
		}
		seen[blk] = true
		blocked := false
		for _, in := range blk.Instrs {
			if in == to {
				return true
			}
			if stop != nil && stop(in) {
				blocked = true
				break
			}
		}
		if !blocked {
			stack = append(stack, blk.Succs...)
		}
	}
	return false
}
