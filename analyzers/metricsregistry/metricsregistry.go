package metricsregistry

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer is the metricsregistry check. The registry gives it its URL (its page),
// its enable flag and the //reconcilecheck:ignore directives.
var Analyzer = &analysis.Analyzer{
	Name:      "metricsregistry",
	Doc:       checkdoc.MustExtract(doc, "metricsregistry"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, reach.Analyzer, wiring.Analyzer},
	FactTypes: []analysis.Fact{new(Registrations)},
	Run:       run,
}

// Registrations is the fact of a package of the module, and of its
// exported functions, types and variables that reach registrations.
//
// As a package fact: the registrations on Prometheus' default registry
// that initialising the package runs (its variables' initializers and
// init functions, and what they call), and the uses of the default
// registry or of metrics.Registry that may serve the default registry
// (Opens); both with those of the module's packages it imports. As an
// object fact: the registrations the code of the function, the methods
// of the type or the functions the variable holds may run. Package main
// judges them against what its managers serve.
type Registrations struct {
	Regs  []Registration
	Opens []string
}

// Registration is a call that registers collectors on the default
// registry.
type Registration struct {
	// Call is what is called ("promauto.NewCounter"), At where
	// ("metrics.go:12"), Pkg the package's path.
	Call, At, Pkg string
	pos           token.Pos // in the analysed package only
}

// AFact marks Registrations as a fact.
func (*Registrations) AFact() {}

func (f *Registrations) String() string {
	var parts []string
	for _, r := range f.Regs {
		parts = append(parts, r.Call+" at "+r.At)
	}
	s := strings.Join(parts, ", ")
	if len(f.Opens) > 0 {
		s += "; open: " + strings.Join(f.Opens, ", ")
	}
	return "registrations(" + s + ")"
}

func (f *Registrations) empty() bool { return len(f.Regs)+len(f.Opens) == 0 }

func (f *Registrations) add(o *Registrations) {
	for _, r := range o.Regs {
		if !slices.ContainsFunc(f.Regs, func(x Registration) bool { return x.At == r.At && x.Pkg == r.Pkg }) {
			f.Regs = append(f.Regs, r)
		}
	}
	for _, s := range o.Opens {
		if !slices.Contains(f.Opens, s) {
			f.Opens = append(f.Opens, s)
		}
	}
}

type checker struct {
	pass   *analysis.Pass
	graph  *reach.Graph
	direct map[*ssa.Function][]Registration
	// onParam holds, for the package's functions that only register on
	// a prometheus.Registerer parameter, that parameter's index.
	onParam map[*types.Func]int
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, graph: reach.Of(pass).SourceGraph(), direct: map[*ssa.Function][]Registration{}}
	c.onParam = c.registererParams()
	src := reach.Of(pass).Source()
	for _, fn := range src {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for call := range ssaflow.Calls(fn) {
			if name, ok := c.registrationSSA(call.Common()); ok && !diag.Silenced(pass, call.Pos()) {
				c.direct[fn] = append(c.direct[fn], c.reg(name, call.Pos()))
			}
		}
	}
	// The package fact: what initialising it runs, what may serve the
	// default registry, and the same of the module's packages it imports.
	pkgFact := &Registrations{}
	for _, imp := range pass.Pkg.Imports() {
		var f Registrations
		if ssapkg.InModule(pass, imp.Path()) && pass.ImportPackageFact(imp, &f) {
			pkgFact.add(&f)
		}
	}
	var init *ssa.Function
	if p := ssapkg.Of(pass).Package(); p != nil {
		init = p.Func("init")
	}
	if init != nil {
		pkgFact.add(c.walk([]*ssa.Function{init}, nil))
	} else {
		// No SSA (a package that refers to no Kubernetes API, such as a
		// metrics package of the module): the registrations written in
		// its variables' initializers and init functions.
		pkgFact.add(&Registrations{Regs: c.initSyntax()})
	}
	pkgFact.Opens = append(pkgFact.Opens, c.opens()...)
	if pass.Pkg.Name() == "main" {
		c.judge(pkgFact)
		return nil, nil
	}
	if !pkgFact.empty() {
		pass.ExportPackageFact(pkgFact)
	}
	c.exportFacts(src)
	return nil, nil
}

