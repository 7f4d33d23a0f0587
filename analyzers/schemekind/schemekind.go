package schemekind

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer reports types the manager's controllers use that its scheme
// does not register.
var Analyzer = &analysis.Analyzer{
	Name:      "schemekind",
	Doc:       checkdoc.MustExtract(doc, "schemekind"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, wiring.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Registered), new(Adds)},
}

const (
	runtimePkg  = crapi.RuntimePkg
	crSchemePkg = crapi.SchemePkg
)

// Registered is the package fact of a package of the module that
// registers its types (SchemeBuilder.Register in init, AddKnownTypes in
// addKnownTypes): the names of those types. All: a registration whose
// types are not known, which may add any.
type Registered struct {
	Types []string
	All   bool
}

// AFact implements analysis.Fact.
func (*Registered) AFact() {}

func (f *Registered) String() string {
	if f.All {
		return "registered(all)"
	}
	return "registered(" + strings.Join(f.Types, " ") + ")"
}

// Adds is the fact of a function of the module with a *runtime.Scheme
// parameter, or of a package-level *runtime.Scheme variable: what it adds
// to that scheme.
type Adds struct {
	// Pkgs are the packages whose AddToScheme is applied.
	Pkgs []string
	// Types are types added one by one (AddKnownTypes).
	Types []crapi.TypeRef
	// Unknown: the scheme is handed to code whose additions are not
	// known (an interface, a function value): it may hold any type.
	Unknown bool
}

// AFact implements analysis.Fact.
func (*Adds) AFact() {}

func (f *Adds) String() string {
	s := slices.Clone(f.Pkgs)
	for _, t := range f.Types {
		s = append(s, t.String())
	}
	if f.Unknown {
		s = append(s, "?")
	}
	return "adds(" + strings.Join(s, " ") + ")"
}

func (f *Adds) add(o *Adds) {
	for _, p := range o.Pkgs {
		if !slices.Contains(f.Pkgs, p) {
			f.Pkgs = append(f.Pkgs, p)
		}
	}
	for _, t := range o.Types {
		if !slices.Contains(f.Types, t) {
			f.Types = append(f.Types, t)
		}
	}
	f.Unknown = f.Unknown || o.Unknown
}

type checker struct {
	pass  *analysis.Pass
	funcs []*ssa.Function
	// memo holds the additions of the package's functions to a parameter.
	memo map[paramKey]*Adds
}

type paramKey struct {
	fn *ssa.Function
	i  int
}

func run(pass *analysis.Pass) (any, error) {
	w, _ := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	if w == nil || len(w.Funcs) == 0 || ssapkg.IsDependency(pass) {
		return nil, nil
	}
	c := &checker{pass: pass, funcs: w.Funcs, memo: map[paramKey]*Adds{}}
	c.exportRegistered()
	c.exportAdds()
	if pass.Pkg.Name() == "main" {
		c.checkManagers(w)
	}
	return nil, nil
}

// exportRegistered records which of the package's types its registration
// code adds to a scheme.
func (c *checker) exportRegistered() {
	f := &Registered{}
	found := false
	for _, fn := range c.funcs {
		for call := range ssaflow.Calls(fn) {
			cc := call.Common()
			callee := crapi.Callee(cc)
			var objs []ssa.Value
			switch {
			case crapi.IsMethod(callee, crSchemePkg, "Builder", "Register"):
				objs = variadic(crapi.CallArgs(cc), 0)
			case crapi.IsMethod(callee, runtimePkg, "Scheme", "AddKnownTypes"):
				objs = variadic(crapi.CallArgs(cc), 1)
			default:
				continue
			}
			found = true
			if objs == nil {
				f.All = true
			}
			for _, o := range objs {
				t := objects.ObjectType(o)
				n := crapi.Named(t)
				if n == nil {
					f.All = true
					continue
				}
				if n.Obj().Pkg() == c.pass.Pkg && !slices.Contains(f.Types, n.Obj().Name()) {
					f.Types = append(f.Types, n.Obj().Name())
				}
			}
		}
	}
	if found && (len(f.Types) > 0 || f.All) {
		sort.Strings(f.Types)
		c.pass.ExportPackageFact(f)
	}
}

// variadic returns the elements of the variadic argument at index i of
// args; nil if they are not known.
func variadic(args []ssa.Value, i int) []ssa.Value {
	if len(args) <= i {
		return nil
	}
	elems, ok := ssaflow.VariadicElems(args[i])
	if !ok {
		return nil
	}
	return elems
}

