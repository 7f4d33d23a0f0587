package cachenotstarted

import (
	_ "embed"
	"fmt"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
)

//go:embed doc.go
var doc string

// Analyzer reports reads through the manager's cache before it starts.
var Analyzer = &analysis.Analyzer{
	Name:      "cachenotstarted",
	Doc:       checkdoc.MustExtract(doc, "cachenotstarted"),
	Requires:  []*analysis.Analyzer{ssapkg.Analyzer, apimarkers.Analyzer, wiring.Analyzer},
	Run:       run,
	FactTypes: []analysis.Fact{new(Reads)},
}

// Reads is the fact of an exported function or method of the module that
// reads, when it runs (not in closures it hands on), through a client it
// is given: a manager parameter's GetClient(), a client parameter, or a
// client field of its receiver.
type Reads struct {
	Via []Read
}

// Read is one read through a client the function is given.
type Read struct {
	// Param is the SSA index of the parameter (the receiver first) that
	// is the manager or the client, or whose Field is the client.
	Param int
	Field string
	// Manager: Param is a manager, read through its GetClient().
	Manager bool
	// Resource is "resource.group" of the object read ("" unknown); At
	// says where and what, for messages ("setup.go:42: List of v1.Bar").
	Resource, At string
}

// AFact implements analysis.Fact.
func (*Reads) AFact() {}

func (f *Reads) String() string {
	var parts []string
	for _, r := range f.Via {
		via := fmt.Sprintf("%d", r.Param)
		if r.Field != "" {
			via += "." + r.Field
		}
		if r.Manager {
			via += ".GetClient()"
		}
		parts = append(parts, via+" "+r.Resource)
	}
	return "cacheReads(" + strings.Join(parts, ", ") + ")"
}

type checker struct {
	pass    *analysis.Pass
	marks   *apimarkers.Result
	summary map[*ssa.Function][]Read
	busy    map[*ssa.Function]bool
}

func run(pass *analysis.Pass) (any, error) {
	funcs := ssapkg.Of(pass).SrcFuncs()
	if len(funcs) == 0 {
		return nil, nil
	}
	c := &checker{pass: pass, marks: apimarkers.Of(pass), summary: map[*ssa.Function][]Read{}, busy: map[*ssa.Function]bool{}}
	for _, fn := range funcs {
		obj, ok := fn.Object().(*types.Func)
		if !ok || !obj.Exported() || fn.Parent() != nil || ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		if reads := c.reads(fn); len(reads) > 0 {
			pass.ExportObjectFact(obj, &Reads{Via: reads})
		}
	}
	var uncached []string
	for _, r := range wiring.Of(pass).Uncached() {
		uncached = append(uncached, r.String())
	}
	for _, fn := range funcs {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		c.checkStart(fn, uncached)
	}
	return nil, nil
}

// reads returns what fn reads through the clients it is given, itself
// and through the functions it calls (the package's, and others' by
// their facts).
func (c *checker) reads(fn *ssa.Function) []Read {
	if r, ok := c.summary[fn]; ok {
		return r
	}
	if c.busy[fn] {
		return nil
	}
	c.busy[fn] = true
	var out []Read
	add := func(r Read) {
		if !slices.Contains(out, r) {
			out = append(out, r)
		}
	}
	for call := range ssaflow.Calls(fn) {
		if _, isGo := call.(*ssa.Go); isGo {
			continue
		}
		if r, ok := c.clientRead(call); ok {
			if p, field, mgr, ok := c.given(fn, r.client); ok {
				add(Read{Param: p, Field: field, Manager: mgr, Resource: r.resource, At: r.at})
			}
			continue
		}
		args := call.Common().Args
		for _, inner := range c.calleeReads(call) {
			if inner.Param >= len(args) {
				continue
			}
			arg := ssaflow.Strip(args[inner.Param])
			if inner.Field != "" {
				// The callee reads a field of its receiver: ours if it
				// is our receiver, or a parameter of ours.
				if p, ok := paramIndex(fn, arg); ok {
					add(Read{Param: p, Field: inner.Field, Manager: inner.Manager, Resource: inner.Resource, At: inner.At})
				}
				continue
			}
			if inner.Manager {
				if p, ok := paramIndex(fn, arg); ok {
					add(Read{Param: p, Manager: true, Resource: inner.Resource, At: inner.At})
				}
				continue
			}
			if p, field, mgr, ok := c.given(fn, args[inner.Param]); ok {
				add(Read{Param: p, Field: field, Manager: mgr, Resource: inner.Resource, At: inner.At})
			}
		}
	}
	c.summary[fn] = out
	delete(c.busy, fn)
	return out
}

// calleeReads returns the reads of the function call runs: one of the
// package's, or another package's by its fact.
func (c *checker) calleeReads(call ssa.CallInstruction) []Read {
	if callee := ssaflow.LocalCallee(call.Common(), c.pass.Pkg); callee != nil {
		return c.reads(callee)
	}
	f := crapi.Callee(call.Common())
	if f == nil || call.Common().IsInvoke() || f.Pkg() == c.pass.Pkg {
		return nil
	}
	var fact Reads
	if !c.pass.ImportObjectFact(f, &fact) {
		return nil
	}
	return fact.Via
}

// clientRead is a Get or List through a client.
type clientRead struct {
	client       ssa.Value
	resource, at string
}

