package ctrlmap

import (
	"cmp"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/argroles"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/rbacneeds"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/reach"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/wiring"
	"github.com/reconcilecheck/reconcilecheck/internal/controllermap"
)

const doc = `report the controller map of each binary (for reconcilecheck map)

controllermap is not a check: with -controllermap.enable, it reports, in
each package main that runs a manager, what the binary runs (its
managers, their controllers' sources, writes, finalizers and RBAC, its
webhooks) as one diagnostic whose message is JSON (docs/map.md); without
the flag it does nothing.`

// Analyzer computes the map; see the package documentation.
var Analyzer = &analysis.Analyzer{
	Name: "controllermap",
	Doc:  doc,
	Requires: []*analysis.Analyzer{ssapkg.Analyzer, ctrlmodel.Analyzer, apimarkers.Analyzer, reach.Analyzer,
		objects.Analyzer, wiring.Analyzer, argroles.Analyzer},
	FactTypes: []analysis.Fact{new(Reach)},
	Run:       run,
}

// enabled is -controllermap.enable.
var enabled bool

func init() {
	Analyzer.Flags.BoolVar(&enabled, "enable", false,
		"internal: report each binary's controller map (set by reconcilecheck map; without it the analyzer does nothing)")
}

// Reach is the fact of an exported function, type or variable of the
// module: the controllers and webhooks the code it may run sets up, and
// the finalizers that code adds and removes.
type Reach struct {
	Controllers []Controller
	Webhooks    []controllermap.Webhook
	Finalizers  []controllermap.Finalizer
}

// Controller is a controller in a fact: its map entry but what package
// main adds (writes, RBAC), the requests of its code, whose conditions
// the packages on the way to package main settle (wiring's Settle), and
// the kinds of the types its code uses, by which main names the
// resources it writes.
type Controller struct {
	Map      controllermap.Controller
	Requests []wiring.Request
	Kinds    []controllermap.Kind
}

// AFact implements analysis.Fact.
func (*Reach) AFact() {}

func (r *Reach) String() string {
	var parts []string
	for _, c := range r.Controllers {
		parts = append(parts, "controller("+c.Map.Name+")")
	}
	for _, w := range r.Webhooks {
		parts = append(parts, "webhook("+strings.Join(w.Paths, ",")+")")
	}
	for _, f := range r.Finalizers {
		parts = append(parts, fmt.Sprintf("finalizer(%s %q %s)", f.Op, f.Name, kindLabel(f.Kind)))
	}
	return "controllermap(" + strings.Join(parts, " ") + ")"
}

func run(pass *analysis.Pass) (any, error) {
	if !enabled || ssapkg.IsDependency(pass) {
		return nil, nil
	}
	src := reach.Of(pass).Source()
	if len(src) == 0 {
		return nil, nil
	}
	m := &mapper{
		pass:    pass,
		markers: apimarkers.Of(pass),
		w:       wiring.Of(pass),
		objs:    objects.Of(pass),
		roles:   argroles.Of(pass),
		graph:   reach.Of(pass).SourceGraph(),
		fins:    map[*ssa.Function][]controllermap.Finalizer{},
	}
	m.chains()
	m.webhooks()
	fns, tns := m.graph.Roots(src)
	for _, fn := range fns {
		m.export(fn.Object(), m.reach([]*ssa.Function{fn}, nil))
	}
	for _, tn := range tns {
		m.export(tn, m.reach(nil, []*types.TypeName{tn}))
	}
	// An exported variable holding functions (cobra's or urfave/cli's
	// commands, which main lists) has what they may run.
	for _, gl := range m.graph.RootVars() {
		m.export(gl.Object(), m.reach(m.graph.Stored(gl), nil))
	}
	if pass.Pkg.Name() == "main" {
		m.report()
	}
	return nil, nil
}

// mapper holds one package's pieces of the map.
type mapper struct {
	pass    *analysis.Pass
	markers *apimarkers.Result
	w       *wiring.Result
	objs    *objects.Result
	roles   *argroles.Result
	graph   *reach.Graph
	// ctls are the controllers whose chains the package completes, each
	// with the function of its Complete call: the code that reaches
	// that function sets it up.
	ctls []located[Controller]
	// hooks are the webhooks the package's functions register.
	hooks []located[controllermap.Webhook]
	// fins memoises the finalizers of each function's own code.
	fins map[*ssa.Function][]controllermap.Finalizer
}

