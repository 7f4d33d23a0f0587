package knowledge

import (
	"go/types"
	"path"
	"slices"
	"strings"
)

// UnconditionalRow says whether the API server updates objects of the
// built-in kind Type of the API group Group (its package path without the
// version, as in the scope table) when the update carries no
// resourceVersion: the value its registry strategy's
// AllowUnconditionalUpdate returns. When it is false, the generic store
// answers such an update with 422 Invalid ("metadata.resourceVersion:
// Invalid value: 0: must be specified for an update"); when true, it
// takes the stored object's resourceVersion and overwrites it. Source is
// the strategy the row was read from.
type UnconditionalRow struct {
	Group, Type string
	Allowed     bool
	Source      string
}

// unconditionalUpdates are the built-in kinds whose strategy was read.
// A kind not listed is not known either way: a check stays silent on it.
var unconditionalUpdates = []UnconditionalRow{
	// Requires a resourceVersion.
	{kubernetesAPI + "coordination", "Lease", false, "kubernetes/kubernetes pkg/registry/coordination/lease/strategy.go"},
	{kubernetesAPI + "storage", "CSINode", false, "kubernetes/kubernetes pkg/registry/storage/csinode/strategy.go"},
	{kubernetesAPI + "storage", "VolumeAttachment", false, "kubernetes/kubernetes pkg/registry/storage/volumeattachment/strategy.go"},
	{"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions", "CustomResourceDefinition", false, "k8s.io/apiextensions-apiserver pkg/registry/customresourcedefinition/strategy.go"},
	// Updated without one (the stored object is overwritten).
	{kubernetesAPI + "core", "ConfigMap", true, "kubernetes/kubernetes pkg/registry/core/configmap/strategy.go"},
	{kubernetesAPI + "core", "Secret", true, "kubernetes/kubernetes pkg/registry/core/secret/strategy.go"},
	{kubernetesAPI + "core", "ResourceQuota", true, "kubernetes/kubernetes pkg/registry/core/resourcequota/strategy.go"},
	{kubernetesAPI + "apps", "Deployment", true, "kubernetes/kubernetes pkg/registry/apps/deployment/strategy.go"},
	{kubernetesAPI + "discovery", "EndpointSlice", true, "kubernetes/kubernetes pkg/registry/discovery/endpointslice/strategy.go"},
}

// notCustomResources are package path prefixes, outside the built-in
// groups, of types that are not served by a CustomResourceDefinition (or
// not known to be): the API machinery's own types (PartialObjectMetadata,
// Unstructured's kin), the metrics API, OpenShift's API servers.
var notCustomResources = []string{"k8s.io/", "github.com/openshift/api/"}

// UnconditionalRows returns the table, for tests.
func UnconditionalRows() []UnconditionalRow { return slices.Clone(unconditionalUpdates) }

// UpdateNeedsResourceVersion reports whether the API server rejects an
// update of an object of type tn (an object struct) that carries no
// resourceVersion, and whether that is known. A custom resource needs one
// (the apiextensions custom resource strategy's AllowUnconditionalUpdate
// is false, k8s.io/apiextensions-apiserver
// pkg/registry/customresource/strategy.go): any type of a package that is
// neither a built-in group (BuiltinScope) nor of notCustomResources counts
// as one. A built-in kind is known only by its row.
func UpdateNeedsResourceVersion(tn *types.TypeName) (needs, known bool) {
	if tn == nil || tn.Pkg() == nil {
		return false, false
	}
	group := path.Dir(tn.Pkg().Path())
	for _, r := range unconditionalUpdates {
		if r.Group == group && r.Type == tn.Name() {
			return !r.Allowed, true
		}
	}
	if _, builtin := BuiltinScope(tn); builtin {
		return false, false
	}
	for _, p := range notCustomResources {
		if strings.HasPrefix(tn.Pkg().Path(), p) {
			return false, false
		}
	}
	return true, true
}