func (c *checker) reg(call string, pos token.Pos) Registration {
	return Registration{Call: call, At: diag.At(c.pass, pos), Pkg: c.pass.Pkg.Path(), pos: pos}
}

// walk returns the registrations the code fns and the methods of tns may
// run makes: the package's own, and those of the imported functions,
// types and variables it refers to (their facts).
func (c *checker) walk(fns []*ssa.Function, tns []*types.TypeName) *Registrations {
	out := &Registrations{}
	c.graph.Walk(fns, tns, func(fn *ssa.Function) {
		out.add(&Registrations{Regs: c.direct[fn]})
	}, func(obj types.Object) {
		var f Registrations
		if c.pass.ImportObjectFact(obj, &f) {
			out.add(&Registrations{Regs: f.Regs})
		}
	})
	return out
}

// exportFacts exports, for each root of the package's graph (reach's
// Roots and RootVars), the registrations the code it may run makes.
func (c *checker) exportFacts(src []*ssa.Function) {
	fns, tns := c.graph.Roots(src)
	for _, fn := range fns {
		if f := c.walk([]*ssa.Function{fn}, nil); !f.empty() {
			c.pass.ExportObjectFact(fn.Object(), f)
		}
	}
	for _, tn := range tns {
		if f := c.walk(nil, []*types.TypeName{tn}); !f.empty() {
			c.pass.ExportObjectFact(tn, f)
		}
	}
	for _, gl := range c.graph.RootVars() {
		if f := c.walk(c.graph.Stored(gl), nil); !f.empty() {
			c.pass.ExportObjectFact(gl.Object(), f)
		}
	}
}

// registrationSSA returns the name of the registration on the default
// registry that cc makes: a RegistersDefault function of knowledge,
// Register/MustRegister called on prometheus.DefaultRegisterer itself, or
// a function of the package that only registers on its Registerer
// parameter given prometheus.DefaultRegisterer (kro's
// `MustRegister(prometheus.DefaultRegisterer)` in an init).
func (c *checker) registrationSSA(cc *ssa.CallCommon) (string, bool) {
	callee := crapi.Callee(cc)
	if callee == nil {
		return "", false
	}
	if knowledge.MetricsRoleOf(callee) == knowledge.RegistersDefault {
		return callee.Pkg().Name() + "." + callee.Name(), true
	}
	if i, ok := c.onParam[callee]; ok && !cc.IsInvoke() && i < len(cc.Args) {
		if g := defaultRegistryLoad(cc.Args[i]); g != nil {
			return fmt.Sprintf("%s.%s(%s.%s)", callee.Pkg().Name(), callee.Name(), g.Pkg().Name(), g.Name()), true
		}
	}
	if !cc.IsInvoke() || (callee.Name() != "Register" && callee.Name() != "MustRegister") {
		return "", false
	}
	if g := defaultRegistryLoad(cc.Value); g != nil {
		return g.Pkg().Name() + "." + g.Name() + "." + callee.Name(), true
	}
	return "", false
}

// defaultRegistryLoad returns prometheus.DefaultRegisterer when v is a
// load of it.
func defaultRegistryLoad(v ssa.Value) types.Object {
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.MUL {
		if g, ok := u.X.(*ssa.Global); ok && knowledge.MetricsRoleOf(g.Object()) == knowledge.DefaultRegistry {
			return g.Object()
		}
	}
	return nil
}