type located[T any] struct {
	v  T
	fn *ssa.Function
}

func (m *mapper) export(obj types.Object, r *Reach) {
	if len(r.Controllers)+len(r.Webhooks)+len(r.Finalizers) > 0 {
		m.pass.ExportObjectFact(obj, r)
	}
}

// at renders pos as an absolute file:line; the command makes it
// relative to the directory it runs in.
func (m *mapper) at(pos token.Pos) string {
	p := m.pass.Fset.Position(pos)
	return fmt.Sprintf("%s:%d", p.Filename, p.Line)
}

// shortAt renders pos as wiring renders a request's place.
func (m *mapper) shortAt(pos token.Pos) string {
	p := m.pass.Fset.Position(pos)
	name := p.Filename
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	return fmt.Sprintf("%s:%d", name, p.Line)
}

// reach returns what the code that fns and the methods of tns may run
// sets up: the package's own controllers, webhooks and finalizers in the
// functions it reaches, and those of the imported objects' facts, their
// controllers' requests settled by this package's client fields.
func (m *mapper) reach(fns []*ssa.Function, tns []*types.TypeName) *Reach {
	r := &Reach{}
	m.graph.Walk(fns, tns, func(fn *ssa.Function) {
		for _, c := range m.ctls {
			if c.fn == fn {
				r.addController(c.v)
			}
		}
		for _, h := range m.hooks {
			if h.fn == fn {
				r.addWebhook(h.v)
			}
		}
		r.Finalizers = mergeFinalizers(r.Finalizers, m.finalizers(fn))
	}, func(obj types.Object) {
		var f Reach
		if !m.pass.ImportObjectFact(obj, &f) {
			return
		}
		for _, c := range f.Controllers {
			c.Requests = m.w.Settle(c.Requests)
			r.addController(c)
		}
		for _, h := range f.Webhooks {
			r.addWebhook(h)
		}
		r.Finalizers = mergeFinalizers(r.Finalizers, f.Finalizers)
	})
	return r
}

func (r *Reach) addController(c Controller) {
	if !slices.ContainsFunc(r.Controllers, func(x Controller) bool { return x.Map.At == c.Map.At && x.Map.Reconciler == c.Map.Reconciler }) {
		r.Controllers = append(r.Controllers, c)
	}
}

func (r *Reach) addWebhook(h controllermap.Webhook) {
	if !slices.ContainsFunc(r.Webhooks, func(x controllermap.Webhook) bool { return x.At == h.At && slices.Equal(x.Paths, h.Paths) }) {
		r.Webhooks = append(r.Webhooks, h)
	}
}

// chains builds the controllers of the package's builder chains: those
// completed with a reconciler (Complete or Build) outside test code.
func (m *mapper) chains() {
	model, _ := m.pass.ResultOf[ctrlmodel.Analyzer].(*ctrlmodel.Model)
	if model == nil {
		return
	}
	for _, ch := range model.Chains {
		var done *ctrlmodel.Call
		for _, c := range ch.Calls {
			if c.Method == ctrlmodel.Complete || c.Method == ctrlmodel.Build {
				done = c
				break
			}
		}
		if done == nil || done.Fn == nil || ssapkg.InTestCode(m.pass, done.Pos) {
			continue
		}
		m.ctls = append(m.ctls, located[Controller]{m.controller(ch, done), done.Fn})
	}
}

