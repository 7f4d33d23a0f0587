package statuswriter

import (
	"go/types"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
)

// isObjectType reports whether t's struct embeds ObjectMeta.
func isObjectType(t types.Type) bool {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	return ok && objects.ObjectStruct(st)
}

// hasStatusSubresource reports whether the object type behind t (a
// pointer to a named struct) is known to serve status as a subresource:
// a built-in type with a Status field, the CRD and APIService types (as
// knowledge.BuiltinStatusSubresource says), or a
// type of the user's module declared with the kubebuilder marker, as
// controller-gen reads it (apimarkers). Unknown types are taken as not
// having one.
func (c *checker) hasStatusSubresource(t types.Type) bool {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil || objects.StatusField(n) == nil || !isObjectType(n) {
		return false
	}
	if n.Obj().Pkg().Path() == lifecycle.MetaV1Pkg {
		return false
	}
	has, known := c.markers.StatusSubresource(n.Obj())
	return known && has
}

// builtin reports whether the object type behind t is one the API server
// serves itself (k8s.io/api, the CRD and APIService types), not a custom
// resource: most of their status strategies keep metadata changes.
func builtin(t types.Type) bool {
	n := crapi.Named(t)
	if n == nil {
		return false
	}
	_, known := knowledge.BuiltinStatusSubresource(n.Obj())
	return known
}