// exportAdds records what the package's exported functions add to their
// scheme parameter, and what its code adds to its scheme variables.
func (c *checker) exportAdds() {
	for _, fn := range c.funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || !obj.Exported() {
			continue
		}
		for i, p := range fn.Params {
			if isScheme(p.Type()) {
				if a := c.addsToParam(fn, i, 0); len(a.Pkgs)+len(a.Types) > 0 || a.Unknown {
					c.pass.ExportObjectFact(obj, a)
				}
				break
			}
		}
	}
	if c.pass.Pkg.Name() == "main" {
		return // no package imports main
	}
	scope := c.pass.Pkg.Scope()
	for _, name := range scope.Names() {
		v, ok := scope.Lookup(name).(*types.Var)
		if !ok || !isScheme(v.Type()) {
			continue
		}
		if a := c.addsToGlobal(v); len(a.Pkgs)+len(a.Types) > 0 || a.Unknown {
			c.pass.ExportObjectFact(v, a)
		}
	}
}

func isScheme(t types.Type) bool {
	p, ok := types.Unalias(t).(*types.Pointer)
	return ok && crapi.IsNamed(p.Elem(), runtimePkg, "Scheme")
}

// addsToGlobal returns what the package's code adds to the scheme held
// in the package-level variable v (of this package or another).
func (c *checker) addsToGlobal(v *types.Var) *Adds {
	out := &Adds{}
	if v.Pkg() != c.pass.Pkg {
		var f Adds
		if c.pass.ImportObjectFact(v, &f) {
			out.add(&f)
		} else {
			// A scheme of a dependency module (client-go's, which
			// others fill in their init), filled by code we do not
			// see.
			out.Unknown = true
		}
	}
	is := func(x ssa.Value) bool {
		if u, ok := x.(*ssa.UnOp); ok && u.Op == token.MUL {
			if g, ok := u.X.(*ssa.Global); ok && g.Object() == v {
				return true
			}
		}
		return false
	}
	for _, fn := range c.funcs {
		out.add(c.addsIn(fn, is, 0))
	}
	return out
}

// addsToParam returns what fn adds to its i-th parameter.
func (c *checker) addsToParam(fn *ssa.Function, i, depth int) *Adds {
	k := paramKey{fn, i}
	if a, ok := c.memo[k]; ok {
		if a == nil {
			return &Adds{} // recursion: what it adds is added elsewhere in the cycle
		}
		return a
	}
	if depth > 6 || i >= len(fn.Params) {
		return &Adds{Unknown: true}
	}
	c.memo[k] = nil
	p := fn.Params[i]
	a := c.addsIn(fn, func(x ssa.Value) bool { return x == p }, depth)
	c.memo[k] = a
	return a
}

// addsIn returns what the calls of fn add to the scheme values that is
// recognises.
func (c *checker) addsIn(fn *ssa.Function, is func(ssa.Value) bool, depth int) *Adds {
	out := &Adds{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			switch instr := instr.(type) {
			case ssa.CallInstruction:
				c.callAdds(out, instr.Common(), is, depth)
			case *ssa.MakeClosure:
				// A closure that captures the scheme: its uses are
				// those of the free variable.
				cl, _ := instr.Fn.(*ssa.Function)
				for j, bv := range instr.Bindings {
					if is(bv) && cl != nil && j < len(cl.FreeVars) {
						fv := cl.FreeVars[j]
						out.add(c.addsIn(cl, func(x ssa.Value) bool { return x == fv }, depth+1))
					}
				}
			}
		}
	}
	return out
}