func (c *checker) clientRead(call ssa.CallInstruction) (clientRead, bool) {
	cc := call.Common()
	cl, args, ok := crapi.ClientCallSSA(cc)
	if !ok || cl.SubResource || (cl.Method != crapi.Get && cl.Method != crapi.List) {
		return clientRead{}, false
	}
	recv := crapi.Receiver(cc)
	if recv == nil {
		return clientRead{}, false
	}
	var obj ssa.Value
	switch {
	case cl.Method == crapi.Get && len(args) >= 3:
		obj = args[2]
	case cl.Method == crapi.List && len(args) >= 2:
		obj = args[1]
	}
	res, what := "", string(cl.Method)
	if obj != nil {
		t := ssaflow.Strip(obj).Type()
		if types.IsInterface(t) {
			return clientRead{}, false // a kind only known at run time
		}
		if ctrlmodel.DynamicKind(ssaflow.Deref(t)) && !crapi.IsNamed(t, crapi.MetaV1Pkg, "PartialObjectMetadata") && !crapi.IsNamed(t, crapi.MetaV1Pkg, "PartialObjectMetadataList") {
			return clientRead{}, false // unstructured: read from the API server, not the cache
		}
		if r, ok := c.marks.ResourceOf(t); ok {
			res = r.String()
		}
		what += " of " + crapi.ObjectTypeString(t)
	}
	p := c.pass.Fset.Position(call.Pos())
	return clientRead{client: recv, resource: res, at: fmt.Sprintf("%s:%d: %s", filepath.Base(p.Filename), p.Line, what)}, true
}

// given tells how fn was given client v: a parameter (p) that is the
// client, a manager parameter whose GetClient() it is, or a client field
// of a parameter (its receiver).
func (c *checker) given(fn *ssa.Function, v ssa.Value) (p int, field string, mgr, ok bool) {
	v = ssaflow.Strip(v)
	if call, isCall := v.(*ssa.Call); isCall {
		if m, isGC := crapi.GetClientOf(call); isGC {
			p, ok := paramIndex(fn, ssaflow.Strip(m))
			return p, "", true, ok
		}
		return 0, "", false, false
	}
	if i, isParam := paramIndex(fn, v); isParam {
		return i, "", false, true
	}
	if u, isLoad := v.(*ssa.UnOp); isLoad && u.Op == token.MUL {
		if fa, isFA := u.X.(*ssa.FieldAddr); isFA {
			if i, isParam := paramIndex(fn, ssaflow.Strip(fa.X)); isParam {
				return i, ssaflow.FieldName(fa.X.Type(), fa.Field), false, true
			}
		}
	}
	return 0, "", false, false
}

func paramIndex(fn *ssa.Function, v ssa.Value) (int, bool) {
	for i, p := range fn.Params {
		if p == v {
			return i, true
		}
	}
	return 0, false
}

// checkStart reports, in a function that starts a manager, the reads
// through its cache that run before: direct, or in the functions it
// calls first with the manager, its client, or a value holding the
// client.
func (c *checker) checkStart(fn *ssa.Function, uncached []string) {
	var starts []ssa.CallInstruction
	for call := range ssaflow.Calls(fn) {
		if crapi.IsManagerStart(call) {
			starts = append(starts, call)
		}
		if f := crapi.Callee(call.Common()); f != nil && f.Name() == "WaitForCacheSync" {
			return // the code starts the cache itself and waits for it
		}
	}
	if len(starts) == 0 {
		return
	}
	before := func(instr ssa.Instruction) bool {
		for _, s := range starts {
			if ssaflow.MayPrecede(instr, s) {
				return true
			}
		}
		return false
	}
	for call := range ssaflow.Calls(fn) {
		if _, isGo := call.(*ssa.Go); isGo || !before(call) {
			continue
		}
		if r, ok := c.clientRead(call); ok {
			if c.managerClient(r.client) && !slices.Contains(uncached, r.resource) {
				c.report(call, "", r.at)
			}
			continue
		}
		args := call.Common().Args
		for _, inner := range c.calleeReads(call) {
			if inner.Param >= len(args) || slices.Contains(uncached, inner.Resource) {
				continue
			}
			arg := args[inner.Param]
			var viaManager bool
			switch {
			case inner.Field != "":
				viaManager = c.fieldFromManager(arg, inner.Field)
			case inner.Manager:
				viaManager = isManager(arg.Type())
			default:
				viaManager = c.managerClient(arg)
			}
			if viaManager {
				name := "the function"
				if f := crapi.Callee(call.Common()); f != nil {
					name = f.Name()
				}
				c.report(call, name, inner.At)
				break
			}
		}
	}
}

// managerClient reports whether v is m.GetClient() of a manager.
func (c *checker) managerClient(v ssa.Value) bool {
	call, ok := ssaflow.Strip(v).(*ssa.Call)
	if !ok {
		return false
	}
	_, ok = crapi.GetClientOf(call)
	return ok
}

// fieldFromManager reports whether v is a struct literal (or a pointer to
// one) whose field is set to the manager's client: &R{Client: mgr.GetClient()}.
func (c *checker) fieldFromManager(v ssa.Value, field string) bool {
	alloc, ok := ssaflow.Strip(v).(*ssa.Alloc)
	if !ok {
		return false
	}
	for _, st := range ssaflow.StoresTo(alloc) {
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if ok && fa.X == alloc && ssaflow.FieldName(fa.X.Type(), fa.Field) == field && c.managerClient(st.Val) {
			return true
		}
	}
	return false
}

func isManager(t types.Type) bool {
	return crapi.IsNamed(t, crapi.ManagerPkg, "Manager")
}

func (c *checker) report(call ssa.CallInstruction, through, at string) {
	what := "this " + strings.SplitN(at, ": ", 2)[1]
	if through != "" {
		what = through + ", which reads (" + at + "),"
	}
	diag.Report(c.pass, analysis.Diagnostic{
		Pos:     call.Pos(),
		Message: what + " goes through the manager's cached client before mgr.Start: the cache is not started, so the read fails (\"the cache is not started, can not read objects\"); read through mgr.GetAPIReader(), or do it in a Runnable added with mgr.Add",
	})
}
