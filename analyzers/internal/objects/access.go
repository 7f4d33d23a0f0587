package objects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxAccessDepth bounds how deep access summaries follow the package's own
// calls.
const maxAccessDepth = 4

// Write is a client write of an object of a known type.
type Write struct {
	// Method is the client method, or CreateOrUpdate / CreateOrPatch.
	Method string
	// Type is the object's static type (a pointer to a named struct).
	Type types.Type
	// Sub: a write of the status (or another subresource).
	Sub bool
}

// Access is what a function does with the client, directly or through the
// module's functions it calls.
type Access struct {
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

func (s *Access) add(o *Access) {
	s.ClientCalls = s.ClientCalls || o.ClientCalls
	s.UnknownWrites = s.UnknownWrites || o.UnknownWrites
	s.Writes = append(s.Writes, o.Writes...)
	s.Reads = append(s.Reads, o.Reads...)
}

// AccessFact is Access in a Summary fact: types by package path and name.
type AccessFact struct {
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

func (s *Access) fact() *AccessFact {
	f := &AccessFact{ClientCalls: s.ClientCalls, UnknownWrites: s.UnknownWrites}
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

func (f *AccessFact) access(from *types.Package) *Access {
	s := &Access{ClientCalls: f.ClientCalls, UnknownWrites: f.UnknownWrites}
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

// Access returns what fn, a function of the package, does with the
// client, through the module's functions it calls too.
func (r *Result) Access(fn *ssa.Function) *Access {
	if r.e == nil {
		return &Access{ClientCalls: true, UnknownWrites: true}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.e.accessOf(fn, 0)
}

// CallAccess returns what the call cc does with the client: a client
// method, CreateOrUpdate/CreateOrPatch, a function of the module, or code
// of another module handed a client.
func (r *Result) CallAccess(cc *ssa.CallCommon) *Access {
	s := &Access{}
	if r.e == nil {
		return s
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.e.addCall(s, cc, 0)
	return s
}

// ImportedAccess returns the access summary of fn, a function of another
// package of the module, from its fact.
func (r *Result) ImportedAccess(fn *types.Func) (*Access, bool) {
	if r.e == nil || fn == nil {
		return nil, false
	}
	return r.e.importedAccess(fn)
}

func (e *engine) importedAccess(fn *types.Func) (*Access, bool) {
	fact := new(Summary)
	if fn.Pkg() == e.pass.Pkg || !e.pass.ImportObjectFact(fn, fact) || fact.Access == nil {
		return nil, false
	}
	return fact.Access.access(e.pass.Pkg), true
}

// accessOf returns the access summary of fn, a function of the analysed
// package. A recursive call, or one deeper than maxAccessDepth, is taken
// to make client calls of unknown types: that only silences the checks.
func (e *engine) accessOf(fn *ssa.Function, depth int) *Access {
	if s, ok := e.access[fn]; ok {
		if s == nil {
			return &Access{ClientCalls: true, UnknownWrites: true} // in progress: recursion
		}
		return s
	}
	if depth > maxAccessDepth {
		return &Access{ClientCalls: true, UnknownWrites: true}
	}
	e.access[fn] = nil
	s := &Access{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue
			}
			e.addCall(s, call.Common(), depth)
		}
	}
	e.access[fn] = s
	return s
}

// addCall adds what the call cc does to s.
func (e *engine) addCall(s *Access, cc *ssa.CallCommon, depth int) {
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		s.ClientCalls = true
		switch {
		case c.Method == crapi.Get && len(args) >= 3:
			if t := ObjectType(args[2]); t != nil {
				s.Reads = append(s.Reads, t)
			}
		case c.Method == crapi.List && len(args) >= 2:
			if t := ListItemType(ssaflow.Strip(args[1]).Type()); t != nil {
				s.Reads = append(s.Reads, t)
			}
		case c.IsWrite() && len(args) >= 2:
			t := ObjectType(args[1])
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
			if t := ObjectType(args[2]); t != nil {
				s.Writes = append(s.Writes, Write{Method: fn.Name(), Type: t})
				return
			}
		}
		s.UnknownWrites = true
		return
	}
	if callee := ssaflow.LocalCallee(cc, e.pass.Pkg); callee != nil {
		s.add(e.accessOf(callee, depth+1))
		return
	}
	if fn != nil && !cc.IsInvoke() {
		if sub, ok := e.importedAccess(fn); ok {
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
		var f *ssa.Function
		switch v := arg.(type) {
		case *ssa.MakeClosure:
			f, _ = v.Fn.(*ssa.Function)
		case *ssa.Function:
			f = v
		}
		if f == nil || f.Pkg == nil || f.Pkg.Pkg != e.pass.Pkg || len(f.Blocks) == 0 {
			continue
		}
		s.add(e.accessOf(f, depth+1))
	}
}

// handsClient reports whether a call into code we cannot see is given a
// client (or a value that is one, such as a reconciler embedding
// client.Client): it may then read or write objects.
func (e *engine) handsClient(cc *ssa.CallCommon) bool {
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
func (e *engine) isClient(t types.Type) bool {
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

// ObjectType is the static type of an object argument with the
// conversions to client.Object removed; nil when it is an interface or an
// object whose kind is only known at run time (unstructured).
func ObjectType(v ssa.Value) types.Type {
	if v == nil {
		return nil
	}
	t := ssaflow.Strip(v).Type()
	if types.IsInterface(t) || ctrlmodel.DynamicKind(ssaflow.Deref(t)) || crapi.Named(t) == nil {
		return nil
	}
	return t
}

// ListItemType maps a list type (*v1.PodList) to its item type (v1.Pod).
func ListItemType(t types.Type) types.Type {
	st, ok := ssaflow.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i := 0; i < st.NumFields(); i++ {
		f := st.Field(i)
		if f.Name() != "Items" {
			continue
		}
		if sl, ok := f.Type().Underlying().(*types.Slice); ok {
			item := sl.Elem()
			if types.IsInterface(item) || ctrlmodel.DynamicKind(ssaflow.Deref(item)) || crapi.Named(item) == nil {
				return nil
			}
			return item
		}
	}
	return nil
}
