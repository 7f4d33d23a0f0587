package knowledge

import (
	"go/types"
	"strings"
)

// kubernetesAPI is the prefix of the packages of k8s.io/api, where the
// types of the built-in kinds are declared.
const kubernetesAPI = "k8s.io/api/"

// KubernetesAPI reports whether path is a package of k8s.io/api.
func KubernetesAPI(path string) bool { return strings.HasPrefix(path, kubernetesAPI) }

// noStatusSubresource are the groups of k8s.io/api whose types have a
// Status field but are not stored objects with a status subresource: the
// review and token requests are answered, never updated.
var noStatusSubresource = []string{
	kubernetesAPI + "authentication/",
	kubernetesAPI + "authorization/",
	kubernetesAPI + "imagepolicy/",
}

// StatusSubresourceRow is one API package prefix, outside k8s.io/api,
// whose kind Type serves its status as a subresource; its other types do
// not.
type StatusSubresourceRow struct {
	Prefix, Type string
}

// statusSubresources are the API servers' own kinds outside k8s.io/api
// (the CRD and APIService types).
var statusSubresources = []StatusSubresourceRow{
	{"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/", "CustomResourceDefinition"},
	{"k8s.io/kube-aggregator/pkg/apis/apiregistration/", "APIService"},
}

// NoStatusSubresourceGroups returns the package prefixes of the groups of
// k8s.io/api without a status subresource, for tests.
func NoStatusSubresourceGroups() []string { return append([]string(nil), noStatusSubresource...) }

// StatusSubresourceRows returns the kinds outside k8s.io/api, for tests.
func StatusSubresourceRows() []StatusSubresourceRow {
	return append([]StatusSubresourceRow(nil), statusSubresources...)
}

// BuiltinStatusSubresource reports, for an object type tn with a Status
// field, whether the API server serves its status as a subresource, and
// whether tn is of a package the table knows (k8s.io/api or one of
// statusSubresources); for another type the answer is the kubebuilder
// markers'. Every type of k8s.io/api with a Status field has one, but
// those of noStatusSubresource and autoscaling's Scale, which is itself
// the scale subresource.
func BuiltinStatusSubresource(tn *types.TypeName) (has, known bool) {
	if tn == nil || tn.Pkg() == nil {
		return false, false
	}
	path := tn.Pkg().Path()
	if KubernetesAPI(path) {
		for _, p := range noStatusSubresource {
			if strings.HasPrefix(path, p) {
				return false, true
			}
		}
		return tn.Name() != "Scale", true
	}
	for _, r := range statusSubresources {
		if strings.HasPrefix(path, r.Prefix) {
			return tn.Name() == r.Type, true
		}
	}
	return false, false
}
