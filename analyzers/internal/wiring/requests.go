package wiring

import (
	"fmt"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ownership"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// This file is what the code asks of the API server through the
// manager's client: each client call (resource, subresource, verb,
// through a full client or only a reader), watch source and event
// recorder, with the condition under which the client is the manager's
// (Request.Via). rbacgrant maps the requests of the code a manager runs
// to RBAC verbs.

// Access is what a request asks of the API server; the manager's package
// turns it into verbs (a read depends on whether the cache serves it).
type Access string

// The accesses that are not a write; a write is its verb (create,
// update, patch, delete, deletecollection).
const (
	Watch Access = "watch" // a watch source: the informer lists and watches
	Read  Access = "get"   // Get
	List  Access = "list"  // List
	Event Access = "event" // an event recorder: events create and patch
)

// Request is one thing the code of a package asks of the API server.
type Request struct {
	Resource apimarkers.Resource
	Sub      string // "status" for a status write
	Access   Access
	// Reader: the read goes through a client.Reader that is not a full
	// client (mgr.GetAPIReader(), the cache): it may be uncached.
	Reader bool
	// Direct: the request goes to the API server as it is, through a
	// typed clientset (clientset.CoreV1().Nodes().List): its verb is
	// what it needs, no cache stands in between.
	Direct bool
	What   string // the call, for the message: "Create", "For(v1.Secret)"
	At     string // file:line
	// Via is the struct field the client was read from
	// ("pkgpath.Helper.RemoteClient"), while no code seen yet stores a
	// value in it: the package that does tells the manager's client from
	// a remote cluster's (see resolve).
	Via string
}

func (n Request) key() string {
	return fmt.Sprintf("%s|%s|%s|%v|%v|%s", n.Resource, n.Sub, n.Access, n.Reader, n.Direct, n.Via)
}

// collector gathers the requests of one package.
type collector struct {
	pass    *analysis.Pass
	markers *apimarkers.Result
	// direct holds the requests of each function's own calls (a
	// closure's are its own), first call of each resource and access.
	direct map[*ssa.Function][]Request
	// callers holds the static call sites of each function of the
	// package, to tell which client an unexported function is given.
	callers map[*ssa.Function][]ssa.CallInstruction
	// via is the client field of the call being collected (Request.Via).
	via string
	// objs is the object layer: what a mutate function changes.
	objs *objects.Result
	// fills tells, per condition (Request.Via: a client field, a client
	// parameter of another package's function), what the package puts
	// there.
	fills map[string]*fill
}

// fill is what a package puts in a client field or passes as a client
// argument: the manager's client, another one, or a value that is the
// manager's on a condition of its own (a field of its own, a parameter
// of its exported function).
type fill struct {
	manager, other bool
	redirect       []string
}

func (col *collector) record(key string, v ssa.Value) {
	f := col.fills[key]
	if f == nil {
		f = &fill{}
		col.fills[key] = f
	}
	if c, ok := ssaflow.Strip(v).(*ssa.Const); ok && c.IsNil() {
		// A reset holds no client: filled, but with no origin that could
		// make the field's others several.
		return
	}
	origin := col.managersClient
	switch {
	case strings.HasPrefix(key, clientsetVia):
		origin = col.clientsetOrigin
	case strings.HasPrefix(key, configVia):
		origin = col.configOrigin
	}
	switch ok, via := origin(v, 0); {
	case !ok:
		f.other = true
	case via == "":
		f.manager = true
	case via != key && !slices.Contains(f.redirect, via):
		f.redirect = append(f.redirect, via)
	}
}

func (col *collector) add(t types.Type, sub string, a Access, reader bool, what string, call ssa.CallInstruction) {
	r, ok := col.markers.ResourceOf(t)
	if !ok {
		return // a kind of unknown resource: unstructured, a dependency's
	}
	col.addResource(r, sub, a, reader, what, call)
}

func (col *collector) addResource(r apimarkers.Resource, sub string, a Access, reader bool, what string, call ssa.CallInstruction) {
	col.addRequest(Request{Resource: r, Sub: sub, Access: a, Reader: reader, What: what}, call)
}

// addRequest adds n, made at call, with the condition of the client in
// hand (col.via).
func (col *collector) addRequest(n Request, call ssa.CallInstruction) {
	pos := col.pass.Fset.Position(call.Pos())
	n.At, n.Via = fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line), col.via
	fn := call.Parent()
	col.direct[fn] = MergeRequests(col.direct[fn], []Request{n})
}

