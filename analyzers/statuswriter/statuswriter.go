package statuswriter

import (
	_ "embed"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/fakeclient"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
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
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, objects.Analyzer, apimarkers.Analyzer, fakeclient.Analyzer},
	Run:      run,
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil
	}
	funcs := ssapkg.Of(pass).SrcFuncs()
	c := &checker{pass: pass, objs: objects.Of(pass), markers: apimarkers.Of(pass), fakes: fakeclient.Of(pass)}
	for _, fn := range funcs {
		for call := range ssaflow.PlainCalls(fn) {
			c.checkWrite(fn, call)
		}
	}
	return nil, nil
}

// write is a recognised write of an object.
type write struct {
	call   *ssa.Call
	obj    ssa.Value
	status bool // Status().Update/Patch, SubResource("status")
	method crapi.ClientMethod
	patch  ssa.Value // a Patch's patch argument
}

func recogniseWrite(call *ssa.Call) (write, bool) {
	cc := call.Common()
	c, args, ok := crapi.ClientCallSSA(cc)
	if !ok || (c.Method != crapi.Update && c.Method != crapi.Patch) || len(args) < 2 {
		return write{}, false
	}
	w := write{call: call, obj: args[1], method: c.Method}
	if c.Method == crapi.Patch && len(args) > 2 {
		w.patch = args[2]
	}
	if c.SubResource {
		if !crapi.IsStatusWrite(cc, c) {
			return write{}, false // scale or another subresource
		}
		w.status = true
	}
	return w, true
}

// checker holds what the checks of one package share.
type checker struct {
	pass    *analysis.Pass
	objs    *objects.Result
	markers *apimarkers.Result
	// fakes tells the clients built by controller-runtime's fake package.
	fakes *fakeclient.Index
}

func (c *checker) checkWrite(fn *ssa.Function, call *ssa.Call) {
	w, ok := recogniseWrite(call)
	if !ok {
		return
	}
	obj := ssaflow.Strip(w.obj)
	if _, isPtr := obj.Type().Underlying().(*types.Pointer); !isPtr || !c.hasStatusSubresource(obj.Type()) {
		return
	}
	has, fake := c.fakes.StatusSubresource(fakeclient.WriterClient(call.Common()), obj.Type())
	if fake && !has {
		// A fake client without the status subresource for the type: its
		// Update and Patch store the status, and its status writer fails
		// loudly (NotFound).
		return
	}
	if !w.status && w.patch != nil && crapi.IsRawPatch(w.patch) {
		// A raw patch writes what its data says (oracle-database-
		// operator's patch of metadata.finalizers), not what the code
		// changed in the object passed with it.
		return
	}
	stops := map[ssa.Instruction]bool{}
	if w.method == crapi.Patch {
		if base := c.patchBase(fn, call, obj); base != nil {
			// A merge patch holds the changes made since its base was
			// copied.
			stops[base] = true
		}
	}
	h := c.objs.History(fn, call, obj, stops)
	switch {
	case !w.status && h.Strong == objects.Status && h.Weak&^objects.Status == 0:
		report(c.pass, fn, w, h, false, false)
	case w.status && h.Strong != 0 && h.Strong&^(objects.Spec|objects.Meta) == 0 && h.Weak&(objects.Status|objects.Unknown|objects.Changed) == 0:
		// The API server's own kinds keep metadata changes made through
		// the status subresource (a Deployment's status strategy resets
		// only its spec and labels, a Job's only its spec): only a spec
		// change is dropped there. The fake client keeps nothing but the
		// status, as a custom resource's status strategy does.
		specOnly := !fake && builtin(obj.Type())
		if specOnly && h.Strong != objects.Spec {
			return
		}
		report(c.pass, fn, w, h, true, specOnly)
	}
}

// patchBase returns the DeepCopy of obj that the merge patch of the Patch
// call was made from: client.MergeFrom(obj.DeepCopy()).
func (c *checker) patchBase(fn *ssa.Function, call *ssa.Call, obj ssa.Value) ssa.Instruction {
	_, args, _ := crapi.ClientCallSSA(call.Common())
	if len(args) < 3 {
		return nil
	}
	_, base, ok := objects.MergeBase(args[2])
	if !ok {
		return nil
	}
	if orig, ok := objects.DeepCopyOf(base); ok && c.objs.Same(fn, orig, obj) {
		return ssaflow.Strip(base).(*ssa.Call)
	}
	return nil
}

func report(pass *analysis.Pass, fn *ssa.Function, w write, h objects.Effect, status, specOnly bool) {
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
	fields := h.FieldNames(objects.Spec | objects.Meta)
	verb := "was"
	if h.Strong == objects.Spec|objects.Meta || len(h.Names) > 1 {
		verb = "were"
	}
	ignores := "everything but status"
	if specOnly {
		ignores = "the spec"
	}
	diag.Reportf(pass, ce, nil,
		"only %s of %s %s changed, but %s writes the status subresource, which ignores %s: the change is silently dropped; use %s",
		fields, objName, verb, writer, ignores, use)
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