// controller builds the controller of chain ch, completed by done.
func (m *mapper) controller(ch *ctrlmodel.Chain, done *ctrlmodel.Call) Controller {
	c := controllermap.Controller{At: m.at(ch.Calls[0].Pos)}
	var recv *types.TypeName
	if n := crapi.Named(done.Reconciler); n != nil {
		recv = n.Obj()
		if recv.Pkg() != nil {
			c.Reconciler = recv.Pkg().Path() + "." + recv.Name()
		}
	}
	var reqs []wiring.Request
	var kinds []controllermap.Kind
	addKind := func(t types.Type) {
		if t == nil {
			return
		}
		if k := m.kindOf(t); k.Kind != "" && !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	for _, call := range ch.Calls {
		switch {
		case call.Method.IsSource():
			c.Sources = append(c.Sources, m.source(call))
			addKind(call.Object)
			// The watch needs list and watch of the kind: asked of the
			// API server by the manager's cache, whatever client the
			// reconciler has (as wiring records it for the chain).
			if call.Object != nil && call.Method != ctrlmodel.WatchesRawSource {
				if res, ok := m.markers.ResourceOf(call.Object); ok {
					reqs = wiring.MergeRequests(reqs, []wiring.Request{{Resource: res, Access: wiring.Watch,
						What: fmt.Sprintf("%s(%s)", call.Method, crapi.ObjectTypeString(call.Object)), At: m.shortAt(call.Pos)}})
				}
			}
		case call.Method == ctrlmodel.WithEventFilter:
			for _, p := range call.Predicates {
				c.EventFilters = append(c.EventFilters, predicate(p))
			}
		case call.Method == ctrlmodel.Named && c.Name == "":
			if arg := call.Arg(0); arg != nil {
				if tv, ok := m.pass.TypesInfo.Types[arg]; ok && tv.Value != nil {
					c.Name, _ = strconv.Unquote(tv.Value.ExactString())
				}
			}
		}
	}
	if c.Name == "" {
		// controller-runtime names a controller by its For kind, lower
		// case, unless Named.
		for _, s := range c.Sources {
			if s.Method == string(ctrlmodel.For) && s.Kind != nil && s.Kind.Kind != "" {
				c.Name = strings.ToLower(s.Kind.Kind)
				break
			}
		}
	}
	// The controller's code: what its reconciler's Reconcile may run
	// (the watches are the chain's, above), not every method of the
	// type: a helper method no reconcile calls writes nothing at run
	// time. SetupWithManager hands the reconciler to the builder, which
	// would bring in all of them. Without a Reconcile of the package
	// (reconcile.Func, a generic wrapper), the chain's own functions; a
	// reconciler of another package is known by its type's facts, which
	// cover all its methods.
	var fns []*ssa.Function
	var tns []*types.TypeName
	var imported *types.TypeName
	switch {
	case recv != nil && recv.Pkg() == m.pass.Pkg:
		for _, fn := range m.graph.Methods(recv) {
			if fn.Name() == "Reconcile" {
				fns = append(fns, fn)
			}
		}
		if len(fns) == 0 {
			tns = []*types.TypeName{recv}
		}
	case recv != nil && recv.Pkg() != nil:
		imported = recv
	default:
		for _, call := range ch.Calls {
			if call.Fn != nil && !slices.Contains(fns, call.Fn) {
				fns = append(fns, call.Fn)
			}
		}
	}
	fins := []controllermap.Finalizer(nil)
	if len(fns)+len(tns) > 0 {
		reqs = wiring.MergeRequests(reqs, m.w.Requests(fns, tns))
		for _, u := range m.w.Of(fns, tns).Uses {
			addKind(u.Type.Resolve(m.pass.Pkg))
		}
		fins = m.reach(fns, tns).Finalizers
	}
	if imported != nil {
		var wf wiring.Wiring
		if m.pass.ImportObjectFact(imported, &wf) {
			reqs = wiring.MergeRequests(reqs, m.w.Settle(wf.Requests))
			for _, u := range wf.Uses {
				addKind(u.Type.Resolve(m.pass.Pkg))
			}
		}
		var rf Reach
		if m.pass.ImportObjectFact(imported, &rf) {
			fins = rf.Finalizers
		}
	}
	for _, f := range fins {
		if f.Kind.Kind != "" && !slices.Contains(kinds, f.Kind) {
			kinds = append(kinds, f.Kind)
		}
	}
	c.Finalizers = fins
	return Controller{Map: c, Requests: reqs, Kinds: kinds}
}

// source describes a For, Owns or Watches call.
func (m *mapper) source(call *ctrlmodel.Call) controllermap.Source {
	s := controllermap.Source{Method: string(call.Method), At: m.at(call.Pos)}
	if call.Object != nil {
		k := m.kindOf(call.Object)
		s.Kind = &k
	}
	switch call.Method {
	case ctrlmodel.For:
		s.Handler = "object"
	case ctrlmodel.Owns:
		s.Handler = "owner"
	case ctrlmodel.Watches, ctrlmodel.WatchesMetadata:
		s.Handler = "custom"
		if h := call.Handler; h != nil {
			switch h.Kind {
			case ctrlmodel.HandlerForObject:
				s.Handler = "object"
			case ctrlmodel.HandlerForOwner:
				s.Handler = "owner"
				if h.OwnerType != nil {
					k := m.kindOf(h.OwnerType)
					s.OwnerKind = &k
				}
			case ctrlmodel.HandlerMapFunc:
				s.Handler = "mapFunc"
			}
		}
	}
	for _, p := range call.Predicates {
		s.Predicates = append(s.Predicates, predicate(p))
	}
	if call.Via != nil {
		s.Via = call.Via.Pkg().Name() + "." + call.Via.Name()
	}
	return s
}

// predicateNames name controller-runtime's predicates in the map.
var predicateNames = map[ctrlmodel.PredicateKind]string{
	ctrlmodel.PredicateGenerationChanged:      "generation",
	ctrlmodel.PredicateLabelChanged:           "label",
	ctrlmodel.PredicateAnnotationChanged:      "annotation",
	ctrlmodel.PredicateResourceVersionChanged: "resourceVersion",
	ctrlmodel.PredicateAnd:                    "and",
	ctrlmodel.PredicateOr:                     "or",
	ctrlmodel.PredicateNot:                    "not",
}

// predicate describes p; one of the model's kinds, or "custom" with its
// type (predicate.Funcs, a type of the module) or the function that
// makes it (predicate.NewPredicateFuncs(…)) when known.
func predicate(p *ctrlmodel.Predicate) controllermap.Predicate {
	name, ok := predicateNames[p.Kind]
	if !ok {
		name = "custom"
	}
	out := controllermap.Predicate{Kind: name}
	if name == "custom" {
		switch {
		case p.Type != nil:
			out.Type = crapi.ObjectTypeString(p.Type)
		case p.Value != nil:
			if call, ok := ssaflow.StripConv(p.Value).(*ssa.Call); ok {
				if fn := crapi.Callee(call.Common()); fn != nil && fn.Pkg() != nil {
					out.Type = fn.Pkg().Name() + "." + fn.Name() + "(…)"
				}
			}
		}
	}
	for _, o := range p.Operands {
		out.Operands = append(out.Operands, predicate(o))
	}
	return out
}

// kindOf names the kind of objects of type t: group, version, kind and
// resource when apimarkers knows it (a kind of the module, a built-in
// one), else only its type.
func (m *mapper) kindOf(t types.Type) controllermap.Kind {
	res, ok := m.markers.ResourceOf(t)
	if !ok {
		return controllermap.Kind{Type: crapi.ObjectTypeString(t)}
	}
	version, kind, _ := m.markers.VersionKindOf(t)
	return controllermap.Kind{Group: res.Group, Version: version, Kind: kind, Resource: res.Resource}
}

// kindLabel renders a kind for a fact's text.
func kindLabel(k controllermap.Kind) string {
	switch {
	case k.Kind != "":
		return k.Kind
	case k.Type != "":
		return k.Type
	}
	return "?"
}

// finalizers returns what fn's own code does to finalizers (through the
// object layer's lifecycle scan): the additions and removals with their
// names, and the names listed in a finalizer list it stores (a new
// object's Finalizers: []string{name}).
func (m *mapper) finalizers(fn *ssa.Function) []controllermap.Finalizer {
	if out, ok := m.fins[fn]; ok {
		return out
	}
	var out []controllermap.Finalizer
	add := func(op, name string, obj ssa.Value, pos token.Pos) {
		f := controllermap.Finalizer{Name: name, Op: op, At: []string{m.at(pos)}}
		if t := objects.ObjectType(obj); t != nil {
			f.Kind = m.kindOf(t)
		}
		out = mergeFinalizers(out, []controllermap.Finalizer{f})
	}
	listed := map[ssa.Instruction]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			names := lifecycle.ListedFinalizers(instr)
			if len(names) == 0 {
				continue
			}
			listed[instr] = true
			obj := listedObject(instr)
			for _, v := range names {
				if name, ok := m.name(v); ok {
					add("add", name, obj, instr.Pos())
				}
			}
		}
	}
	ev := m.objs.Lifecycle(fn)
	for _, op := range ev.Additions {
		if name, ok := m.opName(op); ok {
			add("add", name, op.Obj, op.Instr.Pos())
		}
	}
	for _, op := range ev.Removals {
		if listed[op.Instr] {
			continue // a list of known names stored: additions
		}
		if name, ok := m.opName(op); ok {
			add("remove", name, op.Obj, op.Instr.Pos())
		}
	}
	m.fins[fn] = out
	return out
}

