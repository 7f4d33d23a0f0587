package ssaflow

import (
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"

	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// maxDepth bounds recursive walks over values, so that odd programs cannot
// make an analyzer slow.
const maxDepth = 32

// DerivesFrom reports whether v is computed from root: a field of it, a
// conversion of it, a struct built from its fields, a call taking it, a phi
// of any of these.
func DerivesFrom(v, root ssa.Value) bool {
	w := &deriveWalk{roots: map[ssa.Value]bool{root: true}, seen: map[ssa.Value]bool{}, max: maxDepth}
	return w.walk(v, 0)
}

// DependsOn reports whether v is computed from one of roots as
// DerivesFrom sees it, and also through comparisons, arithmetic, map
// lookups, indexes, slices and the receiver of an interface call: the
// conditions of branches are such values.
func DependsOn(v ssa.Value, roots map[ssa.Value]bool) bool {
	w := &deriveWalk{roots: roots, seen: map[ssa.Value]bool{}, max: 24, wide: true}
	return w.walk(v, 0)
}

// DependsOnValue is DependsOn without the errors of calls: a call's
// error result says whether the call failed, not what it computed from
// its arguments, so `if err := apply(ctx, label); err != nil` does not
// depend on label's value (a bool or a parsed number does).
func DependsOnValue(v ssa.Value, roots map[ssa.Value]bool) bool {
	w := &deriveWalk{roots: roots, seen: map[ssa.Value]bool{}, max: 24, wide: true, noErrors: true}
	return w.walk(v, 0)
}

type deriveWalk struct {
	roots    map[ssa.Value]bool
	seen     map[ssa.Value]bool
	max      int
	wide     bool // DependsOn
	noErrors bool // DependsOnValue
}

func (w *deriveWalk) walk(v ssa.Value, depth int) bool {
	if v == nil {
		return false
	}
	if w.roots[v] {
		return true
	}
	if w.seen[v] || depth > w.max {
		return false
	}
	w.seen[v] = true
	if w.noErrors && isCallError(v) {
		return false
	}
	for _, src := range Sources(v, w.wide) {
		if w.walk(src, depth+1) {
			return true
		}
	}
	return false
}

// isCallError reports whether v is the error result of a call.
func isCallError(v ssa.Value) bool {
	switch x := v.(type) {
	case *ssa.Extract:
		_, isCall := x.Tuple.(*ssa.Call)
		return isCall && isErrorType(x.Type())
	case *ssa.Call:
		return isErrorType(x.Type())
	}
	return false
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// Sources returns the values v is computed from: the object of a field,
// element or load, the operand of a conversion, the tuple of an extract,
// the edges of a phi, the arguments of a call, what is stored into a local
// (key := client.ObjectKey{Name: req.Name} is computed from req). wide
// adds the operands of comparisons, arithmetic and other unary operators,
// of map lookups, indexes and slices, and the receiver of an interface
// call.
func Sources(v ssa.Value, wide bool) []ssa.Value {
	switch v := v.(type) {
	case *ssa.Field:
		return []ssa.Value{v.X}
	case *ssa.FieldAddr:
		return []ssa.Value{v.X}
	case *ssa.Index:
		if wide {
			return []ssa.Value{v.X, v.Index}
		}
		return []ssa.Value{v.X}
	case *ssa.IndexAddr:
		if wide {
			return []ssa.Value{v.X, v.Index}
		}
		return []ssa.Value{v.X}
	case *ssa.UnOp:
		if v.Op == token.MUL || wide {
			return []ssa.Value{v.X}
		}
	case *ssa.BinOp:
		if wide {
			return []ssa.Value{v.X, v.Y}
		}
	case *ssa.Lookup:
		if wide {
			return []ssa.Value{v.X, v.Index}
		}
	case *ssa.Slice:
		if wide {
			return []ssa.Value{v.X}
		}
	case *ssa.ChangeType:
		return []ssa.Value{v.X}
	case *ssa.Convert:
		return []ssa.Value{v.X}
	case *ssa.MakeInterface:
		return []ssa.Value{v.X}
	case *ssa.ChangeInterface:
		return []ssa.Value{v.X}
	case *ssa.TypeAssert:
		return []ssa.Value{v.X}
	case *ssa.Extract:
		return []ssa.Value{v.Tuple}
	case *ssa.Phi:
		return v.Edges
	case *ssa.Call:
		if wide && v.Call.IsInvoke() {
			return append([]ssa.Value{v.Call.Value}, v.Call.Args...)
		}
		return v.Call.Args
	case *ssa.Alloc:
		var out []ssa.Value
		for _, st := range StoresTo(v) {
			out = append(out, st.Val)
		}
		return out
	}
	return nil
}

// StoresTo returns the stores into the memory of alloc, directly or into
// one of its fields or elements.
func StoresTo(alloc *ssa.Alloc) []*ssa.Store {
	var out []*ssa.Store
	refs := alloc.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr == alloc {
				out = append(out, r)
			}
		case *ssa.FieldAddr, *ssa.IndexAddr:
			if sub := r.(ssa.Value).Referrers(); sub != nil {
				for _, s := range *sub {
					if st, ok := s.(*ssa.Store); ok && st.Addr == r.(ssa.Value) {
						out = append(out, st)
					}
				}
			}
		}
	}
	return out
}

