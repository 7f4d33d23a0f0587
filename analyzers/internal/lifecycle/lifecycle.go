package lifecycle

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// MetaV1Pkg is the package of ObjectMeta and Time: crapi's constant, the
// one declaration of that path, named here too for the packages that
// spell it lifecycle.MetaV1Pkg.
const MetaV1Pkg = crapi.MetaV1Pkg

// Helpers answers what a function of the user's code does to its
// parameters; param indexes exclude the receiver.
type Helpers interface {
	// RemovesFinalizer reports whether fn may remove a finalizer from its
	// parameter param.
	RemovesFinalizer(fn *types.Func) (param int, ok bool)
	// TestsDeletion reports whether fn's bool result tests the deletion
	// state of its parameter param; whenDeleting is the result's value
	// when the object is terminating.
	TestsDeletion(fn *types.Func) (param int, whenDeleting bool, ok bool)
	// AddsFinalizer reports whether fn may add a finalizer to its
	// parameter param.
	AddsFinalizer(fn *types.Func) (param int, ok bool)
	// ExaminesDeletion reports whether fn may read the deletion state of
	// its parameter param, in a test or otherwise.
	ExaminesDeletion(fn *types.Func, param int) bool
}

// deletionTimestamp returns the object whose deletion timestamp v is:
// obj.GetDeletionTimestamp(), or a load of obj.DeletionTimestamp (through
// the embedded ObjectMeta).
func deletionTimestamp(v ssa.Value) (ssa.Value, bool) {
	switch x := v.(type) {
	case *ssa.Call:
		fn := crapi.Callee(x.Common())
		if fn == nil || fn.Name() != "GetDeletionTimestamp" || fn.Signature().Recv() == nil {
			return nil, false
		}
		if recv := crapi.Receiver(x.Common()); recv != nil {
			return ObjectOf(recv), true
		}
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil, false
		}
		return fieldOwner(x.X, "DeletionTimestamp")
	case *ssa.Field:
		if ssaflow.FieldName(x.X.Type(), x.Field) == "DeletionTimestamp" {
			return ObjectOf(x.X), true
		}
	}
	return nil, false
}

// fieldOwner returns the object whose field name addr is the address of.
func fieldOwner(addr ssa.Value, name string) (ssa.Value, bool) {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil, false
	}
	st, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok || ssaflow.FieldName(st.Elem(), fa.Field) != name {
		return nil, false
	}
	return ObjectOf(fa.X), true
}

// ObjectOf maps &obj.ObjectMeta to obj: the embedded ObjectMeta stands for
// the object that embeds it.
func ObjectOf(v ssa.Value) ssa.Value {
	for i := 0; i < 4; i++ {
		switch x := v.(type) {
		case *ssa.FieldAddr:
			if crapi.IsNamed(x.Type(), MetaV1Pkg, "ObjectMeta") {
				v = x.X
				continue
			}
		case *ssa.Field:
			if crapi.IsNamed(x.Type(), MetaV1Pkg, "ObjectMeta") {
				v = x.X
				continue
			}
		}
		break
	}
	return ssaflow.Strip(v)
}

// DeletionTest recognises cond as a test of an object's deletion state:
// GetDeletionTimestamp() != nil, DeletionTimestamp == nil,
// !GetDeletionTimestamp().IsZero(), or a helper known to test its
// parameter. It returns the object and the value of cond when the object is
// terminating.
func DeletionTest(cond ssa.Value, h Helpers) (obj ssa.Value, whenDeleting bool, ok bool) {
	switch c := cond.(type) {
	case *ssa.UnOp:
		if c.Op == token.NOT {
			obj, w, ok := DeletionTest(c.X, h)
			return obj, !w, ok
		}
	case *ssa.BinOp:
		if c.Op != token.EQL && c.Op != token.NEQ {
			return nil, false, false
		}
		x, y := c.X, c.Y
		if ssaflow.IsNil(x) {
			x, y = y, x
		}
		if !ssaflow.IsNil(y) {
			return nil, false, false
		}
		if obj, ok := deletionTimestamp(x); ok {
			return obj, c.Op == token.NEQ, true
		}
	case *ssa.Call:
		fn := crapi.Callee(c.Common())
		if fn == nil {
			return nil, false, false
		}
		// (*metav1.Time).IsZero: true while not terminating.
		if fn.Name() == "IsZero" && fn.Pkg() != nil && fn.Pkg().Path() == MetaV1Pkg {
			if recv := crapi.Receiver(c.Common()); recv != nil {
				if obj, ok := deletionTimestamp(recv); ok {
					return obj, false, true
				}
			}
		}
		if h != nil {
			if param, when, ok := h.TestsDeletion(fn); ok {
				args := crapi.CallArgs(c.Common())
				if param < len(args) {
					return ssaflow.Strip(args[param]), when, true
				}
			}
		}
	}
	return nil, false, false
}