// collect returns, per function of the package, what its own code asks:
// its watch sources, and its calls (not in tests) through the manager's
// client.
func collect(pass *analysis.Pass, markers *apimarkers.Result, objs *objects.Result, own *ownership.Result, funcs []*ssa.Function, model *ctrlmodel.Model) *collector {
	col := &collector{pass: pass, markers: markers, objs: objs, direct: map[*ssa.Function][]Request{}, callers: map[*ssa.Function][]ssa.CallInstruction{}, fills: map[string]*fill{}}
	for _, fn := range funcs {
		for call := range ssaflow.Calls(fn) {
			if callee := ssaflow.LocalCallee(call.Common(), pass.Pkg); callee != nil {
				col.callers[callee] = append(col.callers[callee], call)
			}
		}
	}
	if model != nil {
		for _, ch := range model.Chains {
			for _, call := range ch.Calls {
				switch call.Method {
				case ctrlmodel.For, ctrlmodel.Owns, ctrlmodel.Watches, ctrlmodel.WatchesMetadata:
				default:
					continue
				}
				if call.Object == nil || call.SSA == nil || ssapkg.InTestCode(pass, call.SSA.Pos()) {
					continue
				}
				col.add(call.Object, "", Watch, false, fmt.Sprintf("%s(%s)", call.Method, crapi.ObjectTypeString(call.Object)), call.SSA)
			}
		}
	}
	for _, fn := range funcs {
		if ssapkg.InTestCode(pass, fn.Pos()) {
			continue
		}
		for call := range ssaflow.Calls(fn) {
			col.call(call)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch instr := instr.(type) {
				case *ssa.Store:
					key := ssaflow.FieldKey(instr.Addr)
					switch {
					case key == "":
					case isClientType(instr.Val.Type()):
						col.record(key, instr.Val)
					case isClientsetType(instr.Val.Type()):
						col.record(clientsetVia+key, instr.Val)
					case isRESTConfig(instr.Val.Type()):
						col.record(configVia+key, instr.Val)
					}
				case ssa.CallInstruction:
					cc := instr.Common()
					callee := crapi.Callee(cc)
					if cc.IsInvoke() || callee == nil || !callee.Exported() || callee.Pkg() == nil {
						continue
					}
					for i, arg := range cc.Args {
						if isClientType(arg.Type()) {
							col.record(fmt.Sprintf("%s#%d", callee.FullName(), i), arg)
						}
					}
				}
			}
		}
	}
	col.blockingOwners(own, funcs)
	return col
}

// resolve applies what the package fills client fields and parameters
// with to the requests that wait for it (Request.Via): a field or parameter
// that only ever gets another client (a workload cluster's, cluster-api's
// drain.Helper{RemoteClient: remoteClient}) needs nothing of the
// manager's role; one that gets the manager's is settled; one filled from
// a condition of this package's takes that condition. A field that gets
// the manager's client and another one is open (see settle): its
// requests are dropped, not charged.
//
// The conditions on the parameters of the functions whose reach is asked
// (own) stay: their callers in other packages settle them.
func (col *collector) resolve(list []Request, own func(via string) bool) []Request {
	var out []Request
	memo := map[string]settled{}
	for _, n := range list {
		if n.Via != "" {
			s := col.settle(n.Via, own, memo, map[string]bool{}, 0)
			switch s.kind {
			case byManager:
				n.Via = ""
			case pending:
				n.Via = s.via
			default:
				continue // another client's, or open: nothing is claimed
			}
		}
		out = MergeRequests(out, []Request{n})
	}
	return out
}