// callAdds adds to out what the call cc adds to the scheme, when the
// scheme is one of its operands.
func (c *checker) callAdds(out *Adds, cc *ssa.CallCommon, is func(ssa.Value) bool, depth int) {
	args := cc.Args
	at := -1
	for j, a := range args {
		if is(ssaflow.StripConv(a)) {
			at = j
			break
		}
	}
	if at < 0 && (!cc.IsInvoke() || !is(cc.Value)) {
		return
	}
	if cc.IsInvoke() {
		out.Unknown = true // an interface method given the scheme
		return
	}
	callee := crapi.Callee(cc)
	switch {
	case crapi.IsMethod(callee, runtimePkg, "Scheme", "AddKnownTypes") && at == 0:
		objs := variadic(args, 2)
		if objs == nil {
			out.Unknown = true
		}
		for _, o := range objs {
			if ref, ok := crapi.RefOf(ssaflow.Deref(objects.ObjectType(o))); ok && objects.ObjectType(o) != nil {
				out.Types = append(out.Types, ref)
			} else {
				out.Unknown = true
			}
		}
		return
	case crapi.IsMethod(callee, runtimePkg, "Scheme", "AddKnownTypeWithName") && at == 0:
		out.Unknown = true // a type under a kind of the caller's choosing
		return
	case callee != nil && callee.Signature().Recv() != nil && isScheme(callee.Signature().Recv().Type()):
		return // the scheme's other methods: conversions, defaults, priorities
	}
	if local := ssaflow.LocalCallee(cc, c.pass.Pkg); local != nil {
		// A method's receiver is its first parameter.
		out.add(c.addsToParam(local, at, depth+1))
		return
	}
	if callee != nil {
		var f Adds
		if callee.Pkg() != c.pass.Pkg && c.pass.ImportObjectFact(callee, &f) {
			out.add(&f)
			return
		}
		if callee.Name() == "AddToScheme" || callee.Name() == "Install" {
			if recv := callee.Signature().Recv(); recv != nil {
				// P.SchemeBuilder.AddToScheme(s): P's builder.
				if pkg := builderPkg(cc); pkg != "" {
					out.Pkgs = append(out.Pkgs, pkg)
				} else {
					out.Unknown = true
				}
				return
			}
			out.Pkgs = append(out.Pkgs, callee.Pkg().Path())
			return
		}
		if strings.HasPrefix(callee.Name(), "Add") && strings.Contains(callee.Name(), "Scheme") {
			out.Unknown = true
		}
		return // code that reads the scheme: options, decoders, codecs
	}
	// A function value: P.AddToScheme, the variable
	// var AddToScheme = SchemeBuilder.AddToScheme.
	if u, ok := cc.Value.(*ssa.UnOp); ok && u.Op == token.MUL {
		if g, ok := u.X.(*ssa.Global); ok && g.Pkg != nil && g.Name() == "AddToScheme" {
			out.Pkgs = append(out.Pkgs, g.Pkg.Pkg.Path())
			return
		}
	}
	out.Unknown = true
}

// builderPkg returns the package whose package-level SchemeBuilder is the
// receiver of cc; "" if it is not one.
func builderPkg(cc *ssa.CallCommon) string {
	recv := crapi.Receiver(cc)
	if recv == nil {
		return ""
	}
	recv = ssaflow.StripConv(recv)
	if u, ok := recv.(*ssa.UnOp); ok && u.Op == token.MUL {
		recv = u.X
	}
	if g, ok := recv.(*ssa.Global); ok && g.Pkg != nil {
		return g.Pkg.Pkg.Path()
	}
	return ""
}

// checkManagers checks each manager package main creates.
func (c *checker) checkManagers(w *wiring.Result) {
	for _, m := range w.Managers() {
		c.check(m.Fn, m.Call, w.Of(m.Funcs, nil))
	}
}

// schemeOf returns what is added to the scheme the manager is built with;
// nil when that scheme cannot be followed.
func (c *checker) schemeOf(fn *ssa.Function, call *ssa.Call) *Adds {
	args := call.Common().Args
	if len(args) < 2 {
		return nil
	}
	u, ok := args[1].(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return nil
	}
	alloc, ok := u.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var val ssa.Value
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok || ssaflow.FieldName(fa.X.Type(), fa.Field) != "Scheme" {
			continue
		}
		for _, r2 := range *fa.Referrers() {
			if st, ok := r2.(*ssa.Store); ok && st.Addr == fa {
				if val != nil {
					return nil // set twice
				}
				val = ssaflow.StripConv(st.Val)
			}
		}
	}
	if val == nil {
		return nil // the default scheme: client-go's, which others fill in their init
	}
	if u, ok := val.(*ssa.UnOp); ok && u.Op == token.MUL {
		if g, ok := u.X.(*ssa.Global); ok {
			if v, ok := g.Object().(*types.Var); ok {
				return c.addsToGlobal(v)
			}
		}
		return nil
	}
	if sc, ok := crapi.IsCallTo(val, runtimePkg, "NewScheme"); ok && sc.Parent() == fn {
		return c.addsIn(fn, func(x ssa.Value) bool { return x == val }, 0)
	}
	// Scheme: newScheme(), a function of the package that makes and
	// fills the scheme it returns (k8up's k8upScheme).
	if call, ok := val.(*ssa.Call); ok && len(call.Call.Args) == 0 {
		if callee := ssaflow.LocalCallee(call.Common(), c.pass.Pkg); callee != nil {
			var made ssa.Value
			for ret := range ssaflow.Returns(callee) {
				if len(ret.Results) != 1 {
					return nil
				}
				r := ssaflow.StripConv(ret.Results[0])
				if sc, ok := crapi.IsCallTo(r, runtimePkg, "NewScheme"); !ok || sc.Parent() != callee || (made != nil && made != r) {
					return nil
				}
				made = r
			}
			if made != nil {
				return c.addsIn(callee, func(x ssa.Value) bool { return x == made }, 0)
			}
		}
	}
	return nil
}

