package ssapkg

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Analyzer provides a *Program as its result.
var Analyzer = &analysis.Analyzer{
	Name:       "ssapkg",
	Doc:        "build the SSA form of the package lazily, once, and only for the user's own modules",
	Run:        run,
	ResultType: reflect.TypeOf((*Program)(nil)),
	FactTypes:  []analysis.Fact{new(Kubernetes)},
}

// Program is the lazily built SSA form of one package.
type Program struct {
	pass     *analysis.Pass
	relevant bool
	once     sync.Once
	pkg      *ssa.Package
	funcs    []*ssa.Function

	callersOnce sync.Once
	callers     map[*ssa.Function][]ssa.CallInstruction
}

func run(pass *analysis.Pass) (any, error) {
	p := &Program{pass: pass}
	if !IsDependency(pass) && relevant(pass) {
		p.relevant = true
		pass.ExportPackageFact(&Kubernetes{Yes: true})
	}
	return p, nil
}

// IsDependency reports whether pass analyses a package of a dependency
// module (one fetched at a version) or of the standard library, as opposed
// to the user's own modules.
func IsDependency(pass *analysis.Pass) bool {
	if pass.Module == nil {
		// No module: the standard library (whose import paths have no dot
		// in their first element), or GOPATH mode.
		return knowledge.StandardLibrary(pass.Pkg.Path())
	}
	return pass.Module.Version != ""
}

// Package returns the package's SSA form; nil for a dependency package or
// a package with type errors.
func (p *Program) Package() *ssa.Package {
	p.once.Do(p.build)
	return p.pkg
}

// SrcFuncs returns the package's source functions, closures included, in
// source order; none for a dependency package.
func (p *Program) SrcFuncs() []*ssa.Function {
	p.once.Do(p.build)
	return p.funcs
}

// Callers returns the static call sites of each function in the
// package's source functions outside _test.go files (WithoutTestCallers
// of them), computed once for every check that asks "do all the
// program's callers ...". A function also used as a value has callers
// this does not see (ssaflow.UsedAsValue). pass is the asking analyzer's,
// for the test files (the Program keeps no pass).
func (p *Program) Callers(pass *analysis.Pass) map[*ssa.Function][]ssa.CallInstruction {
	p.callersOnce.Do(func() {
		all := map[*ssa.Function][]ssa.CallInstruction{}
		for _, fn := range p.SrcFuncs() {
			for _, b := range fn.Blocks {
				for _, instr := range b.Instrs {
					if call, ok := instr.(ssa.CallInstruction); ok {
						if callee := call.Common().StaticCallee(); callee != nil {
							all[callee] = append(all[callee], call)
						}
					}
				}
			}
		}
		p.callers = WithoutTestCallers(pass, all)
	})
	return p.callers
}