// settledKind is what the package says of a condition (Request.Via).
type settledKind int

const (
	// none: nothing (a cycle of fields filled from each other).
	none settledKind = iota
	// byManager: the client is the manager's.
	byManager
	// byOther: only ever another client (client.New, a remote cluster's).
	byOther
	// open: a field that holds the manager's client or another one, and
	// which, where the requests read it, is not known: its requests are
	// no one's to charge.
	open
	// pending: still a condition, on a field or parameter this package
	// does not fill (via).
	pending
)

type settled struct {
	kind settledKind
	via  string
}

// settle tells what the package fills the condition via with. A
// parameter's calls each give their own client, so one call with the
// manager's charges the role. A field is one value read by every use: if
// the package fills it with the manager's client (or a field or parameter
// that will be) and also with another client, a use may read either, and
// which one is not followed (k0smotron's kmcScope.client holds the
// manager's client and is replaced by a remote cluster's when
// Spec.RemoteHostCluster is set, the condition under which its namespace
// calls run): open. Several pending conditions are taken, as before, as
// the manager's client injected by hand.
func (col *collector) settle(via string, own func(string) bool, memo map[string]settled, visiting map[string]bool, depth int) settled {
	if via == "" {
		return settled{kind: byManager}
	}
	if s, ok := memo[via]; ok {
		return s
	}
	f := col.fills[via]
	if f == nil || own(via) || depth > 8 {
		return settled{kind: pending, via: via}
	}
	if visiting[via] {
		return settled{kind: none}
	}
	visiting[via] = true
	defer delete(visiting, via)
	manager, other, isOpen := f.manager, f.other, false
	var pend []string
	for _, r := range f.redirect {
		switch s := col.settle(r, own, memo, visiting, depth+1); s.kind {
		case byManager:
			manager = true
		case byOther:
			other = true
		case open:
			isOpen = true
		case pending:
			if !slices.Contains(pend, s.via) {
				pend = append(pend, s.via)
			}
		}
	}
	var out settled
	switch {
	case strings.Contains(via, "#"): // a parameter: each call its own use
		switch {
		case manager || len(pend) > 1:
			out.kind = byManager
		case len(pend) == 1:
			out = settled{kind: pending, via: pend[0]}
		case isOpen:
			out.kind = open
		default:
			out.kind = byOther
		}
	case isOpen || other && (manager || len(pend) > 0):
		out.kind = open
	case manager || len(pend) > 1:
		out.kind = byManager
	case len(pend) == 1:
		out = settled{kind: pending, via: pend[0]}
	default:
		// Only other clients, or none (nil): nothing of the manager.
		out.kind = byOther
	}
	memo[via] = out
	return out
}

