package finalizername

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
	"k8s.io/apimachinery/pkg/util/validation"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/argroles"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

//go:embed doc.go
var doc string

// Analyzer reports finalizer names that are not "<domain>/<name>".
var Analyzer = &analysis.Analyzer{
	Name:      "finalizername",
	Doc:       checkdoc.MustExtract(doc, "finalizername"),
	Requires:  []*analysis.Analyzer{inspect.Analyzer, ssapkg.Analyzer, argroles.Analyzer},
	FactTypes: []analysis.Fact{new(Added)},
	Run:       run,
}

// Added is the fact of a package of the module that adds or sets a
// finalizer name this check reports, or imports a package that does:
// Names maps each name to the package that adds it. A package that only
// removes such a name is then not migrating from it: another package of
// the module still puts it on objects (korifi's appworkload controller
// removes the name its finalizer webhook adds).
type Added struct {
	Names map[string]string
}

// AFact marks Added as a fact.
func (*Added) AFact() {}

func (f *Added) String() string {
	parts := make([]string, 0, len(f.Names))
	for _, name := range slices.Sorted(maps.Keys(f.Names)) {
		parts = append(parts, fmt.Sprintf("%q by %s", name, f.Names[name]))
	}
	return "added(" + strings.Join(parts, "; ") + ")"
}

type checker struct {
	pass *analysis.Pass
	// done: the named constants already reported (each once per package).
	done map[*types.Const]bool
	// roles: the finalizer-name parameters of the module's helpers.
	roles *argroles.Result
	// uses are the constant names met, reported once all are known: a
	// name the package only removes (the old name of a migration, as the
	// check's own fix asks) is not reported.
	uses []use
	// seen: the expressions already reported (a local variable's value,
	// met at each of its uses, is reported once).
	seen map[ast.Expr]bool
	// locals maps a function's local variable to the expression that
	// defines it, when nothing assigns it again or takes its address
	// (computed on first use, by locals()).
	locals map[*types.Var]ast.Expr
}

type use struct {
	e       ast.Expr
	via     string
	removal bool
}

func run(pass *analysis.Pass) (any, error) {
	if ssapkg.IsDependency(pass) {
		return nil, nil // run only for the facts of the module's helpers: none there
	}
	c := &checker{pass: pass, done: map[*types.Const]bool{}, seen: map[ast.Expr]bool{}, roles: argroles.Of(pass)}
	ins := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	for cur := range ins.Root().Preorder((*ast.CallExpr)(nil), (*ast.AssignStmt)(nil), (*ast.CompositeLit)(nil)) {
		if ssapkg.InTestCode(pass, cur.Node().Pos()) {
			continue // names made up for a unit test reach no API server
		}
		switch n := cur.Node().(type) {
		case *ast.CallExpr:
			c.call(n)
		case *ast.AssignStmt:
			// obj.Finalizers = []string{...}, or = append(obj.Finalizers, ...);
			// d.FinalizerName = "x" of a field that carries a name.
			for i, l := range n.Lhs {
				if i < len(n.Rhs) && len(n.Lhs) == len(n.Rhs) {
					if sel, ok := ast.Unparen(l).(*ast.SelectorExpr); ok {
						if s := pass.TypesInfo.Selections[sel]; s != nil && s.Kind() == types.FieldVal {
							c.field(s.Obj().(*types.Var), n.Rhs[i], s.Recv())
						}
					}
				}
			}
		case *ast.CompositeLit:
			c.literal(n)
		}
	}
	// Names used otherwise than removed, here or (by the Added facts) in a
	// package of the module this one imports.
	added := map[string]string{}
	for _, imp := range pass.Pkg.Imports() {
		var f Added
		if ssapkg.InModule(pass, imp.Path()) && pass.ImportPackageFact(imp, &f) {
			for name, by := range f.Names {
				if _, ok := added[name]; !ok {
					added[name] = by
				}
			}
		}
	}
	own := map[string]bool{}
	for _, u := range c.uses {
		if !u.removal {
			own[constant.StringVal(pass.TypesInfo.Types[u.e].Value)] = true
		}
	}
	for _, u := range c.uses {
		value := constant.StringVal(pass.TypesInfo.Types[u.e].Value)
		if own[value] {
			c.report(u.e, u.via)
		} else if by, ok := added[value]; ok {
			c.report(u.e, " (added by package "+by+")")
		}
	}
	// The names this package adds that it reports, for the packages that
	// import it.
	for _, u := range c.uses {
		value := constant.StringVal(pass.TypesInfo.Types[u.e].Value)
		if _, ok := added[value]; !ok && !u.removal && !c.libraryName(u.e) && verdict(value) != "" {
			added[value] = pass.Pkg.Path()
		}
	}
	if len(added) > 0 {
		pass.ExportPackageFact(&Added{Names: added})
	}
	return nil, nil
}