// registrationSyntax is registrationSSA on syntax.
func (c *checker) registrationSyntax(call *ast.CallExpr) (string, bool) {
	info := c.pass.TypesInfo
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn != nil && knowledge.MetricsRoleOf(fn) == knowledge.RegistersDefault {
		return fn.Pkg().Name() + "." + fn.Name(), true
	}
	if i, ok := c.onParam[fn]; ok && fn != nil && i < len(call.Args) {
		if v := usedVar(info, call.Args[i]); v != nil && knowledge.MetricsRoleOf(v) == knowledge.DefaultRegistry {
			return fmt.Sprintf("%s.%s(%s.%s)", fn.Pkg().Name(), fn.Name(), v.Pkg().Name(), v.Name()), true
		}
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || (sel.Sel.Name != "Register" && sel.Sel.Name != "MustRegister") {
		return "", false
	}
	if v := usedVar(info, sel.X); v != nil && knowledge.MetricsRoleOf(v) == knowledge.DefaultRegistry {
		return v.Pkg().Name() + "." + v.Name() + "." + sel.Sel.Name, true
	}
	return "", false
}

// registererParams returns the functions declared in the package (outside
// test code) with a prometheus.Registerer parameter on which they only
// register (every use is `p.Register(...)` or `p.MustRegister(...)`),
// with its index: a call giving prometheus.DefaultRegisterer there
// registers on the default registry. A parameter used otherwise (stored,
// handed on, served) is not one: that call stays an open use of the
// default registry.
func (c *checker) registererParams() map[*types.Func]int {
	info := c.pass.TypesInfo
	out := map[*types.Func]int{}
	for _, f := range c.sourceFiles() {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, _ := info.Defs[fd.Name].(*types.Func)
			if fn == nil {
				continue
			}
			params := fn.Signature().Params()
			for i := range params.Len() {
				p := params.At(i)
				if !knowledge.IsRegisterer(p.Type()) || !onlyRegisters(info, fd.Body, p) {
					continue
				}
				out[fn] = i
				break
			}
		}
	}
	return out
}

// onlyRegisters reports whether p is used in body, and only as the
// receiver of Register or MustRegister calls.
func onlyRegisters(info *types.Info, body *ast.BlockStmt, p *types.Var) bool {
	uses, calls := 0, 0
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Register" || sel.Sel.Name == "MustRegister") {
				if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && info.Uses[id] == p {
					calls++
				}
			}
		case *ast.Ident:
			if info.Uses[n] == p {
				uses++
			}
		}
		return true
	})
	return uses > 0 && uses == calls
}

// usedVar returns the package-level variable e names (pkg.Var or Var).
func usedVar(info *types.Info, e ast.Expr) *types.Var {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		v, _ := info.Uses[e.Sel].(*types.Var)
		return v
	case *ast.Ident:
		v, _ := info.Uses[e].(*types.Var)
		return v
	}
	return nil
}

// sourceFiles returns the package's files outside test code.
func (c *checker) sourceFiles() []*ast.File {
	var out []*ast.File
	for _, f := range c.pass.Files {
		if !ssapkg.InTestCode(c.pass, f.Pos()) {
			out = append(out, f)
		}
	}
	return out
}

// initSyntax returns the registrations written, outside function
// literals, in the package's variable initializers and init functions.
func (c *checker) initSyntax() []Registration {
	var out []Registration
	visit := func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false // run only if called
			case *ast.CallExpr:
				if name, ok := c.registrationSyntax(n); ok && !diag.Silenced(c.pass, n.Pos()) {
					out = append(out, c.reg(name, n.Lparen))
				}
			}
			return true
		})
	}
	for _, f := range c.sourceFiles() {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				if d.Tok == token.VAR {
					visit(d)
				}
			case *ast.FuncDecl:
				if d.Recv == nil && d.Name.Name == "init" && d.Body != nil {
					visit(d.Body)
				}
			}
		}
	}
	return out
}