// PassedTo reports whether v is an argument of call, directly, as an
// interface, or as an element of a variadic slice (fmt.Errorf("%w", err)).
func PassedTo(v ssa.Value, call *ssa.CallCommon) bool {
	for _, a := range call.Args {
		if argHolds(a, v, 0) {
			return true
		}
	}
	return false
}

func argHolds(a, v ssa.Value, depth int) bool {
	if a == v {
		return true
	}
	if depth > 4 {
		return false
	}
	switch a := a.(type) {
	case *ssa.MakeInterface:
		return argHolds(a.X, v, depth+1)
	case *ssa.ChangeInterface:
		return argHolds(a.X, v, depth+1)
	case *ssa.Slice:
		if alloc, ok := a.X.(*ssa.Alloc); ok {
			for _, st := range StoresTo(alloc) {
				if argHolds(st.Val, v, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// ReturnStmt returns the return statement of fn's syntax at which ret
// returns, or nil for an implicit return.
func ReturnStmt(fn *ssa.Function, ret *ssa.Return) *ast.ReturnStmt {
	return findSyntax(fn, ret.Pos(), func(rs *ast.ReturnStmt) token.Pos { return rs.Return })
}

// findSyntax returns the node of type N in fn's syntax whose position, as
// told by at, is pos: SSA keeps positions, not nodes.
func findSyntax[N ast.Node](fn *ssa.Function, pos token.Pos, at func(N) token.Pos) N {
	var found N
	syntax := fn.Syntax()
	if !pos.IsValid() || syntax == nil {
		return found
	}
	done := false
	ast.Inspect(syntax, func(n ast.Node) bool {
		if done {
			return false
		}
		if x, ok := n.(N); ok && at(x) == pos {
			found, done = x, true
		}
		return !done
	})
	return found
}

// Reachable returns the blocks reachable from start (start included)
// without crossing an edge for which skip returns true.
func Reachable(start *ssa.BasicBlock, skip func(from, to *ssa.BasicBlock) bool) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{start: true}
	stack := []*ssa.BasicBlock{start}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, s := range b.Succs {
			if seen[s] || (skip != nil && skip(b, s)) {
				continue
			}
			seen[s] = true
			stack = append(stack, s)
		}
	}
	return seen
}

// Reaching returns the blocks from which target can be reached, target
// included: Reachable's walk, backwards over predecessors.
func Reaching(target *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{target: true}
	stack := []*ssa.BasicBlock{target}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, p := range b.Preds {
			if !seen[p] {
				seen[p] = true
				stack = append(stack, p)
			}
		}
	}
	return seen
}

// ArgExpr returns the syntax of the first argument of call (receiver
// excluded) that match accepts, or nil: for a message that names the
// object as the code does. A variadic call's last SSA argument, the slice
// it builds, has no syntax of its own.
func ArgExpr(fn *ssa.Function, call ssa.CallInstruction, match func(ssa.Value) bool) ast.Expr {
	ce := CallExpr(fn, call)
	if ce == nil {
		return nil
	}
	args := crapi.CallArgs(call.Common())
	for i, a := range args[:min(len(args), len(ce.Args))] {
		if match(a) {
			return ce.Args[i]
		}
	}
	return nil
}

// CallExpr returns the call expression of fn's syntax at which call is
// made, or nil.
func CallExpr(fn *ssa.Function, call ssa.CallInstruction) *ast.CallExpr {
	return findSyntax(fn, call.Pos(), func(ce *ast.CallExpr) token.Pos { return ce.Lparen })
}

// IsRequestKey reports whether key, the key of a client Get, names the
// object of the reconcile request req: req.NamespacedName (converted or
// not), or a key whose Name is req's Name field. A key computed by a call
// or from other names (req.Name + "-child") names another object.
func IsRequestKey(key, req ssa.Value) bool {
	return isRequestKey(key, req, 0)
}

func isRequestKey(key, req ssa.Value, depth int) bool {
	if depth > 8 {
		return false
	}
	switch k := key.(type) {
	case *ssa.Alloc:
		// A key literal: its Name field decides.
		for _, st := range StoresTo(k) {
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if st.Addr == k {
				if isRequestKey(st.Val, req, depth+1) {
					return true
				}
				continue
			}
			if ok && FieldName(fa.X.Type(), fa.Field) == "Name" && fieldPath(st.Val, req, 0) {
				return true
			}
		}
		return false
	case *ssa.UnOp:
		if k.Op == token.MUL {
			if a, ok := k.X.(*ssa.Alloc); ok {
				return isRequestKey(a, req, depth+1)
			}
		}
	case *ssa.ChangeType:
		return isRequestKey(k.X, req, depth+1)
	case *ssa.Convert:
		return isRequestKey(k.X, req, depth+1)
	case *ssa.Phi:
		for _, e := range k.Edges {
			if !isRequestKey(e, req, depth+1) {
				return false
			}
		}
		return len(k.Edges) > 0
	}
	return fieldPath(key, req, 0)
}

// fieldPath reports whether v is req or a field (of a field...) of req.
func fieldPath(v, req ssa.Value, depth int) bool {
	if v == req {
		return true
	}
	if depth > 8 {
		return false
	}
	switch x := v.(type) {
	case *ssa.Field:
		return fieldPath(x.X, req, depth+1)
	case *ssa.FieldAddr:
		return fieldPath(x.X, req, depth+1)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return fieldPath(x.X, req, depth+1)
		}
	case *ssa.ChangeType:
		return fieldPath(x.X, req, depth+1)
	case *ssa.Alloc:
		// req copied to the heap or stack (address taken).
		for _, st := range StoresTo(x) {
			if st.Addr == x && fieldPath(st.Val, req, depth+1) {
				return true
			}
		}
	}
	return false
}

// Field returns field i of the struct t, or of the struct t points to;
// nil if there is none.
func Field(t types.Type, i int) *types.Var {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i)
}