// literal checks the fields of a struct literal that carry finalizer
// names, keyed or not.
func (c *checker) literal(lit *ast.CompositeLit) {
	tv, ok := c.pass.TypesInfo.Types[lit]
	if !ok {
		return
	}
	t := tv.Type
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem() // an element &T{...} elided to {...}
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return
	}
	for i, el := range lit.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok {
				if f, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
					c.field(f, kv.Value, t)
				}
			}
		} else if i < st.NumFields() {
			c.field(st.Field(i), el, t)
		}
	}
}

// field checks the value stored in field f of a struct of type owner:
// the list of an ObjectMeta's Finalizers (metav1.ObjectMeta{Finalizers:
// []string{...}}), or a name in a field of the module that carries one
// (k8s.FinalizerDescriptor{FinalizerName: ...}).
func (c *checker) field(f *types.Var, value ast.Expr, owner types.Type) {
	switch {
	case !f.IsField():
	case f.Name() == "Finalizers" && isMetaField(f):
		c.list(value)
	case c.roles.Field(f, argroles.FinalizerName):
		name := f.Name()
		if n := crapi.Named(owner); n != nil {
			name = n.Obj().Name() + "'s " + name
			if n.Obj().Pkg() != nil && n.Obj().Pkg() != c.pass.Pkg {
				name = n.Obj().Pkg().Name() + "." + name
			}
		}
		c.nameVia(value, " (the finalizer name "+name+" holds)")
	}
}

func (c *checker) call(call *ast.CallExpr) {
	if b, ok := builtinName(c.pass.TypesInfo, call); ok {
		if b == "append" && len(call.Args) > 1 && c.isFinalizersField(call.Args[0]) {
			for _, a := range call.Args[1:] {
				c.name(a)
			}
		}
		return
	}
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil {
		return
	}
	if i, ok := lifecycle.NameArg(fn); ok && i < len(call.Args) {
		// Removing or testing a name puts it on no object: a name only
		// tested and removed is the old one of a migration (numaflow's
		// deprecated "isbsvc-controller").
		c.record(call.Args[i], "", fn.Name() == "RemoveFinalizer" || fn.Name() == "ContainsFinalizer")
		return
	}
	// A helper of the module that hands its parameter to one of those.
	if ps := c.roles.Params(fn, argroles.FinalizerName); len(ps) > 0 {
		for _, i := range ps {
			if i < len(call.Args) && (!fn.Signature().Variadic() || i < fn.Signature().Params().Len()-1) {
				c.nameVia(call.Args[i], helperVia(c.pass, fn, i))
			}
		}
		return
	}
	// SetFinalizers([]string{...}) of an object or its ObjectMeta.
	if fn.Name() == "SetFinalizers" && fn.Signature().Recv() != nil && len(call.Args) == 1 {
		if fn.Pkg() != nil && fn.Pkg().Path() == lifecycle.MetaV1Pkg {
			c.list(call.Args[0])
		}
	}
}

// list checks the constant elements of a []string literal.
func (c *checker) list(e ast.Expr) {
	if x, ok := c.origin(e).(*ast.CompositeLit); ok {
		for _, el := range x.Elts {
			c.name(el)
		}
	}
	// append(obj.Finalizers, "x") is a call: the inspection visits it.
}

// isFinalizersField reports whether e is the Finalizers field of an
// ObjectMeta (also promoted through an object that embeds it).
func (c *checker) isFinalizersField(e ast.Expr) bool {
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Finalizers" {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	return ok && v.IsField() && isMetaField(v)
}