// opens returns the uses, in the package's files outside test code, that
// may serve the default registry or make what the manager serves another
// registry than the one it is made with: promhttp.Handler (which serves
// the default gatherer); a handler for a gatherer other than
// metrics.Registry; a use of prometheus.DefaultRegisterer or
// DefaultGatherer other than a registration on it (served, gathered,
// replaced, wrapped, or registered into another registry); an assignment
// to metrics.Registry or its address taken. Each is open: the binary
// may serve what is registered on the default registry.
func (c *checker) opens() []string {
	info := c.pass.TypesInfo
	var out []string
	for _, f := range c.sourceFiles() {
		fine := map[*ast.Ident]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				_, isReg := c.registrationSyntax(n)
				if fn, ok := typeutil.Callee(info, n).(*types.Func); ok && isReg {
					if i, ok := c.onParam[fn]; ok {
						if x, ok := ast.Unparen(n.Args[i]).(*ast.SelectorExpr); ok {
							fine[x.Sel] = true // registerOn(prometheus.DefaultRegisterer): a registration
						}
					}
				}
				sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if isReg {
					if x, ok := ast.Unparen(sel.X).(*ast.SelectorExpr); ok {
						fine[x.Sel] = true // DefaultRegisterer.MustRegister: a registration
					}
				}
				if fn, ok := info.Uses[sel.Sel].(*types.Func); ok && knowledge.MetricsRoleOf(fn) == knowledge.ServesGatherer && len(n.Args) > 0 {
					if v := usedVar(info, n.Args[0]); v != nil && knowledge.MetricsRoleOf(v) == knowledge.ManagerRegistry {
						fine[sel.Sel] = true // serves what the manager serves
					}
				}
			case *ast.Ident:
				obj := info.Uses[n]
				role := knowledge.MetricsRoleOf(obj)
				if role == 0 || role == knowledge.RegistersDefault || fine[n] {
					return true
				}
				if role == knowledge.ManagerRegistry && !c.changed(f, n) {
					return true // read: registered on, served
				}
				p := c.pass.Fset.Position(n.Pos())
				out = append(out, fmt.Sprintf("%s.%s at %s:%d", obj.Pkg().Name(), obj.Name(), filepath.Base(p.Filename), p.Line))
			}
			return true
		})
	}
	return out
}

// changed reports whether id, a use of metrics.Registry in f, is
// assigned to or has its address taken.
func (c *checker) changed(f *ast.File, id *ast.Ident) bool {
	path, _ := pathTo(f, id)
	for i := len(path) - 1; i >= 0; i-- {
		switch n := path[i].(type) {
		case *ast.SelectorExpr, *ast.ParenExpr:
			continue
		case *ast.AssignStmt:
			return slices.ContainsFunc(n.Lhs, func(e ast.Expr) bool { return contains(e, id) })
		case *ast.UnaryExpr:
			return n.Op == token.AND
		}
		return false
	}
	return false
}

// pathTo returns the nodes from f down to n's parent.
func pathTo(f *ast.File, n ast.Node) ([]ast.Node, bool) {
	var stack, found []ast.Node
	ast.Inspect(f, func(x ast.Node) bool {
		if found != nil {
			return false
		}
		if x == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if x == n {
			found = slices.Clone(stack)
			return false
		}
		stack = append(stack, x)
		return true
	})
	return found, found != nil
}

func contains(e ast.Expr, id *ast.Ident) bool {
	return e.Pos() <= id.Pos() && id.End() <= e.End()
}