// FieldStores returns the values stored at the field address fa, and
// whether the address goes anywhere but stores and loads (fakeclient's
// options structs, updatepatch's specs built in a local).
func FieldStores(fa *ssa.FieldAddr) (stores []ssa.Value, escapes bool) {
	refs := fa.Referrers()
	if refs == nil {
		return nil, false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != fa {
				return nil, true
			}
			stores = append(stores, r.Val)
		case *ssa.UnOp:
			if r.Op != token.MUL {
				return nil, true
			}
		case *ssa.DebugRef:
		default:
			return nil, true
		}
	}
	return stores, false
}

// FieldName returns the name of Field(t, i), or "".
func FieldName(t types.Type, i int) string {
	if f := Field(t, i); f != nil {
		return f.Name()
	}
	return ""
}

// FuncOf returns the function a function value denotes, through its
// conversions to a named func type or an interface: a declared function,
// a closure, or a bound method value (its wrapper); nil otherwise.
func FuncOf(v ssa.Value) *ssa.Function {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.ChangeType:
			v = x.X
			continue
		case *ssa.MakeInterface:
			v = x.X
			continue
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			return fn
		case *ssa.Function:
			return x
		}
		return nil
	}
	return nil
}

// Strip removes the conversions that do not change which object a value
// denotes (to client.Object, to metav1.Object, type assertions back).
func Strip(v ssa.Value) ssa.Value { return strip(v, false) }

// StripConv removes the conversions that keep a value as it is: to an
// interface, between named types, between string types (a key's name
// built as types.NamespacedName or string(x)). Type assertions stay.
func StripConv(v ssa.Value) ssa.Value { return strip(v, true) }

func strip(v ssa.Value, values bool) ssa.Value {
	for i := 0; i < 16; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Convert:
			if !values {
				return v
			}
			v = x.X
		case *ssa.TypeAssert:
			if values || x.CommaOk {
				return v
			}
			v = x.X
		default:
			return v
		}
	}
	return v
}

// StoresOnce returns the only store into alloc, or nil.
func StoresOnce(alloc *ssa.Alloc) *ssa.Store {
	var only *ssa.Store
	refs := alloc.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc {
			if only != nil {
				return nil
			}
			only = st
		}
	}
	return only
}

// VariadicElems returns the elements of a slice built for a variadic call
// (f(a, b) passes a slice of a fresh array holding a and b); ok is false
// when the elements are not known, e.g. for f(s...).
func VariadicElems(v ssa.Value) (elems []ssa.Value, ok bool) {
	switch s := v.(type) {
	case nil:
		return nil, true
	case *ssa.Const:
		return nil, s.IsNil()
	case *ssa.Slice:
		alloc, isAlloc := s.X.(*ssa.Alloc)
		if !isAlloc || s.Low != nil || s.High != nil || s.Max != nil {
			return nil, false
		}
		ptr, isPtr := alloc.Type().Underlying().(*types.Pointer)
		if !isPtr {
			return nil, false
		}
		arr, isArr := ptr.Elem().Underlying().(*types.Array)
		if !isArr || arr.Len() > 1024 {
			return nil, false
		}
		elems = make([]ssa.Value, arr.Len())
		refs := alloc.Referrers()
		if refs == nil {
			return nil, false
		}
		for _, r := range *refs {
			ia, isIA := r.(*ssa.IndexAddr)
			if !isIA {
				continue
			}
			c, isConst := ia.Index.(*ssa.Const)
			if !isConst || c.Value == nil || c.Value.Kind() != constant.Int {
				return nil, false
			}
			i, exact := constant.Int64Val(c.Value)
			if !exact || i < 0 || i >= int64(len(elems)) {
				return nil, false
			}
			if irefs := ia.Referrers(); irefs != nil {
				for _, ir := range *irefs {
					if st, isStore := ir.(*ssa.Store); isStore && st.Addr == ia {
						elems[i] = st.Val
					}
				}
			}
		}
		for _, e := range elems {
			if e == nil {
				return nil, false
			}
		}
		return elems, true
	}
	return nil, false
}

