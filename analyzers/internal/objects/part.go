package objects

import (
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/ssaflow"
)

// Part is where a value points into an object: the whole object, or a
// part of it (class and field name).
type Part struct {
	Whole bool
	Class Class
	// Name is the top-level field, or the ObjectMeta field below the
	// embedded ObjectMeta ("Labels"); "metadata" for ObjectMeta itself.
	Name string
	// Depth counts the fields below the object's top-level field.
	Depth int
}

// StatusField returns the Status field that t's struct (or the struct t
// points to) declares, not one promoted from an embedded struct; nil if
// none.
func StatusField(t types.Type) *types.Var {
	st, ok := ssaflow.Deref(t).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for f := range st.Fields() {
		if f.Name() == "Status" && !f.Embedded() {
			return f
		}
	}
	return nil
}

// ObjectStruct reports whether st is the struct of a Kubernetes object:
// it embeds ObjectMeta. (A Status field alone does not make one: a
// metav1.Condition has a Status too.)
func ObjectStruct(st *types.Struct) bool {
	for f := range st.Fields() {
		if f.Embedded() && crapi.IsNamed(f.Type(), lifecycle.MetaV1Pkg, "ObjectMeta") {
			return true
		}
	}
	return false
}

// ObjectParam reports whether a parameter of type t may be a Kubernetes
// object: a pointer to an object struct, or an interface with the
// metadata setters (client.Object, metav1.Object).
func ObjectParam(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		st, ok := u.Elem().Underlying().(*types.Struct)
		return ok && ObjectStruct(st)
	case *types.Interface:
		for m := range u.Methods() {
			if m.Name() == "SetLabels" {
				return true
			}
		}
	}
	return false
}

// fieldPart classifies the top-level field i of the struct that t (a
// pointer or the struct itself) denotes.
func fieldPart(t types.Type, i int) (Part, bool) {
	st, ok := structOf(t)
	if !ok || i < 0 || i >= st.NumFields() || !ObjectStruct(st) {
		return Part{Class: Changed}, true
	}
	f := st.Field(i)
	switch {
	case f.Embedded() && crapi.IsNamed(f.Type(), lifecycle.MetaV1Pkg, "ObjectMeta"):
		return Part{Class: Meta, Name: "metadata"}, true
	case f.Embedded() && crapi.IsNamed(f.Type(), lifecycle.MetaV1Pkg, "TypeMeta"):
		return Part{}, false // kind and apiVersion: no writer cares
	case f.Name() == "Status":
		return Part{Class: Status, Name: "Status"}, true
	}
	return Part{Class: Spec, Name: f.Name()}, true
}

