package crapi

import (
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Callee returns the function or interface method a call invokes; nil for a
// dynamic call of a function value. Generic instantiations are mapped to
// their origin.
func Callee(cc *ssa.CallCommon) *types.Func {
	if cc.IsInvoke() {
		return cc.Method
	}
	f := cc.StaticCallee()
	if f == nil {
		return nil
	}
	return funcOf(f)
}

// CallArgs returns the arguments of a call without its receiver.
func CallArgs(cc *ssa.CallCommon) []ssa.Value {
	if cc.IsInvoke() || boundMethod(cc) != nil {
		return cc.Args
	}
	if fn := Callee(cc); fn != nil && fn.Signature().Recv() != nil && len(cc.Args) > 0 {
		return cc.Args[1:]
	}
	return cc.Args
}

// Receiver returns the receiver of a method call, nil for a function call.
func Receiver(cc *ssa.CallCommon) ssa.Value {
	if cc.IsInvoke() {
		return cc.Value
	}
	if mc := boundMethod(cc); mc != nil {
		return mc.Bindings[0]
	}
	if fn := Callee(cc); fn != nil && fn.Signature().Recv() != nil && len(cc.Args) > 0 {
		return cc.Args[0]
	}
	return nil
}

// boundMethod returns the closure of a call of a method value
// (f := r.Get; f(ctx, key, obj)): SSA calls a bound wrapper whose
// arguments lack the receiver, which is the closure's binding.
func boundMethod(cc *ssa.CallCommon) *ssa.MakeClosure {
	mc, ok := cc.Value.(*ssa.MakeClosure)
	if !ok || len(mc.Bindings) != 1 {
		return nil
	}
	f, ok := mc.Fn.(*ssa.Function)
	if !ok || f.Signature.Recv() != nil {
		return nil
	}
	if obj, ok := f.Object().(*types.Func); ok && obj.Signature().Recv() != nil {
		return mc
	}
	return nil
}

// ClientCallSSA recognises a client method call in SSA form and returns its
// arguments without the receiver (ctx first).
func ClientCallSSA(cc *ssa.CallCommon) (ClientCall, []ssa.Value, bool) {
	fn := Callee(cc)
	if fn == nil {
		return ClientCall{}, nil, false
	}
	var recv types.Type
	if r := Receiver(cc); r != nil {
		recv = r.Type()
	}
	c, ok := ClientCallOf(fn, recv)
	if !ok {
		return ClientCall{}, nil, false
	}
	return c, CallArgs(cc), true
}

// IsCallTo reports whether v is a call of the package-level function
// pkg.name (one of names), and returns the call.
func IsCallTo(v ssa.Value, pkg string, names ...string) (*ssa.Call, bool) {
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, false
	}
	if IsFuncIn(Callee(call.Common()), pkg, names...) {
		return call, true
	}
	return nil, false
}

// Reconciler describes a function that controller-runtime calls to
// reconcile one request.
type Reconciler struct {
	Fn  *ssa.Function
	Ctx *ssa.Parameter
	Req *ssa.Parameter
}

// ReconcilerOf recognises fn as a reconcile function: a Reconcile method
// whose signature is that of reconcile.TypedReconciler[T]
// (ctx, T) (reconcile.Result, error), or a function converted to
// reconcile.Func / reconcile.TypedFunc[T] in its package.
func ReconcilerOf(fn *ssa.Function, funcs map[*ssa.Function]bool) (Reconciler, bool) {
	sig := fn.Signature
	if !isReconcileSig(sig) {
		return Reconciler{}, false
	}
	isMethod := sig.Recv() != nil && fn.Name() == "Reconcile"
	if !isMethod && !funcs[fn] {
		return Reconciler{}, false
	}
	n := len(fn.Params)
	if n < 2 {
		return Reconciler{}, false
	}
	return Reconciler{Fn: fn, Ctx: fn.Params[n-2], Req: fn.Params[n-1]}, true
}

// IsReconcileMethod recognises a Reconcile method of a reconciler type:
// (ctx, T) (Result, error).
func IsReconcileMethod(fn *types.Func) bool {
	return fn != nil && fn.Name() == "Reconcile" && fn.Signature().Recv() != nil && isReconcileSig(fn.Signature())
}

func isReconcileSig(sig *types.Signature) bool {
	return sig.Params().Len() == 2 && IsContext(sig.Params().At(0).Type()) && ReturnsResult(sig)
}

// ReturnsResult reports whether sig returns (reconcile.Result, error), as
// Reconcile and the helpers whose result it returns do.
func ReturnsResult(sig *types.Signature) bool { return ResultErrorAt(sig) == 0 }

// ResultErrorAt returns the index of the Result when sig's last two
// results are (reconcile.Result, error): 0 for a Reconcile, 1 for a step
// helper returning (bool, ctrl.Result, error) whose caller returns the
// pair when the bool says stop; -1 otherwise.
func ResultErrorAt(sig *types.Signature) int {
	res := sig.Results()
	n := res.Len()
	if n < 2 || !IsResult(res.At(n-2).Type()) || !IsError(res.At(n-1).Type()) {
		return -1
	}
	return n - 2
}