// NilTest recognises cond as a comparison of a value with nil (x == nil,
// x != nil, nil on either side, negations followed) and returns x and
// whether x is nil when cond is true.
func NilTest(cond ssa.Value) (x ssa.Value, nilOnTrue bool, ok bool) {
	if not, isNot := cond.(*ssa.UnOp); isNot && not.Op == token.NOT {
		x, nilOnTrue, ok = NilTest(not.X)
		return x, !nilOnTrue, ok
	}
	cmp, isCmp := cond.(*ssa.BinOp)
	if !isCmp || (cmp.Op != token.EQL && cmp.Op != token.NEQ) {
		return nil, false, false
	}
	x, y := cmp.X, cmp.Y
	if IsNil(x) {
		x, y = y, x
	}
	if !IsNil(y) {
		return nil, false, false
	}
	return x, cmp.Op == token.EQL, true
}

// NilBranch is a block ending in an If on a nil test of X: Nil is the
// successor entered when X is nil, NonNil the other.
type NilBranch struct {
	Block       *ssa.BasicBlock
	X           ssa.Value
	Nil, NonNil *ssa.BasicBlock
}

// NilBranches returns fn's blocks that end in an If on a nil test
// (NilTest), with their sides.
func NilBranches(fn *ssa.Function) []NilBranch {
	var out []NilBranch
	for _, b := range fn.Blocks {
		ifi, ok := Last(b).(*ssa.If)
		if !ok {
			continue
		}
		x, nilOnTrue, ok := NilTest(ifi.Cond)
		if !ok {
			continue
		}
		nb := NilBranch{Block: b, X: x, Nil: b.Succs[1], NonNil: b.Succs[0]}
		if nilOnTrue {
			nb.Nil, nb.NonNil = b.Succs[0], b.Succs[1]
		}
		out = append(out, nb)
	}
	return out
}

// IsNil reports whether v is the constant nil.
func IsNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.IsNil()
}

// Extract returns the Extract of result index of call, nil if none.
func Extract(call *ssa.Call, index int) ssa.Value {
	refs := call.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == index {
			return ex
		}
	}
	return nil
}

// Deref returns the element type of a pointer type, else t.
func Deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// LocalCallee returns the function of pkg that cc calls statically (a
// closure included, the generic origin for an instantiation), nil
// otherwise or when it has no body.
func LocalCallee(cc *ssa.CallCommon, pkg *types.Package) *ssa.Function {
	f := cc.StaticCallee()
	if f == nil {
		return nil
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	if f.Pkg == nil || f.Pkg.Pkg != pkg || len(f.Blocks) == 0 {
		return nil
	}
	return f
}

// FieldKey names the struct field whose address v is
// ("pkgpath.Type.Field"); "" when v is not a field's address.
func FieldKey(v ssa.Value) string {
	fa, ok := v.(*ssa.FieldAddr)
	if !ok {
		return ""
	}
	n := crapi.Named(fa.X.Type())
	if n == nil || n.Obj().Pkg() == nil {
		return ""
	}
	name := FieldName(fa.X.Type(), fa.Field)
	if name == "" {
		return ""
	}
	return n.Obj().Pkg().Path() + "." + n.Obj().Name() + "." + name
}

// Dominates reports whether a runs before b on every path to b: a's block
// dominates b's, or they share it and a comes first.
func Dominates(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab != bb {
		return ab.Dominates(bb)
	}
	for _, instr := range ab.Instrs {
		switch instr {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// MayPrecede reports whether some path of their function runs a and later
// b: a earlier in the same block, or b's block reachable from a's
// successors (round a loop too).
func MayPrecede(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab == bb && index(ab, a) < index(bb, b) {
		return true
	}
	for _, s := range ab.Succs {
		if Reachable(s, nil)[bb] {
			return true
		}
	}
	return false
}

func index(b *ssa.BasicBlock, instr ssa.Instruction) int {
	for i, x := range b.Instrs {
		if x == instr {
			return i
		}
	}
	return -1
}