// partOf tells whether v points into the memory of the object whose
// identity key is root, and where.
func partOf(id *identity, v, root ssa.Value, depth int) (Part, bool) {
	v = ssaflow.Strip(v)
	if id.Key(v) == root {
		return Part{Whole: true}, true
	}
	if depth > 12 {
		return Part{}, false
	}
	var x ssa.Value
	field := -1
	switch y := v.(type) {
	case *ssa.FieldAddr:
		x, field = y.X, y.Field
	case *ssa.Field:
		x, field = y.X, y.Field
	case *ssa.IndexAddr:
		x = y.X
	case *ssa.Index:
		x = y.X
	case *ssa.Slice:
		x = y.X
	case *ssa.UnOp:
		if y.Op != token.MUL {
			return Part{}, false
		}
		x = y.X
	case *ssa.Phi:
		// labels := obj.GetLabels(); if labels == nil { labels = map... }:
		// on some path it is the object's own map. (Edges cost more depth:
		// phis of loops refer to each other.)
		for _, e := range y.Edges {
			if e != v {
				if r, ok := partOf(id, e, root, depth+4); ok && !r.Whole {
					return r, true
				}
			}
		}
		return Part{}, false
	case *ssa.Extract:
		// meta.Accessor(obj) returns obj as a metav1.Object.
		call, ok := y.Tuple.(*ssa.Call)
		if !ok || y.Index != 0 || len(call.Call.Args) != 1 ||
			!crapi.IsFunc(crapi.Callee(call.Common()), "k8s.io/apimachinery/pkg/api/meta", "Accessor") {
			return Part{}, false
		}
		return partOf(id, call.Call.Args[0], root, depth+1)
	case *ssa.Call:
		// obj.GetLabels()["k"] = v changes the object's labels.
		fn := crapi.Callee(y.Common())
		if fn == nil || fn.Signature().Recv() == nil || !metaGetter[fn.Name()] {
			return Part{}, false
		}
		recv := crapi.Receiver(y.Common())
		if recv == nil {
			return Part{}, false
		}
		r, ok := partOf(id, recv, root, depth+1)
		if !ok {
			return Part{}, false
		}
		if r.Whole || (r.Class == Meta && r.Depth == 0) {
			return Part{Class: Meta, Name: strings.TrimPrefix(fn.Name(), "Get"), Depth: 1}, true
		}
		return r, true
	default:
		return Part{}, false
	}
	r, ok := partOf(id, x, root, depth+1)
	if !ok {
		return Part{}, false
	}
	if r.Whole {
		if field < 0 {
			return r, true // *obj, or an element of an object slice
		}
		return fieldPart(x.Type(), field)
	}
	if field >= 0 && r.Class == Meta && r.Depth == 0 {
		// &obj.ObjectMeta.Labels: name the metadata field.
		if st, ok := structOf(x.Type()); ok && field < st.NumFields() {
			r.Name = st.Field(field).Name()
		}
	}
	r.Depth++
	return r, true
}

func structOf(t types.Type) (*types.Struct, bool) {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	return st, ok
}

// metaGetter names the ObjectMeta getters that return the object's own
// maps and slices.
var metaGetter = map[string]bool{
	"GetLabels": true, "GetAnnotations": true, "GetFinalizers": true,
	"GetOwnerReferences": true, "GetManagedFields": true,
}

// mayAlias reports whether a callee given a value of type t can change
// the memory it came from.
func mayAlias(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Pointer, *types.Slice, *types.Map, *types.Interface, *types.Chan, *types.Signature:
		return true
	case *types.Basic:
		return u.Kind() == types.UnsafePointer
	}
	return false
}

// literalMeta names the fields of an ObjectMeta literal stored whole into
// an object (&Deployment{ObjectMeta: metav1.ObjectMeta{Name: n, Labels:
// l}}): "Labels Name", as if each were set on its own; "" for any other
// store, which change names by its part.
func literalMeta(r Part, val ssa.Value) string {
	if r.Whole || r.Name != "metadata" || r.Depth != 0 {
		return ""
	}
	ld, ok := val.(*ssa.UnOp)
	if !ok || ld.Op != token.MUL {
		return ""
	}
	alloc, ok := ld.X.(*ssa.Alloc)
	if !ok || alloc.Comment != "complit" {
		return ""
	}
	var names []string
	for _, ref := range *alloc.Referrers() {
		fa, ok := ref.(*ssa.FieldAddr)
		if !ok {
			if ref != ld {
				return "" // the literal's address goes elsewhere too
			}
			continue
		}
		names = append(names, fa.X.Type().Underlying().(*types.Pointer).Elem().Underlying().(*types.Struct).Field(fa.Field).Name())
	}
	if len(names) == 0 {
		return ""
	}
	return strings.Join(names, " ")
}

// change turns a part changed by code into an effect.
func change(r Part, strong bool, name string) Effect {
	var e Effect
	c := r.Class
	if r.Whole {
		c = Unknown
	}
	if name == "" {
		name = r.Name
	}
	if strong && c != Unknown {
		e.Strong = c
		for n := range strings.FieldsSeq(name) {
			e.addName(n)
		}
	} else {
		e.Weak = c
	}
	return e
}
