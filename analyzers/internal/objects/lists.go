package objects

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Listing is a client List or DeleteAllOf call, with what its options do
// to the scope of the request.
type Listing struct {
	Call   ssa.CallInstruction
	Method crapi.ClientMethod // List or DeleteAllOf
	// Obj is the list a List fills, or the object that names the type of
	// a DeleteAllOf (conversions stripped).
	Obj ssa.Value
	// Namespace is the value an option gives the namespace (the string
	// converted to client.InNamespace, a ListOptions literal's Namespace
	// field); nil when no option names one.
	Namespace ssa.Value
	// Labels: an option selects by labels (MatchingLabels, HasLabels,
	// MatchingLabelsSelector, a ListOptions literal's LabelSelector).
	Labels bool
	// LabelOpts are the label options given, as converted to the option
	// interface (a client.MatchingLabels map, a selector); a
	// ListOptions literal's LabelSelector is not among them.
	LabelOpts []ssa.Value
	// Open: an option is not followed (a slice of options built
	// elsewhere, an option held in an interface or of the user's type, a
	// ListOptions handed to other code or given its Raw field): it may
	// name a namespace or select by labels.
	Open bool
}

// ListOf recognises call as a client List or DeleteAllOf of a main
// resource and reads its options (the variadic argument) for a namespace
// and a label selector, by knowledge.ListOptionScope, following the
// fields of a client.ListOptions or DeleteAllOfOptions literal made in the
// function. The client's own namespace (client.NewNamespacedClient, a
// cache restricted to namespaces) is not read here: see
// crapi.RestrictsNamespace.
func ListOf(call ssa.CallInstruction) (Listing, bool) {
	c, args, ok := crapi.ClientCallSSA(call.Common())
	if !ok || c.SubResource || (c.Method != crapi.List && c.Method != crapi.DeleteAllOf) || len(args) != 3 {
		return Listing{}, false
	}
	l := Listing{Call: call, Method: c.Method, Obj: ssaflow.Strip(args[1])}
	elems, ok := ssaflow.VariadicElems(args[2])
	if !ok {
		l.Open = true
		return l, true
	}
	for _, e := range elems {
		mi, ok := e.(*ssa.MakeInterface)
		if !ok {
			l.Open = true // an option held in an interface: its type is not known here
			continue
		}
		switch knowledge.ListOptionScope(mi.X.Type()) {
		case knowledge.ListScopeNamespace:
			l.Namespace = mi.X
		case knowledge.ListScopeLabels:
			l.Labels = true
			l.LabelOpts = append(l.LabelOpts, mi.X)
		case knowledge.ListScopeUnknown:
			l.optionsLiteral(mi.X, 0)
		}
	}
	return l, true
}

// optionsLiteral reads the fields a client.ListOptions or
// DeleteAllOfOptions literal v (&client.ListOptions{...}) is given in its
// function; anything else opens the listing.
func (l *Listing) optionsLiteral(v ssa.Value, depth int) {
	var refs *[]ssa.Instruction
	switch a := v.(type) {
	case *ssa.Alloc:
		refs = a.Referrers()
	case *ssa.FieldAddr: // DeleteAllOfOptions' embedded ListOptions
		refs = a.Referrers()
	}
	if refs == nil || depth > 1 || !isOptionsStruct(v.Type()) {
		l.Open = true
		return
	}
	for _, ref := range *refs {
		switch r := ref.(type) {
		case *ssa.MakeInterface, *ssa.DebugRef:
			// The option itself, given to the call.
		case *ssa.FieldAddr:
			switch ssaflow.FieldName(r.X.Type(), r.Field) {
			case "ListOptions":
				l.optionsLiteral(r, depth+1)
				continue
			case "Namespace":
				if st := storeTo(r); st != nil {
					l.Namespace = st.Val
				} else {
					l.Open = true
				}
			case "LabelSelector":
				l.Labels = true
			case "Raw":
				l.Open = true // a metav1.ListOptions whose selectors are text
			}
			if fieldEscapes(r) {
				l.Open = true
			}
		default:
			l.Open = true // handed to other code, which may set anything
		}
	}
}

