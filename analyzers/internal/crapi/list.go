package crapi

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// RestrictsNamespace reports whether instr may keep a client's lists to
// one namespace whatever their options: a call of
// client.NewNamespacedClient, or a store of cache.Options'
// DefaultNamespaces or of a cache.ByObject's Namespaces (the manager's
// cache then holds only those namespaces, and a List through it sees only
// them).
func RestrictsNamespace(instr ssa.Instruction) bool {
	switch x := instr.(type) {
	case ssa.CallInstruction:
		return IsFunc(Callee(x.Common()), ClientPkg, "NewNamespacedClient")
	case *ssa.Store:
		fa, ok := x.Addr.(*ssa.FieldAddr)
		if !ok {
			return false
		}
		p, ok := fa.X.Type().Underlying().(*types.Pointer)
		if !ok {
			return false
		}
		switch f := fieldAddrName(fa); {
		case f == "DefaultNamespaces" && IsNamed(p.Elem(), CachePkg, "Options"),
			f == "Namespaces" && IsNamed(p.Elem(), CachePkg, "ByObject"):
			return !isNilConst(x.Val)
		}
	}
	return false
}

// fieldAddrName is the name of the field fa points to (ssaflow.FieldName,
// which crapi cannot import).
func fieldAddrName(fa *ssa.FieldAddr) string {
	p, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := p.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return ""
	}
	return st.Field(fa.Field).Name()
}
