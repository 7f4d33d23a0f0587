package fieldindex

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer reports cached Lists by a field no index is registered for.
var Analyzer = &analysis.Analyzer{
	Name:     "fieldindex",
	Doc:      checkdoc.MustExtract(doc, "fieldindex"),
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, wiring.Analyzer},
	Run:      run,
}

const fakePkg = crapi.FakePkg

func run(pass *analysis.Pass) (any, error) {
	w, _ := pass.ResultOf[wiring.Analyzer].(*wiring.Result)
	if w == nil || len(w.Funcs) == 0 {
		return nil, nil
	}
	for _, m := range w.Managers() {
		expr := ssaflow.CallExpr(m.Fn, m.Call)
		if expr == nil {
			continue
		}
		used := w.Of(m.Funcs, nil)
		for _, l := range missing(used) {
			var at ast.Node = expr
			if inPackage(pass, l.Pos()) {
				at = atPos{l.Pos()}
			}
			fix := fmt.Sprintf("register it with mgr.GetFieldIndexer().IndexField(ctx, &%s{}, %q, ...) before the manager starts, or list through mgr.GetAPIReader()",
				short(l.Type), l.Key)
			others := ""
			if keys := otherKeys(used.Indexes, l.Type); len(keys) > 0 {
				// A key registered for the type under another name is
				// the likelier mistake: a typo or a renamed field.
				others = fmt.Sprintf(" (it registers %s)", quoteList(keys))
				fix = fmt.Sprintf("list by the registered key if that is the field meant, else %s", fix)
			}
			diag.Reportf(pass, at, nil,
				"List of %s by field %q (%s) goes through the manager's cached client, but no IndexField registers %q for %s%s: "+
					"the List fails on every call with \"index with name field:%s does not exist\"; %s",
				short(l.Type), l.Key, l.At, l.Key, short(l.Type), others, l.Key, fix)
		}
	}
	checkFakes(pass, w)
	return nil, nil
}

// inPackage reports whether pos is in a file of the analysed package.
// A List of another package keeps its position when facts stay in memory
// (golangci-lint, one file set for all packages): the finding still goes
// to the manager, in this package.
func inPackage(pass *analysis.Pass, pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return true
		}
	}
	return false
}

// atPos is a node at one position, to report at a List of package main.
type atPos struct{ pos token.Pos }

func (a atPos) Pos() token.Pos { return a.pos }
func (a atPos) End() token.Pos { return a.pos }

func short(t crapi.TypeRef) string {
	return t.Pkg[strings.LastIndex(t.Pkg, "/")+1:] + "." + t.Name
}

// missing returns the cached Lists of used whose type and key no index
// of used registers; none when an index may be registered by code that
// is not seen.
func missing(used *wiring.Wiring) []wiring.FieldList {
	for _, ix := range used.Indexes {
		if ix.Type.Name == "" && ix.Key == "" {
			return nil
		}
	}
	var out []wiring.FieldList
	for _, l := range used.Lists {
		if l.Reader || covered(used.Indexes, l.Type, l.Key) {
			continue
		}
		out = append(out, l)
	}
	return out
}

// otherKeys returns the constant keys indexes registers for t, sorted.
func otherKeys(indexes []wiring.Index, t crapi.TypeRef) []string {
	var keys []string
	for _, ix := range indexes {
		if ix.Key != "" && sameType(ix.Type, t) && !slices.Contains(keys, ix.Key) {
			keys = append(keys, ix.Key)
		}
	}
	slices.Sort(keys)
	return keys
}

// quoteList quotes keys and joins them: "a", "a" and "b", "a", "b" and "c".
func quoteList(keys []string) string {
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = strconv.Quote(k)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " and " + q[len(q)-1]
}

func covered(indexes []wiring.Index, t crapi.TypeRef, key string) bool {
	for _, ix := range indexes {
		if (ix.Type.Name == "" || sameType(ix.Type, t)) && (ix.Key == "" || ix.Key == key) {
			return true
		}
	}
	return false
}

func sameType(a, b crapi.TypeRef) bool { return a.Pkg == b.Pkg && a.Name == b.Name }

// checkFakes reports, in the package's tests, a fake client built without
// the WithIndex that the code the test runs with it lists by: the fake
// answers such a List only from an index. What the test runs is what it
// calls on the reconciler literal given the client (often one helper,
// not Reconcile); a literal handed on to other code is left alone.
func checkFakes(pass *analysis.Pass, w *wiring.Result) {
	prog := ssapkg.Of(pass)
	for _, fn := range append(prog.SrcFuncs(), prog.InitFuncs()...) {
		if !ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for call := range ssaflow.Calls(fn) {
			c, ok := call.(*ssa.Call)
			if !ok || !crapi.IsMethod(crapi.Callee(c.Common()), fakePkg, "ClientBuilder", "Build") {
				continue
			}
			indexes, ok := builderIndexes(c.Common().Args[0])
			if !ok {
				continue
			}
			for lit, fields := range givenTo(c) {
				called, ok := calledOn(pass, lit)
				if !ok || len(called) == 0 {
					continue
				}
				name := crapi.Named(ssaflow.Deref(lit.Type())).Obj().Name()
				seen := map[string]bool{}
				for _, l := range w.OfCalls(called).Lists {
					// Only the Lists through the fields the fake fills:
					// a drain helper's remote client is another one.
					if l.Reader || !slices.Contains(fields, l.Via) || covered(indexes, l.Type, l.Key) || seen[l.Type.String()+l.Key] {
						continue
					}
					seen[l.Type.String()+l.Key] = true
					diag.Reportf(pass, atPos{c.Pos()}, nil,
						"the fake client given to %s is built without WithIndex(&%s{}, %q, ...), which the List at %s that this test runs needs: "+
							"that List fails with \"no index with name %s has been registered\"; add the WithIndex with the extractor the manager registers",
						name, short(l.Type), l.Key, l.At, l.Key)
				}
			}
		}
	}
}