// FinalizerOp is a change of an object's finalizers.
type FinalizerOp struct {
	Instr ssa.Instruction
	Obj   ssa.Value
	// Finalizer is the finalizer's name argument, nil if unknown (SetFinalizers,
	// a helper, a store to Finalizers).
	Finalizer ssa.Value
	// Helper: made through a helper of the module (the Helpers given).
	Helper bool
}

// FinalizerName renders the finalizer of op for a message: the constant's
// value quoted, or "" when unknown.
func (op FinalizerOp) FinalizerName() string {
	if c, ok := op.Finalizer.(*ssa.Const); ok && c.Value != nil && c.Value.Kind() == constant.String {
		return constant.StringVal(c.Value)
	}
	return ""
}

// Removal recognises instr as a removal of finalizers from an object:
// controllerutil.RemoveFinalizer, SetFinalizers, a store to the Finalizers
// field, controller-runtime's finalizer.Finalizers.Finalize, or a helper
// known to remove one from its parameter.
func Removal(instr ssa.Instruction, h Helpers) (FinalizerOp, bool) {
	switch x := instr.(type) {
	case *ssa.Store:
		if obj, ok := fieldOwner(x.Addr, "Finalizers"); ok && !extendsOld(x.Val) {
			return FinalizerOp{Instr: instr, Obj: obj}, true
		}
	case ssa.CallInstruction:
		cc := x.Common()
		fn := crapi.Callee(cc)
		if fn == nil {
			return FinalizerOp{}, false
		}
		args := crapi.CallArgs(cc)
		if row, ok := knowledge.FinalizerHelperOf(fn); ok && row.Removes && row.Obj < len(args) && row.Name < len(args) {
			return FinalizerOp{Instr: instr, Obj: ssaflow.Strip(args[row.Obj]), Finalizer: args[row.Name]}, true
		}
		switch {
		case fn.Name() == "SetFinalizers" && fn.Signature().Recv() != nil:
			if len(args) == 1 && extendsOld(args[0]) {
				return FinalizerOp{}, false // append(obj.GetFinalizers(), f): an addition
			}
			if recv := crapi.Receiver(cc); recv != nil {
				return FinalizerOp{Instr: instr, Obj: ObjectOf(recv)}, true
			}
		case fn.Name() == "Finalize" && fn.Pkg() != nil && fn.Pkg().Path() == crapi.FinalizerPkg && len(args) == 2:
			return FinalizerOp{Instr: instr, Obj: ssaflow.Strip(args[1])}, true
		}
		if h != nil {
			if param, ok := h.RemovesFinalizer(fn); ok && param < len(args) {
				return FinalizerOp{Instr: instr, Obj: ssaflow.Strip(args[param]), Helper: true}, true
			}
		}
	}
	return FinalizerOp{}, false
}

// extendsOld reports whether the new finalizer list v is the old one with
// more appended: append(obj.GetFinalizers(), f), append(obj.Finalizers,
// f). It drops nothing.
func extendsOld(v ssa.Value) bool {
	call, ok := ssaflow.Strip(v).(*ssa.Call)
	if !ok {
		return false
	}
	if b, ok := call.Call.Value.(*ssa.Builtin); !ok || b.Name() != "append" || len(call.Call.Args) == 0 {
		return false
	}
	switch old := ssaflow.Strip(call.Call.Args[0]).(type) {
	case *ssa.Call:
		fn := crapi.Callee(old.Common())
		return fn != nil && fn.Name() == "GetFinalizers" && fn.Signature().Recv() != nil
	case *ssa.UnOp:
		_, ok := fieldOwner(old.X, "Finalizers")
		return ok && old.Op == token.MUL
	}
	return false
}