// ReconcileFuncs returns the functions of pkg converted to reconcile.Func or
// reconcile.TypedFunc[T] (reconcile.Func(func(ctx, req) ...)).
func ReconcileFuncs(funcs []*ssa.Function) map[*ssa.Function]bool {
	out := map[*ssa.Function]bool{}
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				ct, ok := instr.(*ssa.ChangeType)
				if !ok || !IsNamed(ct.Type(), ReconcilePkg, "TypedFunc") {
					continue
				}
				switch x := ct.X.(type) {
				case *ssa.Function:
					out[x] = true
				case *ssa.MakeClosure:
					if f, ok := x.Fn.(*ssa.Function); ok {
						out[f] = true
					}
				}
			}
		}
	}
	return out
}

// Reconcilers returns the reconcile functions among funcs.
func Reconcilers(funcs []*ssa.Function) []Reconciler {
	conv := ReconcileFuncs(funcs)
	var out []Reconciler
	for _, fn := range funcs {
		if r, ok := ReconcilerOf(fn, conv); ok {
			out = append(out, r)
		}
	}
	return out
}

// ClientSite is a client method call in a function.
type ClientSite struct {
	Call *ssa.Call
	ClientCall
	// Args are the call's arguments without the receiver: ctx, then the
	// key or object.
	Args []ssa.Value
}

// ClientCalls returns the client method calls of fn, in block order.
func ClientCalls(fn *ssa.Function) []ClientSite {
	var out []ClientSite
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			if cc, args, ok := ClientCallSSA(call.Common()); ok {
				out = append(out, ClientSite{Call: call, ClientCall: cc, Args: args})
			}
		}
	}
	return out
}

// IsGetOf reports whether s is a main-resource Get (key, object) and
// returns its key and object arguments.
func (s ClientSite) IsGetOf() (key, obj ssa.Value, ok bool) {
	if s.Method != Get || s.SubResource || len(s.Args) < 3 {
		return nil, nil, false
	}
	return s.Args[1], s.Args[2], true
}

// ReadInto returns the argument a main-resource Get or List fills: the
// object of Get(ctx, key, obj), the list of List(ctx, list, opts...).
func (s ClientSite) ReadInto() (int, ssa.Value, bool) {
	i := map[ClientMethod]int{Get: 2, List: 1}[s.Method]
	if s.SubResource || i == 0 || i >= len(s.Args) {
		return 0, nil, false
	}
	return i, s.Args[i], true
}

// CtrlVar returns the name of the controller-runtime package variable that
// v loads, or "". ctrl.SetControllerReference, ctrl.CreateOrUpdate and
// ctrl.CreateOrPatch are variables holding the controllerutil functions, so
// calls through them are dynamic and crapi.Callee does not see them.
func CtrlVar(v ssa.Value) string {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return ""
	}
	g, ok := u.X.(*ssa.Global)
	if !ok || g.Object() == nil || g.Object().Pkg() == nil || g.Object().Pkg().Path() != CtrlPkg {
		return ""
	}
	return g.Object().Name()
}

// CtrlVarFunc returns the controllerutil function that the
// controller-runtime package variable loaded by v holds
// (ctrl.SetControllerReference, ctrl.CreateOrUpdate, ctrl.CreateOrPatch),
// or nil.
func CtrlVarFunc(v ssa.Value) *types.Func {
	switch name := CtrlVar(v); name {
	case "SetControllerReference", "CreateOrUpdate", "CreateOrPatch":
		g := v.(*ssa.UnOp).X.(*ssa.Global)
		for _, imp := range g.Object().Pkg().Imports() {
			if imp.Path() == ControllerutilPkg {
				f, _ := imp.Scope().Lookup(name).(*types.Func)
				return f
			}
		}
	}
	return nil
}

// IsStatusWrite reports whether the client call c (made by cc) goes to
// the status subresource: c.Status().Update, c.SubResource("status").Patch.
func IsStatusWrite(cc *ssa.CallCommon, c ClientCall) bool {
	return c.SubResource && IsStatusWriter(Receiver(cc))
}

// IsStatusWriter reports whether recv is c.Status() or
// c.SubResource("status").
func IsStatusWriter(recv ssa.Value) bool {
	call, ok := recv.(*ssa.Call)
	if !ok {
		return false
	}
	fn := Callee(call.Common())
	if fn == nil || fn.Signature().Recv() == nil {
		return false
	}
	args := CallArgs(call.Common())
	switch fn.Name() {
	case "Status":
		return len(args) == 0
	case "SubResource":
		if len(args) == 1 {
			s, ok := ConstString(args[0])
			return ok && s == "status"
		}
	}
	return false
}

// ConstString returns the value of a string constant.
func ConstString(v ssa.Value) (string, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(c.Value), true
}

// IsNewManager reports whether cc creates a manager: ctrl.NewManager (a
// variable holding manager.New) or manager.New.
func IsNewManager(cc *ssa.CallCommon) bool {
	if CtrlVar(cc.Value) == "NewManager" {
		return true
	}
	return IsFuncIn(Callee(cc), ManagerPkg, "New")
}

