package statuswriter

import (
	"go/types"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/crapi"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/lifecycle"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/objects"
)

// statusField returns the Status field declared by t's struct (not one
// promoted from an embedded struct), or nil.
func statusField(t types.Type) *types.Var {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
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

// isObjectType reports whether t's struct embeds ObjectMeta.
func isObjectType(t types.Type) bool {
	st, ok := types.Unalias(t).Underlying().(*types.Struct)
	return ok && objects.ObjectStruct(st)
}

// Built-in API groups whose types have a Status field but are not stored
// objects with a status subresource: the review and token requests are
// answered, never updated.
var noStatusSubresource = []string{
	"k8s.io/api/authentication/",
	"k8s.io/api/authorization/",
	"k8s.io/api/imagepolicy/",
}

// hasStatusSubresource reports whether the object type behind t (a
// pointer to a named struct) is known to serve status as a subresource:
// a built-in type with a Status field, the CRD and APIService types, or a
// type of the user's module declared with the kubebuilder marker, as
// controller-gen reads it (apimarkers). Unknown types are taken as not
// having one.
func (c *checker) hasStatusSubresource(t types.Type) bool {
	n := crapi.Named(t)
	if n == nil || n.Obj().Pkg() == nil || statusField(n) == nil || !isObjectType(n) {
		return false
	}
	tn := n.Obj()
	path := tn.Pkg().Path()
	switch {
	case strings.HasPrefix(path, "k8s.io/api/"):
		for _, p := range noStatusSubresource {
			if strings.HasPrefix(path, p) {
				return false
			}
		}
		// autoscaling's Scale is itself the scale subresource.
		return tn.Name() != "Scale"
	case strings.HasPrefix(path, "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/"):
		return tn.Name() == "CustomResourceDefinition"
	case strings.HasPrefix(path, "k8s.io/kube-aggregator/pkg/apis/apiregistration/"):
		return tn.Name() == "APIService"
	case path == lifecycle.MetaV1Pkg:
		return false
	}
	k, _ := c.markers.KindOf(tn)
	return k != nil && k.StatusSubresource
}