// ListAddition recognises instr as an addition written as a store of the
// old finalizer list with more appended: obj.Finalizers =
// append(obj.Finalizers, f), obj.SetFinalizers(append(obj.GetFinalizers(),
// f)), the mirror of Removal's stores (which drop from the list).
// Finalizer is the one name appended, nil when there are several or
// they are not known. Addition leaves these out: its callers count calls.
func ListAddition(instr ssa.Instruction) (FinalizerOp, bool) {
	obj, list, ok := FinalizersSet(instr)
	if !ok || !extendsOld(list) {
		return FinalizerOp{}, false
	}
	op := FinalizerOp{Instr: instr, Obj: obj}
	if elems := listElems(list); len(elems) == 1 {
		op.Finalizer = elems[0]
	}
	return op, true
}

// Addition recognises instr as controllerutil.AddFinalizer (or another
// library function of knowledge.FinalizerHelpers) or, when h is
// not nil, a helper known to add a finalizer to its parameter (Finalizer
// is then nil).
func Addition(instr ssa.Instruction, h Helpers) (FinalizerOp, bool) {
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return FinalizerOp{}, false
	}
	fn := crapi.Callee(call.Common())
	args := crapi.CallArgs(call.Common())
	if row, ok := knowledge.FinalizerHelperOf(fn); ok && !row.Removes && row.Obj < len(args) && row.Name < len(args) {
		return FinalizerOp{Instr: instr, Obj: ssaflow.Strip(args[row.Obj]), Finalizer: args[row.Name]}, true
	}
	if h != nil && fn != nil {
		if param, ok := h.AddsFinalizer(fn); ok && param < len(args) {
			return FinalizerOp{Instr: instr, Obj: ssaflow.Strip(args[param]), Helper: true}, true
		}
	}
	return FinalizerOp{}, false
}

// DeletionRead recognises instr as a read of an object's deletion state:
// its deletion timestamp, controller-runtime's finalizer.Finalizers.Finalize
// (which tests it), or a call of a helper known to examine its parameter's.
// It returns the object.
func DeletionRead(instr ssa.Instruction, h Helpers) (ssa.Value, bool) {
	switch x := instr.(type) {
	case *ssa.Call:
		if obj, ok := deletionTimestamp(x); ok {
			return obj, true
		}
	case *ssa.UnOp:
		if obj, ok := deletionTimestamp(x); ok {
			return obj, true
		}
	case *ssa.Field:
		if obj, ok := deletionTimestamp(x); ok {
			return obj, true
		}
	}
	call, ok := instr.(ssa.CallInstruction)
	if !ok {
		return nil, false
	}
	fn := crapi.Callee(call.Common())
	if fn == nil {
		return nil, false
	}
	args := crapi.CallArgs(call.Common())
	if fn.Name() == "Finalize" && fn.Pkg() != nil && fn.Pkg().Path() == crapi.FinalizerPkg && len(args) == 2 {
		return ssaflow.Strip(args[1]), true
	}
	if h != nil {
		for i, a := range args {
			if h.ExaminesDeletion(fn, i) {
				return ssaflow.Strip(a), true
			}
		}
	}
	return nil, false
}

// nameArgs are the library functions given a finalizer's name, and the
// index of that argument (the receiver excluded), besides those that add
// or remove one (knowledge.FinalizerHelpers).
var nameArgs = []struct {
	pkg, recv, name string
	arg             int
}{
	{crapi.ControllerutilPkg, "", "ContainsFinalizer", 1},
	{crapi.FinalizerPkg, "Registerer", "Register", 0}, // embedded in Finalizers
}

// NameArg reports which argument of a call of fn (the receiver excluded)
// is a finalizer's name.
func NameArg(fn *types.Func) (int, bool) {
	if row, ok := knowledge.FinalizerHelperOf(fn); ok {
		return row.Name, true
	}
	for _, n := range nameArgs {
		if n.recv == "" && crapi.IsFunc(fn, n.pkg, n.name) || n.recv != "" && crapi.IsMethod(fn, n.pkg, n.recv, n.name) {
			return n.arg, true
		}
	}
	return 0, false
}