// InitFuncs returns the package's synthetic init function, which holds
// the initializers of package-level variables, and their closures
// (var _ = Describe("...", func() {...}): Ginkgo specs live there). They
// are not among SrcFuncs.
func (p *Program) InitFuncs() []*ssa.Function {
	pkg := p.Package()
	if pkg == nil {
		return nil
	}
	init := pkg.Func("init")
	if init == nil {
		return nil
	}
	var out []*ssa.Function
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		out = append(out, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	add(init)
	return out
}

// build is buildssa's construction, with a fixed set of functions known not
// to return instead of ctrlflow's noReturn facts: those facts would make go
// vet run every SSA-based analyzer on every dependency package.
func (p *Program) build() {
	pass := p.pass
	p.pass = nil // let the pass be collected
	if IsDependency(pass) || len(pass.TypeErrors) > 0 || !p.relevant {
		return
	}
	prog := ssa.NewProgram(pass.Fset, 0)
	prog.SetNoReturn(knowledge.NoReturn)
	for _, imp := range pass.Pkg.Imports() {
		prog.CreatePackage(imp, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	var add func(f *ssa.Function)
	add = func(f *ssa.Function) {
		p.funcs = append(p.funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			obj, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(obj); f != nil {
				add(f)
			}
		}
	}
	p.pkg = pkg
}

// relevant reports whether the package refers to anything the checks are
// about: an object of controller-runtime or of a k8s.io module (client-go,
// apimachinery, api), or an object of a package of the user's that does
// (known by its Kubernetes fact). A package that does neither, such as a
// SQL client or a string utility, can contain no reconciler, builder chain
// or helper worth a fact, and is the most common kind of package whose SSA
// would be built for nothing.
func relevant(pass *analysis.Pass) bool {
	seen := map[*types.Package]bool{}
	for _, obj := range pass.TypesInfo.Uses {
		if obj == nil || obj.Pkg() == nil || obj.Pkg() == pass.Pkg || seen[obj.Pkg()] {
			continue
		}
		seen[obj.Pkg()] = true
		if knowledge.KubernetesLibrary(obj.Pkg().Path()) || pass.ImportPackageFact(obj.Pkg(), new(Kubernetes)) {
			return true
		}
	}
	return false
}

// Kubernetes is the fact of a package of the user's that refers to
// Kubernetes APIs, directly or through another such package.
type Kubernetes struct {
	Yes bool // gob needs a field
}

// AFact marks Kubernetes as an analysis fact.
func (*Kubernetes) AFact() {}

func (*Kubernetes) String() string { return "kubernetes" }

// InModule reports whether path is a package of the module pass analyses;
// false when that is not known (GOPATH mode, no module).
func InModule(pass *analysis.Pass, path string) bool {
	m := pass.Module
	return m != nil && m.Path != "" && (path == m.Path || strings.HasPrefix(path, m.Path+"/"))
}

// Of returns the Program of pass, whose analyzer must require Analyzer.
func Of(pass *analysis.Pass) *Program {
	return pass.ResultOf[Analyzer].(*Program)
}

// InTestFile reports whether pos lies in a _test.go file: code there
// (stubs, fakes, helpers building objects) is not the controller's.
func InTestFile(pass *analysis.Pass, pos token.Pos) bool {
	f := pass.Fset.File(pos)
	return f != nil && strings.HasSuffix(f.Name(), "_test.go")
}

// InTestCode reports whether pos lies in test code: a _test.go file; a
// file that imports a package only tests import (knowledge.TestSupport:
// testing, httptest, controller-runtime's envtest), such as the test
// helpers some packages keep beside their code (cass-operator's
// pkg/reconciliation/testing.go); any file of a package all of whose
// non-test files do, a package that exists for tests (cass-operator's
// internal/envtest: a fake management API and the fake StatefulSet
// controller its envtest suite runs); or a declaration that fakes a
// deletion (see fakesDeletion: gateway-api-inference-extension's test
// wrappers, a package importing nothing only tests import). Checks of
// the controller's own code skip it.
func InTestCode(pass *analysis.Pass, pos token.Pos) bool {
	if InTestFile(pass, pos) {
		return true
	}
	support := testSupportFiles(pass)
	tf := pass.Fset.File(pos)
	if tf != nil && support.files[tf] || support.all {
		return true
	}
	for _, d := range support.fakes[tf] {
		if d.pos <= pos && pos < d.end {
			return true
		}
	}
	return false
}

// testSupport is, for a package, which of its non-test files import a
// package only tests import, whether all do, and the declarations of the
// others that fake a deletion.
type testSupport struct {
	files map[*token.File]bool
	all   bool
	fakes map[*token.File][]span
}

// span is the extent of a declaration.
type span struct{ pos, end token.Pos }

// testSupportCache caches testSupportFiles per package.
var testSupportCache sync.Map // *types.Package -> testSupport

func testSupportFiles(pass *analysis.Pass) testSupport {
	if v, ok := testSupportCache.Load(pass.Pkg); ok {
		return v.(testSupport)
	}
	ts := testSupport{files: map[*token.File]bool{}}
	n := 0
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil || strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		n++
		for _, imp := range f.Imports {
			if path, err := strconv.Unquote(imp.Path.Value); err == nil && knowledge.TestSupport(path) {
				ts.files[tf] = true
			}
		}
	}
	ts.all = n > 0 && len(ts.files) == n
	if !ts.all {
		ts.fakes = fakeDeletions(pass, ts.files)
	}
	testSupportCache.Store(pass.Pkg, ts)
	return ts
}

// fakeDeletions returns, per non-test file not already test support, the
// top-level declarations (a function with its closures, one spec of a
// var or const declaration) that fake a deletion.
func fakeDeletions(pass *analysis.Pass, support map[*token.File]bool) map[*token.File][]span {
	var out map[*token.File][]span
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.Pos())
		if tf == nil || support[tf] || strings.HasSuffix(tf.Name(), "_test.go") {
			continue
		}
		add := func(n ast.Node) {
			if fakesDeletion(pass.TypesInfo, n) {
				if out == nil {
					out = map[*token.File][]span{}
				}
				out[tf] = append(out[tf], span{n.Pos(), n.End()})
			}
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				add(d)
			case *ast.GenDecl:
				for _, spec := range d.Specs {
					add(spec)
				}
			}
		}
	}
	return out
}

