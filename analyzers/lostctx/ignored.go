package lostctx

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// What the implementations of an interface method do with their
// context.Context parameter, as bits of Implementations.Methods.
const (
	ctxIgnored uint8 = 1 << iota // an implementation never uses it
	ctxUsed                      // an implementation uses it, or may
)

// Implementations is the fact of a package of the user's module: for the
// methods with a context.Context parameter of the exported interfaces of
// the module it sees (its own and those of the packages it imports), what
// the implementations it knows do with that parameter: those of its own
// types and, through the same fact of the packages it imports, those of
// the packages it depends on. A reconcile that hands a context.TODO() to
// such a method, through the interface, loses nothing when every known
// implementation ignores its context (openyurt's EdgeX clients, whose
// requests never take one). The fact is transitive because an
// implementation is often in a package the caller does not import, nor
// sees through the types of its imports (a constructor returns the
// interface), whose own facts go vet would not give the caller.
type Implementations struct {
	// Methods maps "pkgpath.Interface.Method" to ctxIgnored and/or ctxUsed.
	Methods map[string]uint8
}

// AFact marks Implementations as a fact.
func (*Implementations) AFact() {}

func (f *Implementations) String() string {
	keys := make([]string, 0, len(f.Methods))
	for k := range f.Methods {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	b.WriteString("implementations(")
	for i, k := range keys {
		if i > 0 {
			b.WriteString(" ")
		}
		what := "uses ctx"
		switch f.Methods[k] {
		case ctxIgnored:
			what = "ignores ctx"
		case ctxIgnored | ctxUsed:
			what = "some use ctx"
		}
		fmt.Fprintf(&b, "%s: %s;", k, what)
	}
	b.WriteString(")")
	return b.String()
}

// ignorer answers whether a callee ignores the context handed to it.
type ignorer struct {
	pass *analysis.Pass
	// imported merges the Implementations facts of the direct imports.
	imported map[string]uint8
	// own memoises what the package's own types do, per interface.
	own   map[*types.Named]map[string]uint8
	decls map[*types.Func]*ast.FuncDecl
}

func newIgnorer(pass *analysis.Pass) *ignorer {
	ig := &ignorer{pass: pass, imported: map[string]uint8{}, own: map[*types.Named]map[string]uint8{}}
	for _, imp := range pass.Pkg.Imports() {
		var f Implementations
		if pass.ImportPackageFact(imp, &f) {
			for k, v := range f.Methods {
				ig.imported[k] |= v
			}
		}
	}
	return ig
}

// exportImplementations exports the package's Implementations fact: the
// facts of its imports merged with what its own types do for the exported
// interfaces of the module that it or its direct imports declare.
func (ig *ignorer) exportImplementations() {
	pass := ig.pass
	out := map[string]uint8{}
	for k, v := range ig.imported {
		out[k] |= v
	}
	pkgs := append([]*types.Package{pass.Pkg}, pass.Pkg.Imports()...)
	for _, p := range pkgs {
		if p != pass.Pkg && !ssapkg.InModule(pass, p.Path()) {
			continue
		}
		for _, name := range p.Scope().Names() {
			tn, ok := p.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() {
				continue
			}
			iface := moduleInterface(tn.Type())
			if iface == nil {
				continue
			}
			for m, v := range ig.ownUse(iface) {
				out[methodKey(iface, m)] |= v
			}
		}
	}
	if len(out) > 0 {
		pass.ExportPackageFact(&Implementations{Methods: out})
	}
}

// moduleInterface returns t as a named, non-generic interface type with a
// method that has a context.Context parameter; nil otherwise.
func moduleInterface(t types.Type) *types.Named {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 {
		return nil
	}
	it, ok := n.Underlying().(*types.Interface)
	if !ok {
		return nil
	}
	for i := 0; i < it.NumMethods(); i++ {
		if contextParam(it.Method(i).Signature()) >= 0 {
			return n
		}
	}
	return nil
}

func methodKey(iface *types.Named, method string) string {
	return iface.Obj().Pkg().Path() + "." + iface.Obj().Name() + "." + method
}

// contextParam returns the index of sig's first context.Context
// parameter, or -1.
func contextParam(sig *types.Signature) int {
	for i := 0; i < sig.Params().Len(); i++ {
		if crapi.IsContext(sig.Params().At(i).Type()) {
			return i
		}
	}
	return -1
}

// ownUse returns, for each method of iface with a context parameter, what
// the implementations among the package's own types (outside test code)
// do with it.
func (ig *ignorer) ownUse(iface *types.Named) map[string]uint8 {
	if m, ok := ig.own[iface]; ok {
		return m
	}
	pass := ig.pass
	out := map[string]uint8{}
	it := iface.Underlying().(*types.Interface)
	scope := pass.Pkg.Scope()
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok || tn.IsAlias() {
			continue
		}
		n, ok := tn.Type().(*types.Named)
		if !ok || n.TypeParams().Len() > 0 || types.IsInterface(n) || ssapkg.InTestCode(pass, tn.Pos()) {
			continue
		}
		var recv types.Type
		switch {
		case types.Implements(n, it):
			recv = n
		case types.Implements(types.NewPointer(n), it):
			recv = types.NewPointer(n)
		default:
			continue
		}
		for i := 0; i < it.NumMethods(); i++ {
			m := it.Method(i)
			idx := contextParam(m.Signature())
			if idx < 0 {
				continue
			}
			obj, _, _ := types.LookupFieldOrMethod(recv, true, tn.Pkg(), m.Name())
			f, _ := obj.(*types.Func)
			out[m.Name()] |= ig.paramUse(f, idx)
		}
	}
	ig.own[iface] = out
	return out
}

