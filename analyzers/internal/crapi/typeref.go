package crapi

import "go/types"

// TypeRef names a named type, or a pointer to one, by package path and
// name: the form a type takes in an analysis fact, which outlives the
// type checker of the package that exported it.
type TypeRef struct {
	Pkg, Name string
	Ptr       bool
}

// RefOf returns the reference of t, if t is a named type (not generic) or a
// pointer to one.
func RefOf(t types.Type) (TypeRef, bool) {
	ptr := false
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t, ptr = p.Elem(), true
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.TypeArgs().Len() > 0 {
		return TypeRef{}, false
	}
	return TypeRef{Pkg: n.Obj().Pkg().Path(), Name: n.Obj().Name(), Ptr: ptr}, true
}

// Resolve finds the type among the packages from depends on; nil if it
// is not one of them.
func (r TypeRef) Resolve(from *types.Package) types.Type {
	if r.Name == "" {
		return nil
	}
	t := LookupType(from, r.Pkg, r.Name)
	if t == nil {
		return nil
	}
	if r.Ptr {
		return types.NewPointer(t)
	}
	return t
}

// String returns the reference as Go writes the type, package path in full.
func (r TypeRef) String() string {
	s := r.Pkg + "." + r.Name
	if r.Ptr {
		s = "*" + s
	}
	return s
}