// funcOf returns the declared function of f, a generic instantiation's
// origin.
func funcOf(f *ssa.Function) *types.Func {
	if o := f.Origin(); o != nil {
		f = o
	}
	fn, _ := f.Object().(*types.Func)
	return fn
}

// heldFuncs caches, per SSA package, the package variables its
// initializer sets to a function and no other function of its files
// (test files aside) assigns.
var heldFuncs sync.Map // *ssa.Package -> map[*ssa.Global]*ssa.Function

// HeldFunc returns the function a call through v runs when v loads a
// package variable that holds one for good: a controller-runtime variable
// (ctrl.SetControllerReference), or a variable of the package set once by
// its initializer (cass-operator's
// var setControllerReference = controllerutil.SetControllerReference,
// kept for tests to replace). Nil otherwise.
func HeldFunc(v ssa.Value) *types.Func {
	if f := CtrlVarFunc(v); f != nil {
		return f
	}
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	g, ok := u.X.(*ssa.Global)
	if !ok || g.Pkg == nil {
		return nil
	}
	m, ok := heldFuncs.Load(g.Pkg)
	if !ok {
		m, _ = heldFuncs.LoadOrStore(g.Pkg, scanHeld(g.Pkg))
	}
	f := m.(map[*ssa.Global]*ssa.Function)[g]
	if f == nil {
		return nil
	}
	return funcOf(f)
}

// testHelperFiles caches testHelperFile per file name.
var testHelperFiles sync.Map // string -> bool

// testHelperFile reports whether the Go file at name imports a package
// only tests import (knowledge.TestSupport): test helpers kept beside a
// package's code (cass-operator's testing.go, which swaps
// setControllerReference for a mock), as ssapkg.InTestCode counts them.
func testHelperFile(name string) bool {
	if v, ok := testHelperFiles.Load(name); ok {
		return v.(bool)
	}
	found := false
	if f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly); err == nil {
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil && knowledge.TestSupport(path) {
				found = true
			}
		}
	}
	testHelperFiles.Store(name, found)
	return found
}

func scanHeld(pkg *ssa.Package) map[*ssa.Global]*ssa.Function {
	stores := map[*ssa.Global]int{}
	out := map[*ssa.Global]*ssa.Function{}
	var visit func(fn *ssa.Function)
	visit = func(fn *ssa.Function) {
		if fn.Synthetic == "" && fn.Prog != nil {
			if name := fn.Prog.Fset.Position(fn.Pos()).Filename; strings.HasSuffix(name, "_test.go") || testHelperFile(name) {
				return // a test may swap the function for a mock
			}
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				st, ok := instr.(*ssa.Store)
				if !ok {
					continue
				}
				g, ok := st.Addr.(*ssa.Global)
				if !ok || g.Pkg != pkg {
					continue
				}
				stores[g]++
				if f, ok := st.Val.(*ssa.Function); ok && fn.Synthetic == "package initializer" {
					out[g] = f
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	for _, mem := range pkg.Members {
		switch mem := mem.(type) {
		case *ssa.Function:
			visit(mem)
		case *ssa.Type:
			for sel := range pkg.Prog.MethodSets.MethodSet(types.NewPointer(mem.Type())).Methods() {
				if f := pkg.Prog.MethodValue(sel); f != nil && f.Pkg == pkg {
					visit(f)
				}
			}
		}
	}
	for g, n := range stores {
		if n != 1 {
			delete(out, g)
		}
	}
	return out
}

// IsIndexFieldFunc reports whether t is a function type with the
// signature of client.FieldIndexer's IndexField:
// func(context.Context, client.Object, string, client.IndexerFunc) error.
// A value of that type is how code registers indexes through a function
// value (envoyproxy/ai-gateway's ApplyIndexing(ctx, indexer.IndexField)):
// a call through it is read as an IndexField call.
func IsIndexFieldFunc(t types.Type) bool {
	sig, ok := t.Underlying().(*types.Signature)
	if !ok || sig.Recv() != nil || sig.Variadic() || sig.Params().Len() != 4 || sig.Results().Len() != 1 {
		return false
	}
	p := sig.Params()
	return IsNamed(p.At(0).Type(), "context", "Context") &&
		ctrlNamed(p.At(1).Type(), "Object") &&
		types.Identical(p.At(2).Type(), types.Typ[types.String]) &&
		ctrlNamed(p.At(3).Type(), "IndexerFunc") &&
		IsError(sig.Results().At(0).Type())
}

// ctrlNamed reports whether t is the type name of a package of
// controller-runtime: client.Object and client.IndexerFunc are aliases of
// another package's types since v0.22, and were not before.
func ctrlNamed(t types.Type, name string) bool {
	n := Named(t)
	return n != nil && n.Obj().Pkg() != nil && n.Obj().Name() == name &&
		strings.HasPrefix(n.Obj().Pkg().Path(), "sigs.k8s.io/controller-runtime/")
}
