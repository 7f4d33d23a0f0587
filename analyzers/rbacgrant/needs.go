package rbacgrant

import (
	"fmt"
	"go/types"
	"path/filepath"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssapkg"
)

// Access is what a need asks of the API server; the manager's package
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

// Need is one permission the code of a package needs.
type Need struct {
	Resource apimarkers.Resource
	Sub      string // "status" for a status write
	Access   Access
	// Reader: the read goes through a client.Reader that is not a full
	// client (mgr.GetAPIReader(), the cache): it may be uncached.
	Reader bool
	What   string // the call, for the message: "Create", "For(v1.Secret)"
	At     string // file:line
}

func (n Need) key() string {
	return fmt.Sprintf("%s|%s|%s|%v", n.Resource, n.Sub, n.Access, n.Reader)
}

// Needs is the package fact listing what a package of the module needs,
// one entry per resource and access (the first call).
type Needs struct {
	List []Need
}

// AFact implements analysis.Fact.
func (*Needs) AFact() {}

func (f *Needs) String() string {
	var s []string
	for _, n := range f.List {
		r := n.Resource.String()
		if n.Sub != "" {
			r += "/" + n.Sub
		}
		s = append(s, fmt.Sprintf("%s:%s", r, n.Access))
	}
	return "needs(" + strings.Join(s, " ") + ")"
}

// collector gathers the needs of one package.
type collector struct {
	c    *checker
	seen map[string]bool
	out  []Need
	// callers holds the static call sites of each function of the
	// package, to tell which client an unexported function is given.
	callers map[*ssa.Function][]ssa.CallInstruction
}

func (col *collector) add(t types.Type, sub string, a Access, reader bool, what string, call ssa.CallInstruction) {
	r, ok := col.c.markers.ResourceOf(t)
	if !ok {
		return // a kind of unknown resource: unstructured, a dependency's
	}
	col.addResource(r, sub, a, reader, what, call)
}

func (col *collector) addResource(r apimarkers.Resource, sub string, a Access, reader bool, what string, call ssa.CallInstruction) {
	pos := col.c.pass.Fset.Position(call.Pos())
	n := Need{Resource: r, Sub: sub, Access: a, Reader: reader, What: what,
		At: fmt.Sprintf("%s:%d", filepath.Base(pos.Filename), pos.Line)}
	if col.seen[n.key()] {
		return
	}
	col.seen[n.key()] = true
	col.out = append(col.out, n)
}

// needs returns what the package's code needs: its watch sources, and the
// calls of its functions (not in tests) through the manager's client.
func (c *checker) needs(funcs []*ssa.Function, model *ctrlmodel.Model) []Need {
	col := &collector{c: c, seen: map[string]bool{}, callers: map[*ssa.Function][]ssa.CallInstruction{}}
	for _, fn := range funcs {
		for call := range ssaflow.Calls(fn) {
			if callee := ssaflow.LocalCallee(call.Common(), c.pass.Pkg); callee != nil {
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
				if call.Object == nil || call.SSA == nil || ssapkg.InTestFile(c.pass, call.SSA.Pos()) {
					continue
				}
				col.add(call.Object, "", Watch, false, fmt.Sprintf("%s(%s)", call.Method, crapi.ObjectTypeString(call.Object)), call.SSA)
			}
		}
	}
	for _, fn := range funcs {
		if ssapkg.InTestFile(c.pass, fn.Pos()) {
			continue
		}
		for call := range ssaflow.Calls(fn) {
			col.call(call)
		}
	}
	return col.out
}

// call adds the needs of one call.
func (col *collector) call(call ssa.CallInstruction) {
	cc := call.Common()
	if cl, args, ok := crapi.ClientCallSSA(cc); ok {
		recv := crapi.Receiver(cc)
		if !col.managersClient(recv, 0) {
			return // a client built here or handed out by another cluster
		}
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
		reader := !isFullClient(recv)
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
	fn := crapi.Callee(cc)
	if fn == nil {
		return
	}
	if crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") {
		args := crapi.CallArgs(cc)
		if len(args) < 3 || !col.managersClient(args[1], 0) {
			return
		}
		t := objects.ObjectType(args[2])
		col.add(t, "", Read, false, fn.Name(), call)
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

// isFullClient reports whether the client value is a client.Client (or
// client.WithWatch): the manager's client, whose reads of typed objects
// the cache serves.
func isFullClient(v ssa.Value) bool {
	t := ssaflow.Strip(v).Type()
	if n := crapi.Named(t); n != nil && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == crapi.ClientPkg {
		return n.Obj().Name() == "Client" || n.Obj().Name() == "WithWatch"
	}
	// A struct of the module that implements the interface (a wrapper)
	// or the concrete client: it has Create, so it is not a bare reader.
	ms := types.NewMethodSet(t)
	return ms.Lookup(nil, "Create") != nil || types.NewMethodSet(types.NewPointer(t)).Lookup(nil, "Create") != nil
}

// managersClient reports whether the client value v may be the manager's:
// a field (r.Client, an embedded client), a captured variable,
// mgr.GetClient()/GetAPIReader()/GetCache(), or a parameter: of an
// exported function, or of an unexported one whose callers in the package
// all give it such a client. A client made by another call (client.New,
// a cache of remote clusters' clients) is not.
func (col *collector) managersClient(v ssa.Value, depth int) bool {
	if depth > 8 || v == nil {
		return false
	}
	switch v := ssaflow.Strip(v).(type) {
	case *ssa.UnOp:
		return col.managersClient(v.X, depth+1)
	case *ssa.TypeAssert:
		return col.managersClient(v.X, depth+1)
	case *ssa.Extract:
		return col.managersClient(v.Tuple, depth+1)
	case *ssa.Parameter:
		return col.paramClient(v, depth)
	case *ssa.FieldAddr, *ssa.Field, *ssa.FreeVar, *ssa.Global, *ssa.Alloc:
		return true
	case *ssa.Phi:
		for _, e := range v.Edges {
			if !col.managersClient(e, depth+1) {
				return false
			}
		}
		return true
	case *ssa.Call:
		fn := crapi.Callee(v.Common())
		if fn == nil {
			return false
		}
		switch fn.Name() {
		case "GetClient", "GetAPIReader", "GetCache":
			return fn.Pkg() != nil && strings.HasPrefix(fn.Pkg().Path(), crapi.CtrlPkg+"/pkg/")
		case "Status", "SubResource":
			// r.Status(): the writer of the client it is called on.
			if fn.Pkg() != nil && fn.Pkg().Path() == crapi.ClientPkg {
				return col.managersClient(crapi.Receiver(v.Common()), depth+1)
			}
		}
		return false
	}
	return false
}

// paramClient reports whether the client parameter p may be the
// manager's: see managersClient.
func (col *collector) paramClient(p *ssa.Parameter, depth int) bool {
	fn := p.Parent()
	if fn == nil || fn.Parent() != nil {
		return true // a closure's parameter: given by code we do not follow
	}
	if obj := fn.Object(); obj == nil || obj.Exported() {
		return true
	}
	i := ssaflow.ParamIndex(fn, p)
	for _, call := range col.callers[fn] {
		args := call.Common().Args
		if i < 0 || i >= len(args) || !col.managersClient(args[i], depth+1) {
			return false
		}
	}
	return true
}