func isMetaField(v *types.Var) bool {
	return v.Pkg() != nil && v.Pkg().Path() == lifecycle.MetaV1Pkg
}

// name checks one finalizer name, if it is a constant.
func (c *checker) name(e ast.Expr) { c.nameVia(e, "") }

// nameVia is name for a constant that becomes a finalizer name through a
// helper; via says which (" (the finalizer name ensureFinalizer takes)"),
// for the message.
func (c *checker) nameVia(e ast.Expr, via string) { c.record(e, via, false) }

// record keeps a constant finalizer name for the report; removal: the
// call only removes it.
func (c *checker) record(e ast.Expr, via string, removal bool) {
	e = c.origin(e)
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return
	}
	c.uses = append(c.uses, use{e: e, via: via, removal: removal})
}

// origin returns the expression whose value e has: e, or the expression
// that defines the local variable e names, when the variable is never
// assigned again nor addressed (ob-operator's finalizerName :=
// oceanbaseconst.FinalizerDeleteOBTenant, then AddFinalizer(obtenant,
// finalizerName)), through further such variables.
func (c *checker) origin(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	for range 8 { // a chain of variables, each defined from the next
		id, ok := e.(*ast.Ident)
		if !ok {
			return e
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok {
			return e
		}
		def, ok := c.definitions()[v]
		if !ok {
			return e
		}
		e = ast.Unparen(def)
	}
	return e
}

// definitions returns the package's local variables defined once (x :=
// e, var x = e inside a function) and then only read, with the expression
// that defines each. A variable assigned again (x = ..., x += ..., a range
// key), or whose address is taken (&x), may hold another value at a use.
// Package-level variables are left out: another package may assign them.
func (c *checker) definitions() map[*types.Var]ast.Expr {
	if c.locals != nil {
		return c.locals
	}
	c.locals = map[*types.Var]ast.Expr{}
	info := c.pass.TypesInfo
	changed := map[*types.Var]bool{}
	assigned := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*types.Var); ok {
				changed[v] = true
			}
		}
	}
	define := func(names []*ast.Ident, values []ast.Expr) {
		if len(names) != len(values) {
			return // x, err := f(): the value is a call's result, no constant
		}
		for i, id := range names {
			if v, ok := info.Defs[id].(*types.Var); ok && v.Parent() != c.pass.Pkg.Scope() {
				c.locals[v] = values[i]
			}
		}
	}
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				if n.Tok == token.DEFINE {
					var names []*ast.Ident
					for _, l := range n.Lhs {
						id, _ := l.(*ast.Ident)
						names = append(names, id)
						if id != nil && info.Defs[id] == nil {
							assigned(id) // redeclared in a := with a new variable
						}
					}
					define(names, n.Rhs)
				} else {
					for _, l := range n.Lhs {
						assigned(l)
					}
				}
			case *ast.ValueSpec:
				define(n.Names, n.Values)
			case *ast.RangeStmt:
				if n.Tok == token.ASSIGN {
					assigned(n.Key)
					if n.Value != nil {
						assigned(n.Value)
					}
				}
			case *ast.UnaryExpr:
				if n.Op == token.AND {
					assigned(n.X)
				}
			}
			return true
		})
	}
	for v := range changed {
		delete(c.locals, v)
	}
	return c.locals
}

// report reports the name e if it is not "<domain>/<name>".
func (c *checker) report(e ast.Expr, via string) {
	if c.seen[e] {
		return // a local variable's value, reported at its first use
	}
	c.seen[e] = true
	value := constant.StringVal(c.pass.TypesInfo.Types[e].Value)
	at := ast.Node(e)
	if k := namedConst(c.pass.TypesInfo, e); k != nil {
		if c.done[k] {
			return
		}
		c.done[k] = true
		if c.libraryName(e) {
			return // a name another API defines (Gateway API's GatewayClass finalizer): not the module's to rename
		}
		if k.Pkg() == c.pass.Pkg {
			if spec := constSpec(c.pass, k); spec != nil {
				at = spec // reported once, where it is declared
			}
		}
	}
	switch verdict(value) {
	case "invalid":
		diag.Reportf(c.pass, at, nil,
			"finalizer name %q%s is not a valid qualified name (%s): the API server rejects every write of an object that carries it, so the finalizer is never set; use \"<domain>/<name>\", such as \"example.com/cleanup\"",
			value, via, validation.IsQualifiedName(value)[0])
	case "unqualified":
		diag.Reportf(c.pass, at, nil,
			"finalizer name %q%s is not domain-qualified: the API server warns on each write that adds it to a custom resource (a create, or an update of an object that lacked it), and another controller may use the same name and remove it; rename it to %s, and keep removing %q from objects that still carry it",
			value, via, suggestion(value), value)
	}
}