// listedObject is the object whose finalizer list instr stores. A
// nested literal (&v1.PersistentVolumeClaim{ObjectMeta:
// metav1.ObjectMeta{Finalizers: ...}}) fills an ObjectMeta of its own,
// then copies it into the object's: the object is where the copy goes.
func listedObject(instr ssa.Instruction) ssa.Value {
	var obj ssa.Value
	switch x := instr.(type) {
	case *ssa.Store:
		if fa, ok := x.Addr.(*ssa.FieldAddr); ok {
			obj = lifecycle.ObjectOf(fa.X)
		}
	case ssa.CallInstruction:
		obj = lifecycle.ObjectOf(crapi.Receiver(x.Common()))
	}
	a, ok := obj.(*ssa.Alloc)
	if !ok || !crapi.IsNamed(a.Type(), lifecycle.MetaV1Pkg, "ObjectMeta") {
		return obj
	}
	for _, ref := range *a.Referrers() {
		load, ok := ref.(*ssa.UnOp)
		if !ok || load.Op != token.MUL {
			continue
		}
		for _, use := range *load.Referrers() {
			if st, ok := use.(*ssa.Store); ok && st.Val == load {
				return lifecycle.ObjectOf(st.Addr)
			}
		}
	}
	return obj
}

// name is the finalizer name v: a constant's value, "" for a value
// computed at run time; ok is false for a parameter, which the caller
// names (a helper's call is recorded there).
func (m *mapper) name(v ssa.Value) (string, bool) {
	v = ssaflow.StripConv(v)
	if s, ok := crapi.ConstString(v); ok {
		return s, true
	}
	if _, ok := v.(*ssa.Parameter); ok {
		return "", false
	}
	return "", true
}

