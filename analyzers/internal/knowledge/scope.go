package knowledge

import (
	"go/types"
	"path"
	"slices"
	"strings"
)

// ScopeRow lists the cluster-scoped kinds of one API group: Group is the
// group's package path without its version (k8s.io/api/rbac), so a row
// holds for every version of the group.
type ScopeRow struct {
	Group string
	Kinds []string
}

// clusterScoped are the kinds the API servers serve without a namespace:
// those of k8s.io/api marked +genclient:nonNamespaced (TestClusterScoped
// reads the markers of the module's k8s.io/api and compares), and the
// API servers' own kinds outside it. Every other kind of these groups is
// namespaced.
var clusterScoped = []ScopeRow{
	{kubernetesAPI + "admissionregistration", []string{"MutatingAdmissionPolicy", "MutatingAdmissionPolicyBinding", "MutatingWebhookConfiguration", "ValidatingAdmissionPolicy", "ValidatingAdmissionPolicyBinding", "ValidatingWebhookConfiguration"}},
	{kubernetesAPI + "apiserverinternal", []string{"StorageVersion"}},
	{kubernetesAPI + "authentication", []string{"SelfSubjectReview", "TokenReview"}},
	{kubernetesAPI + "authorization", []string{"SelfSubjectAccessReview", "SelfSubjectRulesReview", "SubjectAccessReview"}},
	{kubernetesAPI + "certificates", []string{"CertificateSigningRequest", "ClusterTrustBundle"}},
	{kubernetesAPI + "core", []string{"ComponentStatus", "Namespace", "Node", "PersistentVolume"}},
	{kubernetesAPI + "flowcontrol", []string{"FlowSchema", "PriorityLevelConfiguration"}},
	{kubernetesAPI + "imagepolicy", []string{"ImageReview"}},
	{kubernetesAPI + "networking", []string{"IPAddress", "IngressClass", "ServiceCIDR"}},
	{kubernetesAPI + "node", []string{"RuntimeClass"}},
	{kubernetesAPI + "rbac", []string{"ClusterRole", "ClusterRoleBinding"}},
	{kubernetesAPI + "resource", []string{"DeviceClass", "DeviceTaintRule", "ResourcePoolStatusRequest", "ResourceSlice"}},
	{kubernetesAPI + "scheduling", []string{"PriorityClass"}},
	{kubernetesAPI + "storage", []string{"CSIDriver", "CSINode", "StorageClass", "VolumeAttachment", "VolumeAttributesClass"}},
	{kubernetesAPI + "storagemigration", []string{"StorageVersionMigration"}},
	{"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions", []string{"CustomResourceDefinition"}},
	{"k8s.io/kube-aggregator/pkg/apis/apiregistration", []string{"APIService"}},
}

// ScopeRows returns the table of cluster-scoped kinds, for tests.
func ScopeRows() []ScopeRow { return slices.Clone(clusterScoped) }

// BuiltinScope reports whether the kind declared by tn, a type of an API
// group the table knows (k8s.io/api, the CRD and APIService groups), is
// cluster-scoped; known is false for types of other packages, whose scope
// is their CRD's (apimarkers).
func BuiltinScope(tn *types.TypeName) (cluster, known bool) {
	if tn == nil || tn.Pkg() == nil {
		return false, false
	}
	group := path.Dir(tn.Pkg().Path())
	for _, r := range clusterScoped {
		if r.Group == group {
			return slices.Contains(r.Kinds, tn.Name()), true
		}
	}
	// A group of k8s.io/api with only namespaced kinds (apps, batch, ...).
	return false, KubernetesAPI(tn.Pkg().Path()) && strings.Count(tn.Pkg().Path(), "/") == 3
}