// paramUse says what the method f of the package does with its parameter
// idx: ctxUsed when that is not known (a method promoted from another
// package, no body).
func (ig *ignorer) paramUse(f *types.Func, idx int) uint8 {
	if f == nil || f.Pkg() != ig.pass.Pkg || idx >= f.Signature().Params().Len() {
		return ctxUsed
	}
	if ig.decls == nil {
		ig.decls = map[*types.Func]*ast.FuncDecl{}
		for _, file := range ig.pass.Files {
			for _, d := range file.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok {
					if obj, ok := ig.pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
						ig.decls[obj] = fd
					}
				}
			}
		}
	}
	fd := ig.decls[f]
	if fd == nil || fd.Body == nil {
		return ctxUsed
	}
	p := f.Signature().Params().At(idx)
	if !named(p) {
		return ctxIgnored
	}
	used := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && ig.pass.TypesInfo.Uses[id] == p {
			used = true
		}
		return !used
	})
	if used {
		return ctxUsed
	}
	return ctxIgnored
}

// ignoredArg reports whether the callee of cc never uses its argument i,
// a context: a function of the package whose parameter has no use
// (worker-operator's GetAllowedNamespacesBySliceNameAndLabel), or a
// method of an interface of the module every known implementation of
// which, at least one, ignores its context parameter.
func (ig *ignorer) ignoredArg(cc *ssa.CallCommon, i int) bool {
	if cc.IsInvoke() {
		return ig.invokeIgnores(cc, i)
	}
	callee := cc.StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || i >= len(callee.Params) {
		return false
	}
	refs := callee.Params[i].Referrers()
	return refs != nil && len(*refs) == 0
}

func (ig *ignorer) invokeIgnores(cc *ssa.CallCommon, i int) bool {
	m := cc.Method
	if m == nil || contextParam(m.Signature()) != i {
		return false
	}
	iface := moduleInterface(cc.Value.Type())
	if iface == nil {
		// An interface literal, or one embedding the method's: the
		// interface that declares it.
		iface = moduleInterface(m.Signature().Recv().Type())
	}
	if iface == nil {
		return false
	}
	if p := iface.Obj().Pkg(); p != ig.pass.Pkg && !ssapkg.InModule(ig.pass, p.Path()) {
		return false
	}
	use := ig.imported[methodKey(iface, m.Name())] | ig.ownUse(iface)[m.Name()]
	return use == ctxIgnored
}

// handedToCall reports whether the context v makes is an argument of a
// call (a client call, a clientset call, a helper), directly; not when the
// callee never uses that parameter (ignoredArg), not when the call is a go
// statement's, nor when it derives a context only goroutines use
// (detached).
func (ig *ignorer) handedToCall(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		c, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if _, isGo := c.(*ssa.Go); isGo {
			continue // the goroutine's context, which may outlive the reconcile
		}
		if knowledge.StartsLifetime(crapi.Callee(c.Common())) {
			continue // the lifetime of what it starts, not a request's
		}
		for i, a := range c.Common().Args {
			if ssaflow.Strip(a) != v {
				continue
			}
			if ig.ignoredArg(c.Common(), i) {
				continue // nothing is lost
			}
			if d := derivedFrom(c, i); d != nil && ig.detached(d, 0) {
				continue
			}
			return true
		}
	}
	return false
}

// derivedFrom returns the context that call c derives from its argument
// i (context.WithCancel(ctx) and the other derivers), if it does.
func derivedFrom(c ssa.CallInstruction, i int) ssa.Value {
	call, ok := c.(*ssa.Call)
	if !ok || i != 0 {
		return nil
	}
	if _, ok := knowledge.DeriverOf(crapi.Callee(call.Common())); !ok {
		return nil
	}
	if _, tuple := call.Type().(*types.Tuple); tuple {
		return ssaflow.Extract(call, 0)
	}
	return call
}

// detached reports whether the context v loses nothing of a request: it
// is used, and every use is an argument of a go statement, a variable a
// closure started by a go statement captures, an argument its callee
// never uses (ignoredArg), or the parent of a derived context that is
// detached itself. The cancel function of a derived context may go
// anywhere (stored to stop the goroutine later).
func (ig *ignorer) detached(v ssa.Value, depth int) bool {
	if v == nil || depth > 4 {
		return false
	}
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Go:
		case *ssa.MakeClosure:
			if !goOnly(r) {
				return false
			}
		case *ssa.Store:
			alloc, ok := r.Addr.(*ssa.Alloc)
			if !ok || r.Val != v || !ig.detachedCell(alloc, depth) {
				return false
			}
		case ssa.CallInstruction:
			found := false
			for i, a := range r.Common().Args {
				if ssaflow.Strip(a) != v {
					continue
				}
				found = true
				if ig.ignoredArg(r.Common(), i) {
					continue
				}
				if d := derivedFrom(r, i); d != nil && ig.detached(d, depth+1) {
					continue
				}
				return false
			}
			if !found {
				return false // the receiver of a call
			}
		default:
			return false
		}
	}
	return true
}

// detachedCell reports whether the local variable alloc is only stored to
// and read for detached uses, or captured by closures started by go
// statements.
func (ig *ignorer) detachedCell(alloc *ssa.Alloc, depth int) bool {
	refs := alloc.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.DebugRef:
		case *ssa.Store:
			if r.Addr != alloc {
				return false
			}
		case *ssa.MakeClosure:
			if !goOnly(r) {
				return false
			}
		case *ssa.UnOp:
			if r.Op != token.MUL || !ig.detached(r, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// goOnly reports whether the closure c is only started by go statements.
func goOnly(c *ssa.MakeClosure) bool {
	refs := c.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.Go); !ok {
			return false
		}
	}
	return true
}