// opName names the finalizer of op. A helper's addition or removal is
// named by the constant its caller gives the helper's name parameter
// (argroles); one without such a parameter names it inside, where its own
// code is recorded. A list stored or replaced whole has no name.
func (m *mapper) opName(op lifecycle.FinalizerOp) (string, bool) {
	if op.Finalizer != nil {
		return m.name(op.Finalizer)
	}
	if !op.Helper {
		return "", true
	}
	call, ok := op.Instr.(ssa.CallInstruction)
	if !ok {
		return "", true
	}
	params := m.roles.Params(crapi.Callee(call.Common()), argroles.FinalizerName)
	if len(params) == 0 {
		return "", false
	}
	args := crapi.CallArgs(call.Common())
	for _, i := range params {
		if i < len(args) {
			return m.name(args[i])
		}
	}
	return "", true
}

// mergeFinalizers adds more to list, one entry per operation, name and
// kind with the places of each.
func mergeFinalizers(list, more []controllermap.Finalizer) []controllermap.Finalizer {
	for _, f := range more {
		i := slices.IndexFunc(list, func(x controllermap.Finalizer) bool { return x.Op == f.Op && x.Name == f.Name && x.Kind == f.Kind })
		if i < 0 {
			f.At = slices.Clone(f.At)
			list = append(list, f)
			continue
		}
		for _, at := range f.At {
			if !slices.Contains(list[i].At, at) {
				list[i].At = append(list[i].At, at)
			}
		}
	}
	return list
}

// webhooks records the webhook builder chains of the package and its
// handlers registered by hand, each with the function that registers it.
func (m *mapper) webhooks() {
	for _, c := range crapi.WebhookChains(m.pass.TypesInfo, m.pass.Files) {
		if c.Root == nil || ssapkg.InTestCode(m.pass, c.Root.Pos()) {
			continue
		}
		fn := m.enclosing(c.Root.Pos())
		if fn == nil {
			continue
		}
		h := controllermap.Webhook{Defaulting: c.Defaulter, Validating: c.Validator, At: m.at(c.Root.Pos())}
		var mutate, validate string
		if c.Object != nil {
			k := m.kindOf(c.Object)
			h.Kind = &k
			if k.Kind != "" {
				mutate, validate = crapi.WebhookPaths(k.Group, k.Version, k.Kind)
			}
		}
		if c.DefaulterPath != "" {
			mutate = c.DefaulterPath
		}
		if c.ValidatorPath != "" {
			validate = c.ValidatorPath
		}
		if c.Defaulter && mutate != "" {
			h.Paths = append(h.Paths, mutate)
		}
		if c.Validator && validate != "" {
			h.Paths = append(h.Paths, validate)
		}
		if own := m.markers.Own(); own != nil && h.Kind != nil && h.Kind.Kind != "" {
			for _, w := range own.Webhooks {
				if namesKind(w, *h.Kind) {
					h.Markers = append(h.Markers, controllermap.WebhookMarker{Path: w.Path, Mutating: w.Mutating,
						Served: slices.Contains(h.Paths, w.Path), At: m.at(w.Pos())})
				}
			}
		}
		m.hooks = append(m.hooks, located[controllermap.Webhook]{h, fn})
	}
	for _, f := range m.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			arg, ok := crapi.WebhookRegister(m.pass.TypesInfo, call)
			if !ok || ssapkg.InTestCode(m.pass, call.Pos()) {
				return true
			}
			fn := m.enclosing(call.Pos())
			tv := m.pass.TypesInfo.Types[arg]
			if fn == nil || tv.Value == nil {
				return true
			}
			path, _ := strconv.Unquote(tv.Value.ExactString())
			m.hooks = append(m.hooks, located[controllermap.Webhook]{controllermap.Webhook{Paths: []string{path}, At: m.at(call.Pos())}, fn})
			return true
		})
	}
}