// isClientType reports whether t reads objects like a client: a
// client.Reader and more.
func isClientType(t types.Type) bool {
	if n := crapi.Named(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == crapi.ClientPkg {
		return true
	}
	ms := types.NewMethodSet(t)
	return ms.Lookup(nil, "Get") != nil && ms.Lookup(nil, "List") != nil
}

// call adds the requests of one call.
func (col *collector) call(call ssa.CallInstruction) {
	cc := call.Common()
	if cl, args, ok := crapi.ClientCallSSA(cc); ok {
		recv := crapi.Receiver(cc)
		ok, via := col.managersClient(recv, 0)
		if !ok {
			return // a client built here or handed out by another cluster
		}
		col.via = via
		defer func() { col.via = "" }()
		obj := func(i int) types.Type {
			if i < len(args) {
				return objects.ObjectType(args[i])
			}
			return nil
		}
		sub := ""
		if cl.SubResource {
			if !crapi.IsStatusWrite(cc, cl) {
				return // scale and other subresources: not followed
			}
			sub = "status"
		}
		reader := !FullClient(recv)
		switch cl.Method {
		case crapi.Get:
			if sub == "" {
				col.add(obj(2), "", Read, reader, "Get", call)
			}
		case crapi.List:
			col.add(obj(1), "", List, reader, "List", call)
		case crapi.Create, crapi.Update, crapi.Patch, crapi.Delete, crapi.DeleteAllOf, crapi.Apply:
			verb := map[crapi.ClientMethod]string{crapi.Create: "create", crapi.Update: "update", crapi.Patch: "patch",
				crapi.Delete: "delete", crapi.DeleteAllOf: "deletecollection", crapi.Apply: "patch"}[cl.Method]
			what := string(cl.Method)
			if sub != "" {
				what = "Status()." + what
			}
			col.add(obj(1), sub, Access(verb), false, what, call)
		}
		return
	}
	if col.typedCall(call) {
		return
	}
	fn := crapi.Callee(cc)
	if fn == nil {
		return
	}
	if crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") {
		args := crapi.CallArgs(cc)
		if len(args) < 3 {
			return
		}
		ok, via := col.managersClient(args[1], 0)
		if !ok {
			return
		}
		col.via = via
		defer func() { col.via = "" }()
		t := objects.ObjectType(args[2])
		col.add(t, "", Read, false, fn.Name(), call)
		if fn.Name() == "CreateOrPatch" && col.statusOnly(call, args) {
			// It gets the object and patches only its status; its Create
			// path, for an object already read from the server, would be
			// refused whatever the role (resourceVersion set): piraeus's
			// conditions on listed configurations.
			col.add(t, "status", "patch", false, fn.Name(), call)
			return
		}
		col.add(t, "", "create", false, fn.Name(), call)
		if fn.Name() == "CreateOrUpdate" {
			col.add(t, "", "update", false, fn.Name(), call)
		} else {
			col.add(t, "", "patch", false, fn.Name(), call)
		}
		return
	}
	if group, ok := knowledge.EventGroup(fn); ok {
		// RBAC tells the old recorder's core events from the new one's.
		col.addResource(apimarkers.Resource{Group: group, Resource: "events"}, "", Event, false, fn.Name(), call)
	}
}

// statusOnly reports whether the mutate function of a CreateOrPatch
// changes only the status of its object, which the code read from the
// server on every path to the call.
func (col *collector) statusOnly(call ssa.CallInstruction, args []ssa.Value) bool {
	if col.objs == nil || len(args) < 4 {
		return false
	}
	fn, obj := call.Parent(), args[2]
	eff, captures, known := col.objs.FuncValueEffect(fn, args[3], obj)
	changed := eff.Strong | eff.Weak
	if !known || !captures || changed == 0 || changed&^objects.Status != 0 {
		return false
	}
	steps := col.objs.Steps(fn, call, obj)
	if steps.Entry || len(steps.Starts) == 0 {
		return false
	}
	for _, ev := range steps.Starts {
		if ev != objects.Fetched {
			return false
		}
	}
	return true
}

