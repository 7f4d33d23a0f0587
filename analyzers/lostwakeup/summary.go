package lostwakeup

import (
	"fmt"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ctrlmodel"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// maxCallDepth bounds how deep summaries and helper contexts follow the
// package's own calls.
const maxCallDepth = 4

// summary is what a function of the package does with the client,
// directly or through the package's own functions it calls.
type summary struct {
	// clientCalls: it may call the API server (or a function of another
	// package that is handed a client).
	clientCalls bool
	// writes are its writes of objects of known types.
	writes []writeOp
	// unknownWrites: it writes objects whose type is not known
	// (client.Object, unstructured).
	unknownWrites bool
	// reads are the object types it gets or lists (a list by its items).
	reads []types.Type
}

// writeOp is a write of an object of a known type.
type writeOp struct {
	// method is the client method, or CreateOrUpdate / CreateOrPatch.
	method string
	typ    types.Type
	// sub: a write of the status (or another subresource).
	sub bool
}

// phrase describes the write for a message: "creating a v1.Job",
// "updating the status of a v1.StatefulSet".
func (w writeOp) phrase() string {
	t := crapi.ObjectTypeString(w.typ)
	switch {
	case w.method == "CreateOrUpdate" || w.method == "CreateOrPatch":
		return fmt.Sprintf("%s of a %s", w.method, t)
	case w.sub:
		return fmt.Sprintf("%s the status of a %s", verb(w.method), t)
	}
	return fmt.Sprintf("%s a %s", verb(w.method), t)
}

func verb(m string) string {
	switch crapi.ClientMethod(m) {
	case crapi.Create:
		return "creating"
	case crapi.Update:
		return "updating"
	case crapi.Patch:
		return "patching"
	case crapi.Delete:
		return "deleting"
	case crapi.DeleteAllOf:
		return "deleting all of"
	case crapi.Apply:
		return "applying"
	}
	return "writing"
}

// summaryOf returns the summary of fn, a function of the analysed package.
// A recursive call, or one deeper than maxCallDepth, is taken to make
// client calls of unknown types: that only silences the check.
func (a *analyzer) summaryOf(fn *ssa.Function, depth int) *summary {
	if s, ok := a.summaries[fn]; ok {
		if s == nil {
			return &summary{clientCalls: true, unknownWrites: true} // in progress: recursion
		}
		return s
	}
	if depth > maxCallDepth {
		return &summary{clientCalls: true, unknownWrites: true}
	}
	a.summaries[fn] = nil
	s := &summary{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok {
				continue
			}
			if _, isGo := instr.(*ssa.Go); isGo {
				continue
			}
			a.addCall(s, call.Common(), depth)
		}
	}
	a.summaries[fn] = s
	return s
}

// addCall adds what the call cc does to s.
func (a *analyzer) addCall(s *summary, cc *ssa.CallCommon, depth int) {
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		s.clientCalls = true
		switch {
		case c.Method == crapi.Get && len(args) >= 3:
			if t := objectType(args[2]); t != nil {
				s.reads = append(s.reads, t)
			}
		case c.Method == crapi.List && len(args) >= 2:
			if t := listItemType(ssaflow.Strip(args[1]).Type()); t != nil {
				s.reads = append(s.reads, t)
			}
		case c.IsWrite() && len(args) >= 2:
			t := objectType(args[1])
			if t != nil {
				s.writes = append(s.writes, writeOp{method: string(c.Method), typ: t, sub: c.SubResource})
			}
			// An apply configuration is not the object type: which kind
			// it writes (watched or not) is not known.
			if t == nil || c.Method == crapi.Apply {
				s.unknownWrites = true
			}
		}
		return
	}
	fn := crapi.Callee(cc)
	if crapi.IsFuncIn(fn, crapi.ControllerutilPkg, "CreateOrUpdate", "CreateOrPatch") {
		s.clientCalls = true
		if args := crapi.CallArgs(cc); len(args) >= 3 {
			if t := objectType(args[2]); t != nil {
				s.writes = append(s.writes, writeOp{method: fn.Name(), typ: t})
				return
			}
		}
		s.unknownWrites = true
		return
	}
	if callee := a.local(cc); callee != nil {
		sub := a.summaryOf(callee, depth+1)
		s.clientCalls = s.clientCalls || sub.clientCalls
		s.unknownWrites = s.unknownWrites || sub.unknownWrites
		s.writes = append(s.writes, sub.writes...)
		s.reads = append(s.reads, sub.reads...)
		return
	}
	if a.handsClient(cc) {
		s.clientCalls = true
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
		if f == nil || f.Pkg == nil || f.Pkg.Pkg != a.pass.Pkg || len(f.Blocks) == 0 {
			continue
		}
		sub := a.summaryOf(f, depth+1)
		s.clientCalls = s.clientCalls || sub.clientCalls
		s.unknownWrites = s.unknownWrites || sub.unknownWrites
		s.writes = append(s.writes, sub.writes...)
		s.reads = append(s.reads, sub.reads...)
	}
}

