package updatepatch

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Updates is the fact of a function of the module that updates whole
// objects it fetched and changed, itself or through the functions it
// calls, in a package that cannot tell whose objects they are: a package
// of sub-reconcilers with no builder chain. The reconciler that calls the
// function from another package knows which type it is For, and reports
// the call when the object is a child another controller writes.
type Updates struct {
	Sites []UpdateSite
}

// UpdateSite is one such Update: the object's type and where it is.
type UpdateSite struct {
	Type crapi.TypeRef
	At   string // file:line, for the message
	// Decided is set when the object's type has conditional writers
	// (knowledge.Writers): May then lists, comma-separated, the keys of
	// the conditions this Update's object may meet, as decided where it
	// is updated (its own changes and its function's creations), not by
	// the caller's package.
	Decided bool
	May     string
}

// AFact implements analysis.Fact.
func (*Updates) AFact() {}

func (f *Updates) String() string {
	var s []string
	for _, u := range f.Sites {
		s = append(s, u.Type.String()+"@"+u.At)
	}
	return "updates(" + strings.Join(s, " ") + ")"
}

// maxSites bounds a fact: the first few Updates are enough for a message.
const maxSites = 8

// record keeps an Update this package does not report, for the fact of
// the functions that reach it.
func (c *checker) record(fn *ssa.Function, call *ssa.Call, t types.Type, steps *objects.Steps) {
	ref, ok := crapi.RefOf(t)
	if !ok || c.inReconciler || c.handedOn || diag.Silenced(c.pass, call.Pos()) {
		return
	}
	pos := c.pass.Fset.Position(call.Pos())
	site := UpdateSite{Type: ref, At: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)}
	if rows, known := knowledge.Writers(crapi.Named(t)); known {
		site.Decided = true
		var may []string
		for _, w := range rows {
			if w.When != nil && c.mayHold(fn, t, w, steps) {
				may = append(may, conditionKey(w))
			}
		}
		site.May = strings.Join(may, ",")
	}
	c.pending[fn] = append(c.pending[fn], site)
}

// exportUpdates exports the Updates fact of every declared function that
// reaches a recorded Update: in its body, its closures, or the functions
// it calls (of this package, or with a fact).
// Code of a known controller is judged where it is, and exports
// nothing.
func (c *checker) exportUpdates(funcs []*ssa.Function, scope map[*ssa.Function][]*ctrlmodel.Controller) {
	memo := map[*ssa.Function][]UpdateSite{}
	var visit func(fn *ssa.Function) []UpdateSite
	visit = func(fn *ssa.Function) []UpdateSite {
		if s, ok := memo[fn]; ok {
			return s
		}
		memo[fn] = nil // a recursive call adds nothing
		if scope[fn] != nil {
			return nil
		}
		out := slices.Clone(c.pending[fn])
		for _, anon := range fn.AnonFuncs {
			out = append(out, visit(anon)...)
		}
		for call := range ssaflow.Calls(fn) {
			if callee := localCallee(call.Common(), fn.Pkg); callee != nil {
				out = append(out, visit(callee)...)
			} else if f := c.importedUpdates(call.Common()); f != nil {
				out = append(out, f.Sites...)
			}
		}
		out = slices.Compact(out)
		if len(out) > maxSites {
			out = out[:maxSites]
		}
		memo[fn] = out
		return out
	}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || fn.Parent() != nil || len(fn.Blocks) == 0 {
			continue
		}
		if sites := visit(fn); len(sites) > 0 {
			c.pass.ExportObjectFact(obj, &Updates{Sites: sites})
		}
	}
}

// importedUpdates returns the Updates fact of the function cc statically
// calls in another package, or nil.
func (c *checker) importedUpdates(cc *ssa.CallCommon) *Updates {
	obj := crapi.Callee(cc)
	if obj == nil || cc.IsInvoke() || obj.Pkg() == nil || obj.Pkg() == c.pass.Pkg {
		return nil
	}
	f := new(Updates)
	if !c.pass.ImportObjectFact(obj, f) {
		return nil
	}
	return f
}

// checkCalls reports the calls, in code of the controllers ctls, of
// functions of other packages whose Updates fact names a child of theirs:
// a type with a status that none of them is For.
func (c *checker) checkCalls(fn *ssa.Function, ctls []*ctrlmodel.Controller) {
	for _, ctl := range ctls {
		if !forKnown(ctl) {
			return
		}
	}
	for call := range ssaflow.Calls(fn) {
		f := c.importedUpdates(call.Common())
		if f == nil {
			continue
		}
		for _, site := range f.Sites {
			t := site.Type.Resolve(c.pass.Pkg)
			if t == nil {
				continue
			}
			who, ok := c.childOf(t, ctls, site)
			if !ok {
				continue
			}
			callee := call.Common().StaticCallee()
			diag.Report(c.pass, analysis.Diagnostic{
				Pos: call.Pos(),
				Message: fmt.Sprintf("%s updates the whole %s (%s), %s: every concurrent change turns into a 409 Conflict and a wasted reconcile; patch the fields it changes with client.MergeFrom",
					funcName(callee, c.pass.Pkg), crapi.ObjectTypeString(t), site.At, who),
			})
			break // one report per call
		}
	}
}

// childOf reports whether t is an object that none of the controllers
// ctls is For and that another writer is known to write (see namedWriter;
// only its type is known here, not the object's fields), and names it.
func (c *checker) childOf(t types.Type, ctls []*ctrlmodel.Controller, site UpdateSite) (string, bool) {
	if ctrlmodel.DynamicKind(ssaflow.Deref(t)) {
		return "", false
	}
	for _, ctl := range ctls {
		if ctl.IsFor(t) {
			return "", false
		}
	}
	holds := func(w knowledge.Writer) bool { return c.mayHold(nil, t, w, nil) }
	if site.Decided {
		holds = func(w knowledge.Writer) bool { return slices.Contains(strings.Split(site.May, ","), conditionKey(w)) }
	}
	return c.namedWriter(t, ctls, holds)
}

// funcName names fn as its caller's package would: pkg.F or (*pkg.T).M.
func funcName(fn *ssa.Function, from *types.Package) string {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok {
		return fn.Name()
	}
	qual := func(p *types.Package) string {
		if p == from {
			return ""
		}
		return p.Name()
	}
	if recv := obj.Type().(*types.Signature).Recv(); recv != nil {
		return "(" + types.TypeString(recv.Type(), qual) + ")." + obj.Name()
	}
	if p := qual(obj.Pkg()); p != "" {
		return p + "." + obj.Name()
	}
	return obj.Name()
}