// managersClient reports whether the client value v may be the manager's,
// and on what condition (Request.Via): the struct field it was read from
// (r.Client, an embedded client, d.RemoteClient) or the parameter of an
// exported function it came in by ("pkg.Func#1"), which the code that
// fills the field or calls the function settles. Unconditionally the
// manager's: mgr.GetClient()/GetAPIReader()/GetCache(), a captured or
// global variable; a parameter of an unexported function if every caller
// in the package gives it such a client. Not the manager's: a client made
// by another call (client.New, a cache of remote clusters' clients).
func (col *collector) managersClient(v ssa.Value, depth int) (bool, string) {
	if depth > 8 || v == nil {
		return false, ""
	}
	switch v := ssaflow.Strip(v).(type) {
	case *ssa.UnOp:
		if stored := localField(v.X); len(stored) > 0 {
			// The field of a struct the function makes and keeps to
			// itself: the value is followed exactly, whatever else the
			// field's other values hold.
			return col.anyManagers(stored, depth)
		}
		if key := ssaflow.FieldKey(v.X); key != "" {
			return true, key
		}
		return col.managersClient(v.X, depth+1)
	case *ssa.TypeAssert:
		return col.managersClient(v.X, depth+1)
	case *ssa.Extract:
		return col.managersClient(v.Tuple, depth+1)
	case *ssa.Parameter:
		return col.paramClient(v, depth)
	case *ssa.Field:
		if key := ssaflow.FieldKey(v); key != "" {
			return true, key
		}
		return true, ""
	case *ssa.FreeVar:
		// A closure's capture is what its enclosing function bound.
		if b := ssaflow.Binding(v); b != nil {
			return col.managersClient(b, depth+1)
		}
		return true, ""
	case *ssa.Alloc:
		// A captured local: the clients stored in it.
		var stored []ssa.Value
		for _, ref := range *v.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == v {
				stored = append(stored, st.Val)
			}
		}
		return col.anyManagers(stored, depth)
	case *ssa.FieldAddr, *ssa.Global:
		return true, ""
	case *ssa.Phi:
		return col.anyManagers(v.Edges, depth)
	case *ssa.Call:
		fn := crapi.Callee(v.Common())
		if fn == nil {
			return false, ""
		}
		switch fn.Name() {
		case "GetClient", "GetAPIReader", "GetCache":
			return fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), crapi.CtrlPkg+"/pkg/"), ""
		case "Status", "SubResource":
			// r.Status(): the writer of the client it is called on.
			if fn.Pkg() != nil && fn.Pkg().Path() == crapi.ClientPkg {
				return col.managersClient(crapi.Receiver(v.Common()), depth+1)
			}
		}
		return false, ""
	}
	return false, ""
}

// localField returns the values stored in the field addr points to when
// it is a field of a struct its function allocates and that never leaves
// it (only its fields' addresses are taken, each only loaded and stored
// to): then those stores are all the values the field may hold. Nil
// otherwise: the struct is handed to other code, which may fill it.
func localField(addr ssa.Value) []ssa.Value {
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	a, ok := fa.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var stored []ssa.Value
	for _, ref := range *a.Referrers() {
		f, ok := ref.(*ssa.FieldAddr)
		if !ok {
			if _, debug := ref.(*ssa.DebugRef); debug {
				continue
			}
			return nil
		}
		for _, use := range *f.Referrers() {
			switch use := use.(type) {
			case *ssa.Store:
				if use.Addr != f {
					return nil
				}
				if f.Field == fa.Field {
					stored = append(stored, use.Val)
				}
			case *ssa.UnOp:
			case *ssa.DebugRef:
			default:
				return nil
			}
		}
	}
	return stored
}

// anyManagers is managersClient of a value that is one of vs (a phi's
// edges, what is stored in a local): the manager's when each may be, on
// the first condition found; none (a local never stored to) may be.
func (col *collector) anyManagers(vs []ssa.Value, depth int) (bool, string) {
	via := ""
	for _, e := range vs {
		ok, w := col.managersClient(e, depth+1)
		if !ok {
			return false, ""
		}
		if via == "" {
			via = w
		}
	}
	return true, via
}

// paramClient tells whether the client parameter p may be the manager's:
// see managersClient.
func (col *collector) paramClient(p *ssa.Parameter, depth int) (bool, string) {
	fn := p.Parent()
	if fn == nil || fn.Parent() != nil {
		return true, "" // a closure's parameter: given by code we do not follow
	}
	i := ssaflow.ParamIndex(fn, p)
	obj, _ := fn.Object().(*types.Func)
	if obj == nil {
		return true, ""
	}
	if obj.Exported() {
		return true, fmt.Sprintf("%s#%d", obj.FullName(), i)
	}
	via := ""
	for _, call := range col.callers[fn] {
		args := call.Common().Args
		if i < 0 || i >= len(args) {
			return false, ""
		}
		ok, w := col.managersClient(args[i], depth+1)
		if !ok {
			return false, ""
		}
		if via == "" {
			via = w
		}
	}
	return true, via
}