// local returns the function of the analysed package that cc calls
// statically (a closure included), nil otherwise.
func (a *analyzer) local(cc *ssa.CallCommon) *ssa.Function {
	f := cc.StaticCallee()
	if f == nil {
		return nil
	}
	if o := f.Origin(); o != nil {
		f = o
	}
	if f.Pkg == nil || f.Pkg.Pkg != a.pass.Pkg || len(f.Blocks) == 0 {
		return nil
	}
	return f
}

// handsClient reports whether a call into code we cannot see is given a
// client (or a value that is one, such as a reconciler embedding
// client.Client): it may then read or write objects.
func (a *analyzer) handsClient(cc *ssa.CallCommon) bool {
	vals := cc.Args
	if cc.IsInvoke() {
		vals = append([]ssa.Value{cc.Value}, vals...)
	}
	for _, v := range vals {
		if a.isClient(v.Type()) {
			return true
		}
	}
	return false
}

// isClient reports whether t implements client.Reader or client.Writer.
func (a *analyzer) isClient(t types.Type) bool {
	for _, it := range a.clientIfaces {
		if types.Implements(t, it) {
			return true
		}
		if _, isPtr := t.Underlying().(*types.Pointer); !isPtr && !types.IsInterface(t) && types.Implements(types.NewPointer(t), it) {
			return true
		}
	}
	return false
}

// clientish reports whether the call may call the API server: a client
// method, a function of the package that does, or a call of unseen code
// handed a client.
func (a *analyzer) clientish(cc *ssa.CallCommon) bool {
	s := &summary{}
	a.addCall(s, cc, 0)
	return s.clientCalls
}

// objectType is the static type of an object argument with the
// conversions to client.Object removed; nil when it is an interface or an
// object whose kind is only known at run time (unstructured).
func objectType(v ssa.Value) types.Type {
	if v == nil {
		return nil
	}
	t := ssaflow.Strip(v).Type()
	if types.IsInterface(t) || ctrlmodel.DynamicKind(deref(t)) || crapi.Named(t) == nil {
		return nil
	}
	return t
}

// listItemType maps a list type (*v1.PodList) to its item type (v1.Pod).
func listItemType(t types.Type) types.Type {
	st, ok := deref(t).Underlying().(*types.Struct)
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
			if types.IsInterface(item) || ctrlmodel.DynamicKind(deref(item)) || crapi.Named(item) == nil {
				return nil
			}
			return item
		}
	}
	return nil
}

func deref(t types.Type) types.Type {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// sameKind reports whether object types a and b (pointers or not) are the
// same kind.
func sameKind(a, b types.Type) bool {
	if a == nil || b == nil {
		return false
	}
	return ctrlmodel.SameKind(deref(a), deref(b))
}

// maxDependDepth bounds the walk of dependsOn.
const maxDependDepth = 24

// dependsOn reports whether v is computed from one of roots: by a field,
// element, map lookup, comparison, arithmetic, conversion, call argument
// or phi, or as a local whose memory is filled from one. It is wider than
// ssaflow.DerivesFrom, which does not look through comparisons: the
// conditions this check follows are comparisons.
func dependsOn(v ssa.Value, roots map[ssa.Value]bool) bool {
	return depends(v, roots, map[ssa.Value]bool{}, 0)
}

func depends(v ssa.Value, roots map[ssa.Value]bool, seen map[ssa.Value]bool, depth int) bool {
	if v == nil || seen[v] || depth > maxDependDepth {
		return false
	}
	if roots[v] {
		return true
	}
	seen[v] = true
	d := depth + 1
	switch x := v.(type) {
	case *ssa.BinOp:
		return depends(x.X, roots, seen, d) || depends(x.Y, roots, seen, d)
	case *ssa.UnOp:
		return depends(x.X, roots, seen, d)
	case *ssa.Field:
		return depends(x.X, roots, seen, d)
	case *ssa.FieldAddr:
		return depends(x.X, roots, seen, d)
	case *ssa.Index:
		return depends(x.X, roots, seen, d) || depends(x.Index, roots, seen, d)
	case *ssa.IndexAddr:
		return depends(x.X, roots, seen, d) || depends(x.Index, roots, seen, d)
	case *ssa.Lookup:
		return depends(x.X, roots, seen, d) || depends(x.Index, roots, seen, d)
	case *ssa.Slice:
		return depends(x.X, roots, seen, d)
	case *ssa.ChangeType:
		return depends(x.X, roots, seen, d)
	case *ssa.Convert:
		return depends(x.X, roots, seen, d)
	case *ssa.MakeInterface:
		return depends(x.X, roots, seen, d)
	case *ssa.ChangeInterface:
		return depends(x.X, roots, seen, d)
	case *ssa.TypeAssert:
		return depends(x.X, roots, seen, d)
	case *ssa.Extract:
		return depends(x.Tuple, roots, seen, d)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if depends(e, roots, seen, d) {
				return true
			}
		}
	case *ssa.Call:
		if x.Call.IsInvoke() && depends(x.Call.Value, roots, seen, d) {
			return true
		}
		for _, a := range x.Call.Args {
			if depends(a, roots, seen, d) {
				return true
			}
		}
	case *ssa.Alloc:
		for _, st := range ssaflow.StoresTo(x) {
			if depends(st.Val, roots, seen, d) {
				return true
			}
		}
	}
	return false
}
