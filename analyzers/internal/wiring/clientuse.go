package wiring

import (
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxUseDepth bounds how deep client-use summaries follow the package's
// own calls.
const maxUseDepth = 4

// Write is a client write of an object of a known type.
type Write struct {
	// Method is the client method, or CreateOrUpdate / CreateOrPatch.
	Method string
	// Type is the object's static type (a pointer to a named struct).
	Type types.Type
	// Sub: a write of the status (or another subresource).
	Sub bool
}

// ClientUse is what a function does with the client when it is called,
// by object type, directly or through the module's functions it calls:
// the synchronous counterpart of Requests (what the code a binary may run
// asks of the API server, by resource).
type ClientUse struct {
	// ClientCalls: it may call the API server (or a function of another
	// module that is handed a client).
	ClientCalls bool
	// Writes are its writes of objects of known types.
	Writes []Write
	// UnknownWrites: it writes objects whose type is not known
	// (client.Object, unstructured, apply configurations).
	UnknownWrites bool
	// Reads are the object types it gets or lists (a list by its items).
	Reads []types.Type
}

func (s *ClientUse) add(o *ClientUse) {
	s.ClientCalls = s.ClientCalls || o.ClientCalls
	s.UnknownWrites = s.UnknownWrites || o.UnknownWrites
	s.Writes = append(s.Writes, o.Writes...)
	s.Reads = append(s.Reads, o.Reads...)
}

// ClientUseFact is ClientUse in a Wiring fact: types by package path
// and name.
type ClientUseFact struct {
	ClientCalls, UnknownWrites bool
	Writes                     []WriteFact
	Reads                      []crapi.TypeRef
}

// WriteFact is a Write in a fact.
type WriteFact struct {
	Method string
	Type   crapi.TypeRef
	Sub    bool
}

func (s *ClientUse) fact() *ClientUseFact {
	f := &ClientUseFact{ClientCalls: s.ClientCalls, UnknownWrites: s.UnknownWrites}
	for _, w := range s.Writes {
		ref, ok := crapi.RefOf(w.Type)
		if !ok {
			f.UnknownWrites = true
			continue
		}
		f.Writes = append(f.Writes, WriteFact{Method: w.Method, Type: ref, Sub: w.Sub})
	}
	for _, t := range s.Reads {
		if ref, ok := crapi.RefOf(t); ok {
			f.Reads = append(f.Reads, ref)
		}
	}
	return f
}

func (f *ClientUseFact) String() string {
	var ws []string
	for _, w := range f.Writes {
		ws = append(ws, w.Method+" "+w.Type.Name)
	}
	for _, t := range f.Reads {
		ws = append(ws, "read "+t.Name)
	}
	if f.UnknownWrites {
		ws = append(ws, "unknown")
	}
	return "clientUse(" + strings.Join(ws, ", ") + ")"
}

func (f *ClientUseFact) use(from *types.Package) *ClientUse {
	s := &ClientUse{ClientCalls: f.ClientCalls, UnknownWrites: f.UnknownWrites}
	for _, w := range f.Writes {
		t := w.Type.Resolve(from)
		if t == nil {
			s.UnknownWrites = true
			continue
		}
		s.Writes = append(s.Writes, Write{Method: w.Method, Type: t, Sub: w.Sub})
	}
	for _, r := range f.Reads {
		if t := r.Resolve(from); t != nil {
			s.Reads = append(s.Reads, t)
		}
	}
	return s
}

// ClientUse returns what fn, a function of the package, does with the
// client, through the module's functions it calls too.
func (r *Result) ClientUse(fn *ssa.Function) *ClientUse {
	if r.acc == nil {
		return &ClientUse{ClientCalls: true, UnknownWrites: true}
	}
	r.acc.mu.Lock()
	defer r.acc.mu.Unlock()
	return r.acc.useOf(fn, 0)
}

// CallClientUse returns what the call cc does with the client: a client
// method, CreateOrUpdate/CreateOrPatch, a function of the module, or code
// of another module handed a client.
func (r *Result) CallClientUse(cc *ssa.CallCommon) *ClientUse {
	s := &ClientUse{}
	if r.acc == nil {
		return s
	}
	r.acc.mu.Lock()
	defer r.acc.mu.Unlock()
	r.acc.addCall(s, cc, 0)
	return s
}

// ImportedClientUse returns the client-use summary of fn, a function of another
// package of the module, from its fact.
func (r *Result) ImportedClientUse(fn *types.Func) (*ClientUse, bool) {
	if r.acc == nil || fn == nil {
		return nil, false
	}
	return r.acc.importedClientUse(fn)
}

// clientUses computes and memoises the client-use summaries of a package's
// functions.
type clientUses struct {
	pass *analysis.Pass
	mu   sync.Mutex
	memo map[*ssa.Function]*ClientUse
	// clientIfaces are client.Reader and client.Writer, if in reach.
	clientIfaces []*types.Interface
}

func newClientUses(pass *analysis.Pass) *clientUses {
	e := &clientUses{pass: pass, memo: map[*ssa.Function]*ClientUse{}}
	for _, name := range []string{"Reader", "Writer"} {
		if t := crapi.LookupType(pass.Pkg, crapi.ClientPkg, name); t != nil {
			if it, ok := t.Underlying().(*types.Interface); ok {
				e.clientIfaces = append(e.clientIfaces, it)
			}
		}
	}
	return e
}

func (e *clientUses) importedClientUse(fn *types.Func) (*ClientUse, bool) {
	fact := new(Wiring)
	if fn.Pkg() == e.pass.Pkg || !e.pass.ImportObjectFact(fn, fact) || fact.Use == nil {
		return nil, false
	}
	return fact.Use.use(e.pass.Pkg), true
}

// useOf returns the client-use summary of fn, a function of the analysed
// package. A recursive call, or one deeper than maxUseDepth, is taken
// to make client calls of unknown types: that only silences the checks.
func (e *clientUses) useOf(fn *ssa.Function, depth int) *ClientUse {
	if s, ok := e.memo[fn]; ok {
		if s == nil {
			return &ClientUse{ClientCalls: true, UnknownWrites: true} // in progress: recursion
		}
		return s
	}
	if depth > maxUseDepth {
		return &ClientUse{ClientCalls: true, UnknownWrites: true}
	}
	e.memo[fn] = nil
	s := &ClientUse{}
	for call := range ssaflow.Calls(fn) {
		if _, isGo := call.(*ssa.Go); !isGo { // a go statement runs on its own
			e.addCall(s, call.Common(), depth)
		}
	}
	e.memo[fn] = s
	return s
}

// addCall adds what the call cc does to s.
func (e *clientUses) addCall(s *ClientUse, cc *ssa.CallCommon, depth int) {
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		s.ClientCalls = true
		switch {
		case c.Method == crapi.Get && len(args) >= 3:
			if t := objects.ObjectType(args[2]); t != nil {
				s.Reads = append(s.Reads, t)
			}
		case c.Method == crapi.List && len(args) >= 2:
			if t := objects.ListItemType(ssaflow.Strip(args[1]).Type()); t != nil {
				s.Reads = append(s.Reads, t)
			}
		case c.IsWrite() && len(args) >= 2:
			t := objects.ObjectType(args[1])
			if t != nil {
				s.Writes = append(s.Writes, Write{Method: string(c.Method), Type: t, Sub: c.SubResource})
			}
			// An apply configuration is not the object type: which kind
			// it writes (watched or not) is not known.
			if t == nil || c.Method == crapi.Apply {
				s.UnknownWrites = true
			}
		}
		return
	}
	fn := crapi.Callee(cc)
	if crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") {
		s.ClientCalls = true
		if args := crapi.CallArgs(cc); len(args) >= 3 {
			if t := objects.ObjectType(args[2]); t != nil {
				s.Writes = append(s.Writes, Write{Method: fn.Name(), Type: t})
				return
			}
		}
		s.UnknownWrites = true
		return
	}
	if callee := ssaflow.LocalCallee(cc, e.pass.Pkg); callee != nil {
		s.add(e.useOf(callee, depth+1))
		return
	}
	if fn != nil && !cc.IsInvoke() {
		if sub, ok := e.importedClientUse(fn); ok {
			s.add(sub)
			return
		}
	}
	if e.handsClient(cc) {
		s.ClientCalls = true
	}
	// A function of the package handed to code we cannot see
	// (retry.RetryOnConflict(backoff, func() error { ... })) is assumed
	// to run there.
	for _, arg := range cc.Args {
		// Also through a conversion to the library's func type
		// (retry-go's retry.Do(retry.RetryableFunc), worker-operator).
		f := ssaflow.FuncOf(arg)
		if f == nil || f.Pkg == nil || f.Pkg.Pkg != e.pass.Pkg || len(f.Blocks) == 0 {
			continue
		}
		s.add(e.useOf(f, depth+1))
	}
}

// handsClient reports whether a call into code we cannot see is given a
// client (or a value that is one, such as a reconciler embedding
// client.Client): it may then read or write objects.
func (e *clientUses) handsClient(cc *ssa.CallCommon) bool {
	vals := cc.Args
	if cc.IsInvoke() {
		vals = append([]ssa.Value{cc.Value}, vals...)
	}
	for _, v := range vals {
		if e.isClient(v.Type()) {
			return true
		}
	}
	return false
}

// isClient reports whether t implements client.Reader or client.Writer.
func (e *clientUses) isClient(t types.Type) bool {
	for _, it := range e.clientIfaces {
		if types.Implements(t, it) {
			return true
		}
		if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) && types.Implements(types.NewPointer(t), it) {
			return true
		}
	}
	return false
}
