package statuswriter

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports writes of an object with the writer that ignores the
// only part of it that was changed.
var Analyzer = &analysis.Analyzer{
	Name:     "statuswriter",
	Doc:      checkdoc.MustExtract(doc, "statuswriter"),
	URL:      "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/statuswriter.md",
	Requires: []*analysis.Analyzer{ssapkg.Analyzer},
	Run:      run,
	// Facts are exported for the user's modules only (see run).
	FactTypes: []analysis.Fact{new(StatusSubresource), new(Effects)},
}

// Effects is the fact of what an exported function of the user's module
// may do to the objects it is given. Params is indexed like the
// function's SSA parameters (the receiver first); a parameter that is not
// an object has a zero entry.
type Effects struct {
	Params []ParamEffect
}

// ParamEffect holds the classes of changes a function makes to one
// parameter: certainly on some path (Strong), or possibly (Weak).
type ParamEffect struct {
	Strong, Weak uint8
}

// AFact implements analysis.Fact.
func (*Effects) AFact() {}

func (f *Effects) String() string { return fmt.Sprintf("effects%v", f.Params) }

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil
	}
	funcs := ssapkg.Of(pass).SrcFuncs()
	e := newEngine(pass, funcs)
	e.marked = markedTypes(pass)
	for tn := range e.marked {
		pass.ExportObjectFact(tn, new(StatusSubresource))
	}
	exportEffects(pass, e, funcs)
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok {
					checkWrite(pass, e, fn, call)
				}
			}
		}
	}
	return nil, nil
}

// exportEffects exports what each exported function of the package does
// to its object parameters, for callers in other packages.
func exportEffects(pass *analysis.Pass, e *engine, funcs []*ssa.Function) {
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || obj.Pkg() != pass.Pkg || fn.Parent() != nil {
			continue
		}
		fact := &Effects{Params: make([]ParamEffect, len(fn.Params))}
		hasObject := false
		for i, p := range fn.Params {
			if !objectParam(p.Type()) {
				continue
			}
			hasObject = true
			s := e.summary(fn, p)
			fact.Params[i] = ParamEffect{Strong: uint8(s.strong), Weak: uint8(s.weak)}
		}
		if hasObject {
			pass.ExportObjectFact(obj, fact)
		}
	}
}

// objectParam reports whether a parameter of type t may be a Kubernetes
// object: a pointer to an object struct, or an interface with the
// metadata setters (client.Object, metav1.Object).
func objectParam(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		st, ok := u.Elem().Underlying().(*types.Struct)
		return ok && objectStruct(st)
	case *types.Interface:
		for m := range u.Methods() {
			if m.Name() == "SetLabels" {
				return true
			}
		}
	}
	return false
}

// write is a recognised write of an object.
type write struct {
	call   *ssa.Call
	obj    ssa.Value
	status bool // Status().Update/Patch, SubResource("status")
	method crapi.ClientMethod
}

func recogniseWrite(call *ssa.Call) (write, bool) {
	cc := call.Common()
	c, args, ok := crapi.ClientCallSSA(cc)
	if !ok || (c.Method != crapi.Update && c.Method != crapi.Patch) || len(args) < 2 {
		return write{}, false
	}
	w := write{call: call, obj: args[1], method: c.Method}
	if c.SubResource {
		if !isStatusWriter(crapi.Receiver(cc)) {
			return write{}, false // scale or another subresource
		}
		w.status = true
	}
	return w, true
}

// isStatusWriter reports whether recv is c.Status() or
// c.SubResource("status").
func isStatusWriter(recv ssa.Value) bool {
	call, ok := recv.(*ssa.Call)
	if !ok {
		return false
	}
	fn := crapi.Callee(call.Common())
	if fn == nil || fn.Signature().Recv() == nil {
		return false
	}
	args := crapi.CallArgs(call.Common())
	switch fn.Name() {
	case "Status":
		return len(args) == 0
	case "SubResource":
		if len(args) == 1 {
			s, ok := constString(args[0])
			return ok && s == "status"
		}
	}
	return false
}

func checkWrite(pass *analysis.Pass, e *engine, fn *ssa.Function, call *ssa.Call) {
	w, ok := recogniseWrite(call)
	if !ok {
		return
	}
	obj := lifecycle.Strip(w.obj)
	if _, isPtr := obj.Type().Underlying().(*types.Pointer); !isPtr || !e.hasStatusSubresource(obj.Type()) {
		return
	}
	stops := map[ssa.Instruction]bool{}
	if w.method == crapi.Patch {
		if base := patchBase(e.identity(fn), call, obj); base != nil {
			// A merge patch holds the changes made since its base was
			// copied.
			stops[base] = true
		}
	}
	h := e.history(fn, call, obj, stops, 0)
	switch {
	case !w.status && h.strong == clsStatus && h.weak&^clsStatus == 0:
		report(pass, fn, w, h, false)
	case w.status && h.strong != 0 && h.strong&^(clsSpec|clsMeta) == 0 && h.weak&(clsStatus|clsUnknown|clsChanged) == 0:
		report(pass, fn, w, h, true)
	}
}