// verdict says what is wrong with a finalizer name: "invalid" (not a
// qualified name), "unqualified" (no domain, and not one of Kubernetes'
// own names), or "" (nothing).
func verdict(value string) string {
	switch {
	case len(validation.IsQualifiedName(value)) > 0:
		return "invalid"
	case strings.Contains(value, "/") || lifecycle.StandardFinalizers[value]:
		return ""
	}
	return "unqualified"
}

// libraryName reports whether e names a constant another API defines: a
// constant of a package outside the module, used directly or through a
// constant of the package (const name = gwapiv1.GatewayClassFinalizerGatewaysExist).
func (c *checker) libraryName(e ast.Expr) bool {
	k := namedConst(c.pass.TypesInfo, e)
	if k == nil {
		return false
	}
	if c.library(k) {
		return true
	}
	if k.Pkg() == c.pass.Pkg {
		if spec := constSpec(c.pass, k); spec != nil {
			return c.library(namedConst(c.pass.TypesInfo, ast.Unparen(spec.(ast.Expr))))
		}
	}
	return false
}

// library reports whether k is a constant of a package outside the
// analysed module.
func (c *checker) library(k *types.Const) bool {
	return k != nil && k.Pkg() != nil && c.pass.Module != nil && !ssapkg.InModule(c.pass, k.Pkg().Path())
}

// suggestion proposes a qualified name: "finalizer.example.com" becomes
// "example.com/finalizer"; a name without a dot gets a placeholder domain.
func suggestion(value string) string {
	if first, rest, ok := strings.Cut(value, "."); ok && rest != "" && len(validation.IsDNS1123Subdomain(rest)) == 0 && len(validation.IsQualifiedName(rest+"/"+first)) == 0 {
		return fmt.Sprintf("%q", rest+"/"+first)
	}
	return fmt.Sprintf("\"<your domain>/%s\"", value)
}

// namedConst returns the constant e names, if it is one.
func namedConst(info *types.Info, e ast.Expr) *types.Const {
	var id *ast.Ident
	switch x := e.(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	default:
		return nil
	}
	k, _ := info.Uses[id].(*types.Const)
	return k
}

// constSpec returns the name of k's declaration in the package's files.
func constSpec(pass *analysis.Pass, k *types.Const) ast.Node {
	f := diag.File(pass, k.Pos())
	if f == nil {
		return nil
	}
	var found ast.Node
	ast.Inspect(f, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		if vs, ok := n.(*ast.ValueSpec); ok {
			for i, name := range vs.Names {
				if pass.TypesInfo.Defs[name] == k && i < len(vs.Values) {
					found = vs.Values[i]
				}
			}
		}
		return found == nil
	})
	return found
}

func builtinName(info *types.Info, call *ast.CallExpr) (string, bool) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return "", false
	}
	b, ok := info.Uses[id].(*types.Builtin)
	if !ok {
		return "", false
	}
	return b.Name(), true
}

// helperVia names, for a message, the helper fn whose parameter i is a
// finalizer name: " (the finalizer name finalizers.Ensure takes as name)".
func helperVia(pass *analysis.Pass, fn *types.Func, i int) string {
	name := crapi.FuncName(pass.Pkg, fn)
	param := ""
	if ps := fn.Signature().Params(); i < ps.Len() {
		if n := ps.At(i).Name(); n != "" && n != "_" {
			param = " as " + n
		}
	}
	return " (the finalizer name " + name + " takes" + param + ")"
}