// namesKind reports whether the webhook marker w's rules name kind k, by
// the rule webhookpath judges markers with (apimarkers.Webhook.Names).
func namesKind(w apimarkers.Webhook, k controllermap.Kind) bool {
	return w.Names(k.Group, k.Version, k.Resource)
}

// enclosing returns the innermost source function (a closure included)
// whose body holds pos.
func (m *mapper) enclosing(pos token.Pos) *ssa.Function {
	var best *ssa.Function
	for _, fn := range ssapkg.Of(m.pass).SrcFuncs() {
		syn := fn.Syntax()
		if syn == nil || pos < syn.Pos() || pos >= syn.End() {
			continue
		}
		if best == nil || syn.End()-syn.Pos() < best.Syntax().End()-best.Syntax().Pos() {
			best = fn
		}
	}
	return best
}

// report reports the map of the binary package main builds: per manager
// (rbacneeds' managers, so that the RBAC is rbacgrant's), the
// controllers, webhooks and finalizers of the code it runs, and its role.
func (m *mapper) report() {
	b := rbacneeds.Of(m.pass, m.w, m.markers)
	if b == nil || len(b.Managers) == 0 {
		return
	}
	bin := controllermap.Binary{Package: m.pass.Pkg.Path()}
	pos := token.NoPos
	for _, mg := range b.Managers {
		// The schema's lists are lists, never null, where they are not
		// optional.
		out := controllermap.Manager{Via: mg.Site.At, Controllers: []controllermap.Controller{}}
		switch {
		case mg.Node != nil:
			out.At = m.at(mg.Node.Pos())
		case mg.Call != nil:
			out.At = m.at(mg.Call.Pos())
		default:
			out.At = m.at(mg.Fn.Pos())
		}
		if pos == token.NoPos && mg.Node != nil {
			pos = mg.Node.Pos()
		}
		r := m.reach(mg.Funcs, nil)
		var kinds []controllermap.Kind
		for _, c := range r.Controllers {
			kinds = append(kinds, c.Kinds...)
		}
		rules := b.Rules
		if !b.Judged {
			rules = nil
		}
		inControllers := map[string]bool{}
		for _, c := range r.Controllers {
			reqs := wiring.ViaManager(c.Requests)
			mc := c.Map
			if mc.Sources == nil {
				mc.Sources = []controllermap.Source{}
			}
			mc.Writes = writes(reqs, kinds)
			mc.RBAC = needs(rbacneeds.NeedsOf(rules, reqs, mg.Uncached, mg.Partial), b.Judged)
			for _, n := range reqs {
				inControllers[accessKey(n)] = true
			}
			out.Controllers = append(out.Controllers, mc)
		}
		slices.SortFunc(out.Controllers, func(a, b controllermap.Controller) int { return compareAt(a.At, b.At) })
		out.Webhooks = r.Webhooks
		for i := range out.Webhooks {
			if out.Webhooks[i].Paths == nil {
				out.Webhooks[i].Paths = []string{}
			}
		}
		slices.SortFunc(out.Webhooks, func(a, b controllermap.Webhook) int { return compareAt(a.At, b.At) })
		out.RBAC = controllermap.RBAC{Judged: b.Judged, Partial: mg.Partial}
		var other []wiring.Request
		for _, n := range mg.Needs {
			if !inControllers[accessKey(n)] {
				other = append(other, n)
			}
		}
		out.RBAC.Other = needs(rbacneeds.NeedsOf(rules, other, mg.Uncached, mg.Partial), b.Judged)
		if b.Judged {
			for _, miss := range rbacneeds.MissingOf(b.Rules, mg.Needs, mg.Uncached, mg.Partial) {
				out.RBAC.Missing = append(out.RBAC.Missing, controllermap.Need{Group: miss.Group, Resource: miss.Resource,
					Verbs: miss.Verbs, Missing: miss.Verbs, By: by(miss.By)})
			}
			for _, u := range rbacneeds.UnusedOf(b.Rules, b.All, mg.Uncached) {
				out.RBAC.Unused = append(out.RBAC.Unused, controllermap.Unused{At: u.Rule.At, Wildcard: u.Wildcard, Grants: u.Extra})
			}
		}
		bin.Managers = append(bin.Managers, out)
	}
	if pos == token.NoPos {
		pos = m.pass.Files[0].Package
	}
	data, err := json.Marshal(bin)
	if err != nil {
		return // the map's types always encode
	}
	// Reported as it is, not through diag: the map is no finding, no
	// directive may silence it, and only the map mode asks for it.
	m.pass.Report(analysis.Diagnostic{Pos: pos, Category: controllermap.Category, Message: string(data)})
}