// judge reports, in package main, each registration on the default
// registry the binary runs when it runs a manager whose metrics server is
// on (or whose bind-address flag turns it on) and nothing in the binary
// may serve the default registry. The answer is complete only there: main
// imports every package of the binary, and what initialising them runs
// is in their package facts. Silent when a manager's metrics cannot be
// told, when an extra handler of its metrics server comes from a library
// (it may serve anything), and when no manager serves metrics.
func (c *checker) judge(pkgFact *Registrations) {
	w := wiring.Of(c.pass)
	type mgr struct {
		node    ast.Node
		metrics wiring.ManagerMetrics
	}
	var mgrs []mgr
	for _, m := range w.Managers() {
		if ssapkg.InTestCode(c.pass, m.Call.Pos()) {
			continue
		}
		if e := diag.CallAt(c.pass, m.Call.Pos()); e != nil {
			mgrs = append(mgrs, mgr{e, w.MetricsOf(m.Fn, m.Call)})
		}
	}
	for _, m := range w.ManagerCalls() {
		mgrs = append(mgrs, mgr{m.Node, m.Site.Metrics})
	}
	if len(mgrs) == 0 || len(pkgFact.Opens) > 0 {
		return
	}
	var serving *mgr
	for i, m := range mgrs {
		switch {
		case m.metrics.Server == wiring.MetricsOpen || !c.plainHandlers(m.metrics):
			return
		case m.metrics.Server == wiring.MetricsOn || m.metrics.Flag != "":
			// A bind address from a flag turns the server on when given
			// (kubebuilder's scaffold defaults it to "0" and its
			// deployment passes --metrics-bind-address=:8443): whenever
			// metrics are served, these are not.
			if serving == nil {
				serving = &mgrs[i]
			}
		}
	}
	if serving == nil {
		return
	}
	all := &Registrations{}
	all.add(pkgFact)
	var entry []*ssa.Function
	for _, fn := range reach.Of(c.pass).Source() {
		if fn.Parent() == nil && fn.Name() == "main" && fn.Signature.Recv() == nil {
			entry = append(entry, fn)
		}
	}
	all.add(c.walk(entry, nil))
	const why = "but the manager's metrics server serves only controller-runtime's metrics.Registry and nothing this binary runs serves the default registry"
	const fix = "register on metrics.Registry (sigs.k8s.io/controller-runtime/pkg/metrics): metrics.Registry.MustRegister, or promauto.With(metrics.Registry)"
	// Registrations of this package are reported where they are; those of
	// the packages it imports, at the manager, one finding per package
	// (virtrigaud's metrics package makes twelve metrics).
	byPkg := map[string][]Registration{}
	var pkgs []string
	for _, r := range all.Regs {
		if r.Pkg == c.pass.Pkg.Path() && r.pos.IsValid() {
			diag.Report(c.pass, analysis.Diagnostic{Pos: r.pos, Message: fmt.Sprintf("%s at %s registers on Prometheus' default registry, %s: the metric is never exported; %s", r.Call, r.At, why, fix)})
			continue
		}
		if byPkg[r.Pkg] == nil {
			pkgs = append(pkgs, r.Pkg)
		}
		byPkg[r.Pkg] = append(byPkg[r.Pkg], r)
	}
	node := serving.node
	for _, pkg := range pkgs {
		regs := byPkg[pkg]
		var msg string
		if len(regs) == 1 {
			msg = fmt.Sprintf("%s at %s (%s) registers on Prometheus' default registry, %s: the metric is never exported; %s", regs[0].Call, regs[0].At, pkg, why, fix)
		} else {
			var list []string
			for i, r := range regs {
				if i == 3 {
					list = append(list, fmt.Sprintf("%d more", len(regs)-3))
					break
				}
				list = append(list, r.Call+" at "+r.At)
			}
			msg = fmt.Sprintf("%d registrations of %s (%s) go to Prometheus' default registry, %s: these metrics are never exported; %s", len(regs), pkg, strings.Join(list, ", "), why, fix)
		}
		diag.Report(c.pass, analysis.Diagnostic{Pos: node.Pos(), End: node.End(), Message: msg})
	}
}

// plainHandlers reports whether the extra handlers of a manager's metrics
// server are all known not to serve the default registry by themselves:
// made by the standard library (pprof), or by the module, whose uses of
// the registries the package facts hold.
func (c *checker) plainHandlers(m wiring.ManagerMetrics) bool {
	if m.ExtraOpen {
		return false
	}
	for _, h := range m.ExtraHandlers {
		name := strings.TrimPrefix(h.Handler, "(")
		name = strings.TrimPrefix(name, "*")
		if name == "" {
			return false
		}
		if !knowledge.StandardLibrary(pkgOf(name)) && !ssapkg.InModule(c.pass, pkgOf(name)) {
			return false
		}
	}
	return true
}

// pkgOf returns the package path of a function's full name
// ("net/http/pprof.Index", "example.com/op/pkg.T.Method").
func pkgOf(full string) string {
	slash := strings.LastIndex(full, "/")
	if dot := strings.Index(full[slash+1:], "."); dot >= 0 {
		return full[:slash+1+dot]
	}
	return full
}