// StandardFinalizers are the finalizers Kubernetes itself defines, which
// need no domain: metav1.FinalizerOrphanDependents,
// metav1.FinalizerDeleteDependents and corev1.FinalizerKubernetes.
var StandardFinalizers = map[string]bool{"orphan": true, "foregroundDeletion": true, "kubernetes": true}

// ListedFinalizers returns the values instr lists in an object's
// finalizers, when it stores a list into ObjectMeta.Finalizers
// (obj.Finalizers = append(obj.Finalizers, name), or = []string{name}) or
// gives one to SetFinalizers (obj.SetFinalizers(append(obj.GetFinalizers(),
// name))), and the list's elements are known.
func ListedFinalizers(instr ssa.Instruction) []ssa.Value {
	switch x := instr.(type) {
	case *ssa.Store:
		if isFinalizersAddr(x.Addr) {
			return listElems(x.Val)
		}
	case ssa.CallInstruction:
		callee := crapi.Callee(x.Common())
		args := crapi.CallArgs(x.Common())
		// ObjectMeta's method, or metav1.Object's through client.Object.
		if callee != nil && len(args) == 1 && callee.Name() == "SetFinalizers" && callee.Signature().Recv() != nil && callee.Pkg() != nil && callee.Pkg().Path() == MetaV1Pkg {
			return listElems(args[0])
		}
	}
	return nil
}

// isFinalizersAddr reports whether addr is the address of an ObjectMeta's
// Finalizers field (obj.Finalizers through the embedded ObjectMeta too).
func isFinalizersAddr(addr ssa.Value) bool {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return false
	}
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok || !crapi.IsNamed(ptr.Elem(), MetaV1Pkg, "ObjectMeta") {
		return false
	}
	return ssaflow.FieldName(ptr.Elem(), fa.Field) == "Finalizers"
}

// listElems returns the elements a finalizer list adds, when they are
// known: those appended (append(list, a, b)) or those of a slice literal
// ([]string{a, b}).
func listElems(v ssa.Value) []ssa.Value {
	v = ssaflow.StripConv(v)
	if call, ok := v.(*ssa.Call); ok {
		b, isBuiltin := call.Call.Value.(*ssa.Builtin)
		if !isBuiltin || b.Name() != "append" || len(call.Call.Args) != 2 {
			return nil
		}
		v = call.Call.Args[1]
	}
	elems, ok := ssaflow.VariadicElems(v)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, e := range elems {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// FinalizersSet recognises instr as a store of a whole finalizer list
// into an object: a store into ObjectMeta.Finalizers (an assignment, or
// the field of a composite literal built in place), or a call of
// SetFinalizers (ObjectMeta's, or metav1.Object's through an
// interface). It returns the object (ObjectOf the ObjectMeta: a
// standalone ObjectMeta stays itself) and the list stored. Whether the
// list adds or drops names is the caller's question: Removal and
// ListedFinalizers answer it where the list's shape tells.
func FinalizersSet(instr ssa.Instruction) (obj, list ssa.Value, ok bool) {
	switch x := instr.(type) {
	case *ssa.Store:
		if isFinalizersAddr(x.Addr) {
			return ObjectOf(x.Addr.(*ssa.FieldAddr).X), x.Val, true
		}
	case ssa.CallInstruction:
		cc := x.Common()
		callee := crapi.Callee(cc)
		args := crapi.CallArgs(cc)
		if callee == nil || len(args) != 1 || callee.Name() != "SetFinalizers" || callee.Signature().Recv() == nil || callee.Pkg() == nil || callee.Pkg().Path() != MetaV1Pkg {
			return nil, nil, false
		}
		if recv := crapi.Receiver(cc); recv != nil {
			return ObjectOf(recv), args[0], true
		}
	}
	return nil, nil, false
}

// EmptyList reports whether v is certainly a list with no element: nil,
// or a slice literal with none ([]string{}). Storing it as an object's
// finalizers adds none.
func EmptyList(v ssa.Value) bool {
	v = ssaflow.StripConv(v)
	if ssaflow.IsNil(v) {
		return true
	}
	elems, ok := ssaflow.VariadicElems(v)
	return ok && len(elems) == 0
}