// isOptionsStruct reports whether t is *client.ListOptions or
// *client.DeleteAllOfOptions.
func isOptionsStruct(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	return ok && (crapi.IsNamed(p.Elem(), crapi.ClientPkg, "ListOptions") || crapi.IsNamed(p.Elem(), crapi.ClientPkg, "DeleteAllOfOptions"))
}

// storeTo returns the one store to addr; nil if none, or several.
func storeTo(addr ssa.Value) *ssa.Store {
	var out *ssa.Store
	for _, ref := range *addr.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Addr == addr {
			if out != nil {
				return nil
			}
			out = st
		}
	}
	return out
}

// fieldEscapes reports whether a field's address is used otherwise than
// stored to or read: handed to code that may set it.
func fieldEscapes(addr *ssa.FieldAddr) bool {
	for _, ref := range *addr.Referrers() {
		switch r := ref.(type) {
		case *ssa.Store:
			if r.Addr != addr {
				return true
			}
		case *ssa.UnOp, *ssa.DebugRef:
		default:
			return true
		}
	}
	return false
}

// ItemOf reports whether obj is an item of list: an element of its Items
// (&list.Items[i]), or a variable holding a copy of one (for _, item :=
// range list.Items), list being the list itself or the address it is
// stored at.
func ItemOf(obj, list ssa.Value) bool {
	return itemOf(obj, ssaflow.Strip(list))
}

// ServerWrites returns the objects the call updates, patches or deletes
// on the API server: the object of a client Update, Patch or Delete (of
// the object or a subresource), the operand a library writes
// (knowledge's Writes rows: the patch helpers' Patch), or the arguments
// given to the parameters a helper of the module so writes
// (serverWritten(i) in its Summary). A helper's parameter may be a list
// (or a slice of objects): it writes items of it. A Create is no write
// of an existing object and is not among them.
func (r *Result) ServerWrites(cc *ssa.CallCommon) []ssa.Value {
	if c, args, ok := crapi.ClientCallSSA(cc); ok {
		switch c.Method {
		case crapi.Update, crapi.Patch, crapi.Delete:
			if len(args) >= 2 {
				return []ssa.Value{ssaflow.Strip(args[1])}
			}
		}
		return nil
	}
	callee := crapi.Callee(cc)
	if callee == nil {
		return nil
	}
	var out []ssa.Value
	for i, a := range crapi.CallArgs(cc) {
		if row, ok := knowledge.Lookup(callee, i); ok && row.Effect == knowledge.Writes {
			out = append(out, ssaflow.Strip(a))
		}
	}
	if out != nil || cc.IsInvoke() || r.h == nil {
		return out
	}
	bits := r.h.serverWrites[callee]
	if bits == 0 || len(cc.Args) != callee.Signature().Params().Len()+ssaflow.ReceiverOffset(callee) {
		return nil // a bound method's call lacks the receiver: the indexes would shift
	}
	for i, a := range cc.Args {
		if i < 64 && bits&(1<<i) != 0 {
			out = append(out, ssaflow.Strip(a))
		}
	}
	return out
}

// serverWritten returns the SSA indexes (bits) of fn's parameters that
// it updates, patches or deletes on the server, itself or through the
// helpers it calls: an object parameter, or a list (a slice of objects)
// some item of which it so writes.
func (r *Result) serverWritten(fn *ssa.Function) uint64 {
	var bits uint64
	for call := range ssaflow.Calls(fn) {
		for _, obj := range r.ServerWrites(call.Common()) {
			for i, p := range fn.Params {
				if i >= 64 || !writableParam(p.Type()) {
					continue
				}
				if obj == p || ItemOf(obj, p) {
					bits |= 1 << i
				}
			}
		}
	}
	return bits
}

// writableParam reports whether a parameter of type t may hold objects a
// helper writes: an object, a list, or a slice of objects.
func writableParam(t types.Type) bool {
	if ObjectParam(t) || ListItemType(t) != nil {
		return true
	}
	sl, ok := t.Underlying().(*types.Slice)
	if !ok {
		return false
	}
	e := sl.Elem()
	if ObjectParam(e) {
		return true
	}
	st, ok := e.Underlying().(*types.Struct)
	return ok && ObjectStruct(st)
}