// calledOn returns the functions of the package that the test calls on
// the reconciler literal lit (an Alloc of a named struct type of the
// package); false when lit goes anywhere else.
func calledOn(pass *analysis.Pass, lit ssa.Value) ([]*ssa.Function, bool) {
	n := crapi.Named(ssaflow.Deref(lit.Type()))
	if n == nil || n.Obj().Pkg() != pass.Pkg {
		return nil, false
	}
	var out []*ssa.Function
	var visit func(v ssa.Value, depth int) bool
	visit = func(v ssa.Value, depth int) bool {
		if depth > 3 {
			return false
		}
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.FieldAddr, *ssa.DebugRef:
				// Filling or reading its fields.
			case *ssa.Store:
				if ref.Val == v {
					return false // kept somewhere
				}
			case *ssa.UnOp:
				if ref.Op == token.MUL && !visit(ref, depth+1) {
					return false
				}
			case *ssa.Call:
				cc := ref.Common()
				callee := ssaflow.LocalCallee(cc, pass.Pkg)
				if callee == nil || len(cc.Args) == 0 || cc.Args[0] != v || callee.Signature.Recv() == nil {
					return false // handed to another function
				}
				for _, a := range cc.Args[1:] {
					if a == v {
						return false
					}
				}
				out = append(out, callee)
			default:
				return false
			}
		}
		return true
	}
	if !visit(lit, 0) {
		return nil, false
	}
	return out, true
}

// builderIndexes returns the WithIndex registrations made on the fake
// client builder b, back to its NewClientBuilder; false when b does not
// come from one.
func builderIndexes(b ssa.Value) ([]wiring.Index, bool) {
	var out []wiring.Index
	seen := map[ssa.Value]bool{}
	for depth := 0; depth < 32; depth++ {
		b = ssaflow.StripConv(b)
		if seen[b] {
			return nil, false
		}
		seen[b] = true
		// WithIndex calls on this builder value whose result is not
		// used: the builder's methods change it and return it.
		for _, ref := range *b.Referrers() {
			if c, ok := ref.(*ssa.Call); ok && len(c.Call.Args) > 0 && c.Call.Args[0] == b {
				out = append(out, withIndex(c)...)
			}
		}
		c, ok := b.(*ssa.Call)
		if !ok {
			return nil, false
		}
		fn := crapi.Callee(c.Common())
		if crapi.IsFuncIn(fn, fakePkg, "NewClientBuilder") {
			return out, true
		}
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != fakePkg || len(c.Call.Args) == 0 {
			return nil, false
		}
		b = c.Call.Args[0]
	}
	return nil, false
}

func withIndex(c *ssa.Call) []wiring.Index {
	if !crapi.IsMethod(crapi.Callee(c.Common()), fakePkg, "ClientBuilder", "WithIndex") || len(c.Call.Args) < 3 {
		return nil
	}
	ix := wiring.Index{}
	if t := objects.ObjectType(c.Call.Args[1]); t != nil {
		ix.Type, _ = crapi.RefOf(ssaflow.Deref(t))
	}
	ix.Key, _ = crapi.ConstString(c.Call.Args[2])
	return []wiring.Index{ix}
}

// givenTo returns the struct literals whose fields receive v (a reconciler
// literal given the fake client), through conversions, with those fields
// ("pkgpath.Type.Field").
func givenTo(v ssa.Value) map[ssa.Value][]string {
	out := map[ssa.Value][]string{}
	var visit func(v ssa.Value, depth int)
	visit = func(v ssa.Value, depth int) {
		if depth > 4 {
			return
		}
		for _, ref := range *v.Referrers() {
			switch ref := ref.(type) {
			case *ssa.MakeInterface, *ssa.ChangeType, *ssa.ChangeInterface:
				visit(ref.(ssa.Value), depth+1)
			case *ssa.Store:
				if fa, ok := ref.Addr.(*ssa.FieldAddr); ok && ref.Val == v {
					if _, ok := fa.X.(*ssa.Alloc); ok {
						if key := ssaflow.FieldKey(fa); key != "" && !slices.Contains(out[fa.X], key) {
							out[fa.X] = append(out[fa.X], key)
						}
					}
				}
			}
		}
	}
	visit(v, 0)
	return out
}