// check reports the types the controllers use that the manager's scheme
// does not register: by package when its AddToScheme never reaches the
// scheme, by type when the package's registration code leaves it out.
func (c *checker) check(fn *ssa.Function, call *ssa.Call, used *wiring.Wiring) {
	adds := c.schemeOf(fn, call)
	if adds == nil || adds.Unknown {
		return
	}
	expr := ssaflow.CallExpr(fn, call)
	if expr == nil {
		return
	}
	byPkg := map[string][]wiring.Use{}
	var order []string
	seen := map[crapi.TypeRef]bool{}
	for _, u := range used.Uses {
		t := u.Type
		t.Ptr = false
		if seen[t] {
			continue
		}
		seen[t] = true
		switch c.registered(adds, t) {
		case yes:
			continue
		case notInPackage:
			name := pkgName(t.Pkg)
			diag.Reportf(c.pass, expr, nil,
				"%s does not register %s.%s (its SchemeBuilder.Register leaves it out), but the manager's controllers use it (%s at %s): "+
					"each such call fails with \"no kind is registered for the type %s.%s in scheme\"; add &%s{} and its list to the package's SchemeBuilder.Register",
				t.Pkg, name, t.Name, u.What, u.At, name, t.Name, t.Name)
			continue
		}
		if byPkg[t.Pkg] == nil {
			order = append(order, t.Pkg)
		}
		byPkg[t.Pkg] = append(byPkg[t.Pkg], u)
	}
	sort.Strings(order)
	for _, pkg := range order {
		uses := byPkg[pkg]
		name := pkgName(pkg)
		var what []string
		for _, u := range uses {
			what = append(what, fmt.Sprintf("%s.%s (%s at %s)", name, u.Type.Name, u.What, u.At))
		}
		diag.Reportf(c.pass, expr, nil,
			"the manager's scheme never gets %s's AddToScheme, but its controllers use %s: "+
				"each such call fails with \"no kind is registered for the type %s.%s in scheme\"; add utilruntime.Must(%s.AddToScheme(scheme)) where the scheme is filled",
			pkg, strings.Join(what, ", "), name, uses[0].Type.Name, name)
	}
}

func pkgName(path string) string { return path[strings.LastIndex(path, "/")+1:] }

type verdict int

const (
	no           verdict = iota // the package is never added
	yes                         // registered
	notInPackage                // the package is added but leaves the type out
)

// registered tells whether the scheme holds type t.
func (c *checker) registered(adds *Adds, t crapi.TypeRef) verdict {
	if slices.Contains(adds.Types, t) {
		return yes
	}
	for _, p := range adds.Pkgs {
		if in, ok := knowledge.SchemeAggregator(p); ok {
			if in(t.Pkg) {
				return yes
			}
			continue
		}
		if p != t.Pkg {
			continue
		}
		// The package's own registration code, when the module's:
		// otherwise all its kinds, as API packages do.
		pkg := lookupPackage(c.pass.Pkg, p)
		var f Registered
		if pkg == nil || !c.pass.ImportPackageFact(pkg, &f) || f.All || slices.Contains(f.Types, t.Name) {
			return yes
		}
		return notInPackage
	}
	return no
}

// lookupPackage finds the package of path among the dependencies of from.
func lookupPackage(from *types.Package, path string) *types.Package {
	seen := map[*types.Package]bool{}
	var find func(p *types.Package) *types.Package
	find = func(p *types.Package) *types.Package {
		if p.Path() == path {
			return p
		}
		if seen[p] {
			return nil
		}
		seen[p] = true
		for _, imp := range p.Imports() {
			if r := find(imp); r != nil {
				return r
			}
		}
		return nil
	}
	return find(from)
}