// patchBase returns the DeepCopy of obj that the merge patch of the Patch
// call was made from: client.MergeFrom(obj.DeepCopy()).
func patchBase(id *identity, call *ssa.Call, obj ssa.Value) ssa.Instruction {
	_, args, _ := crapi.ClientCallSSA(call.Common())
	if len(args) < 3 {
		return nil
	}
	mf, ok := crapi.IsCallTo(lifecycle.Strip(args[2]), crapi.ClientPkg, "MergeFrom", "MergeFromWithOptions", "StrategicMergeFrom")
	if !ok || len(mf.Call.Args) == 0 {
		return nil
	}
	cp, ok := lifecycle.Strip(mf.Call.Args[0]).(*ssa.Call)
	if !ok {
		return nil
	}
	fn := crapi.Callee(cp.Common())
	if fn == nil || (fn.Name() != "DeepCopy" && fn.Name() != "DeepCopyObject") {
		return nil
	}
	if recv := crapi.Receiver(cp.Common()); recv == nil || id.key(recv) != id.key(obj) {
		return nil
	}
	return cp
}

func report(pass *analysis.Pass, fn *ssa.Function, w write, h effect, status bool) {
	ce := ssaflow.CallExpr(fn, w.call)
	if ce == nil || len(ce.Args) < 2 {
		return
	}
	writer := types.ExprString(ce.Fun)
	objName := types.ExprString(ce.Args[1])
	sel, _ := ce.Fun.(*ast.SelectorExpr)
	if !status {
		use := "Status()." + string(w.method)
		if sel != nil {
			use = types.ExprString(sel.X) + ".Status()." + sel.Sel.Name
		}
		diag.Reportf(pass, ce, statusFix(pass, ce, w),
			"only .Status of %s was changed, but %s writes the main resource, which ignores status: the change is silently dropped; use %s",
			objName, writer, use)
		return
	}
	use := string(w.method)
	if sel != nil {
		if inner, ok := ast.Unparen(sel.X).(*ast.CallExpr); ok {
			if isel, ok := inner.Fun.(*ast.SelectorExpr); ok {
				use = types.ExprString(isel.X) + "." + sel.Sel.Name
			}
		}
	}
	fields := h.fieldNames(clsSpec | clsMeta)
	verb := "was"
	if h.strong == clsSpec|clsMeta || len(h.names) > 1 {
		verb = "were"
	}
	diag.Reportf(pass, ce, nil,
		"only %s of %s %s changed, but %s writes the status subresource, which ignores everything but status: the change is silently dropped; use %s",
		fields, objName, verb, writer, use)
}

// statusFix inserts Status(). into r.Update(ctx, obj, ...), when the
// receiver has a Status method and every option is also a subresource
// option.
func statusFix(pass *analysis.Pass, ce *ast.CallExpr, w write) []analysis.SuggestedFix {
	sel, ok := ce.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil
	}
	recvType := pass.TypesInfo.TypeOf(sel.X)
	if recvType == nil {
		return nil
	}
	m, _, _ := types.LookupFieldOrMethod(recvType, true, pass.Pkg, "Status")
	fn, ok := m.(*types.Func)
	if !ok || fn.Signature().Params().Len() != 0 || fn.Signature().Results().Len() != 1 ||
		!crapi.IsNamed(fn.Signature().Results().At(0).Type(), crapi.ClientPkg, "SubResourceWriter") {
		return nil
	}
	optIface, fixed := "SubResourceUpdateOption", 2
	if w.method == crapi.Patch {
		optIface, fixed = "SubResourcePatchOption", 3
	}
	it := crapi.LookupType(pass.Pkg, crapi.ClientPkg, optIface)
	if it == nil {
		return nil
	}
	iface, ok := it.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for i := fixed; i < len(ce.Args); i++ {
		t := pass.TypesInfo.TypeOf(ce.Args[i])
		if t == nil {
			return nil
		}
		if i == len(ce.Args)-1 && ce.Ellipsis.IsValid() {
			s, ok := t.Underlying().(*types.Slice)
			if !ok {
				return nil
			}
			t = s.Elem()
		}
		if !types.Implements(t, iface) {
			return nil
		}
	}
	return []analysis.SuggestedFix{{
		Message:   "Write the status subresource with Status()." + sel.Sel.Name,
		TextEdits: []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.Pos(), NewText: []byte("Status().")}},
	}}
}