// fakesDeletion reports whether n gives an object a deletion timestamp
// the code makes up (ObjectMeta's DeletionTimestamp assigned or set in a
// literal, SetDeletionTimestamp called, with a value not copied from
// another object's deletion timestamp nor handed in as a parameter). Only
// the API server sets a real object's: it wipes the field on create
// (apiserver's rest.WipeObjectMetaSystemFields) and refuses a change on
// update (apimachinery's ValidateObjectMetaUpdate, "deletionTimestamp"
// immutable), so such an object lives only in memory: a fake built for a
// test (gateway-api-inference-extension's PodWrapper.DeletionTimestamp,
// which also gives the Pod a finalizer "finalizer", as a terminating
// object needs one). Its code is test code.
func fakesDeletion(info *types.Info, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignStmt:
			if x.Tok != token.ASSIGN && x.Tok != token.DEFINE || len(x.Lhs) != len(x.Rhs) {
				break
			}
			for i, l := range x.Lhs {
				if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok && deletionField(info, sel.Sel) && madeUp(info, x.Rhs[i]) {
					found = true
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := x.Key.(*ast.Ident); ok && deletionField(info, id) && madeUp(info, x.Value) {
				found = true
			}
		case *ast.CallExpr:
			sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
			if !ok || sel.Sel.Name != "SetDeletionTimestamp" || len(x.Args) != 1 {
				break
			}
			if fn, ok := info.Uses[sel.Sel].(*types.Func); ok && metaPkg(fn.Pkg()) && madeUp(info, x.Args[0]) {
				found = true
			}
		}
		return !found
	})
	return found
}

// deletionField reports whether id names ObjectMeta's DeletionTimestamp
// (promoted through an object that embeds it too).
func deletionField(info *types.Info, id *ast.Ident) bool {
	if id.Name != "DeletionTimestamp" {
		return false
	}
	v, ok := info.Uses[id].(*types.Var)
	return ok && v.IsField() && metaPkg(v.Pkg())
}

// metaPkg reports whether p is apimachinery's metav1 or its
// unstructured package (Unstructured.SetDeletionTimestamp).
func metaPkg(p *types.Package) bool {
	return p != nil && (p.Path() == crapi.MetaV1Pkg || p.Path() == crapi.UnstructuredPkg)
}

// madeUp reports whether e, a deletion timestamp given to an object, is
// one the code makes up: not nil, not read from another object's
// (x.DeletionTimestamp, x.GetDeletionTimestamp(), a copy of either), not
// a parameter (the caller's value, maybe a real one).
func madeUp(info *types.Info, e ast.Expr) bool {
	e = ast.Unparen(e)
	if tv, ok := info.Types[e]; ok && tv.IsNil() {
		return false
	}
	copied := false
	ast.Inspect(e, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok && (sel.Sel.Name == "DeletionTimestamp" || sel.Sel.Name == "GetDeletionTimestamp") {
			copied = true
		}
		return !copied
	})
	if copied {
		return false
	}
	for {
		switch x := e.(type) {
		case *ast.UnaryExpr:
			e = ast.Unparen(x.X)
			continue
		case *ast.StarExpr:
			e = ast.Unparen(x.X)
			continue
		case *ast.Ident:
			if v, ok := info.Uses[x].(*types.Var); ok && (v.Kind() == types.ParamVar || v.Kind() == types.RecvVar) {
				return false
			}
		}
		return true
	}
}

// WithoutTestCallers returns callers (a function's static call sites)
// without the calls made in _test.go files: a test that calls a helper on
// an object it made by hand says nothing about how the program calls it,
// so "every caller does this" is decided on the program's own calls.
func WithoutTestCallers(pass *analysis.Pass, callers map[*ssa.Function][]ssa.CallInstruction) map[*ssa.Function][]ssa.CallInstruction {
	out := make(map[*ssa.Function][]ssa.CallInstruction, len(callers))
	for fn, sites := range callers {
		var kept []ssa.CallInstruction
		for _, s := range sites {
			if !InTestCode(pass, s.Parent().Pos()) {
				kept = append(kept, s)
			}
		}
		if len(kept) > 0 {
			out[fn] = kept
		}
	}
	return out
}