// accessKey identifies what a request asks, whatever the call.
func accessKey(n wiring.Request) string {
	return fmt.Sprintf("%s|%s|%s|%v", n.Resource, n.Sub, n.Access, n.Reader)
}

// writes groups the write requests by kind: the verbs of the object, of
// its status, and the events recorded.
func writes(reqs []wiring.Request, kinds []controllermap.Kind) []controllermap.Write {
	var out []controllermap.Write
	for _, n := range reqs {
		verb := string(n.Access)
		switch n.Access {
		case wiring.Watch, wiring.Read, wiring.List:
			continue
		}
		k := controllermap.Kind{Group: n.Resource.Group, Resource: n.Resource.Resource}
		if i := slices.IndexFunc(kinds, func(x controllermap.Kind) bool { return x.Group == k.Group && x.Resource == k.Resource }); i >= 0 {
			k = kinds[i]
		} else if n.Access == wiring.Event {
			// Both recorders' events are v1 Events of their group.
			k.Version, k.Kind = "v1", "Event"
		}
		i := slices.IndexFunc(out, func(w controllermap.Write) bool { return w.Kind == k })
		if i < 0 {
			out = append(out, controllermap.Write{Kind: k})
			i = len(out) - 1
		}
		w := &out[i]
		switch {
		case n.Access == wiring.Event:
			w.Events = true
		case n.Sub == "status":
			if !slices.Contains(w.Status, verb) {
				w.Status = append(w.Status, verb)
			}
		case n.Sub == "":
			if !slices.Contains(w.Verbs, verb) {
				w.Verbs = append(w.Verbs, verb)
			}
		default:
			continue
		}
		w.By = append(w.By, n.What+" at "+n.At)
	}
	slices.SortFunc(out, func(a, b controllermap.Write) int {
		return cmp.Or(cmp.Compare(a.Kind.Group, b.Kind.Group), cmp.Compare(a.Kind.Kind, b.Kind.Kind), cmp.Compare(a.Kind.Resource, b.Kind.Resource))
	})
	return out
}

// needs converts rbacneeds' needs for the map; unjudged, nothing is
// missing.
func needs(list []rbacneeds.Need, judged bool) []controllermap.Need {
	var out []controllermap.Need
	for _, n := range list {
		nd := controllermap.Need{Group: n.Group, Resource: n.Resource, Verbs: n.Verbs, By: by(n.By)}
		if judged {
			nd.Missing = n.Missing
		}
		out = append(out, nd)
	}
	return out
}

func by(reqs []wiring.Request) []string {
	var out []string
	for _, n := range reqs {
		out = append(out, n.What+" at "+n.At)
	}
	return out
}

// compareAt orders file:line places by file, then line.
func compareAt(a, b string) int {
	fa, la := splitAt(a)
	fb, lb := splitAt(b)
	return cmp.Or(cmp.Compare(fa, fb), cmp.Compare(la, lb))
}

func splitAt(at string) (string, int) {
	i := strings.LastIndexByte(at, ':')
	if i < 0 {
		return at, 0
	}
	n, _ := strconv.Atoi(at[i+1:])
	return at[:i], n
}
