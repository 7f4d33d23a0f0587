package knowledge

import (
	"go/types"
	"slices"
)

// ImmutableFields is a built-in kind whose update the API server refuses
// when it changes one of Paths: the validation compares the new object
// with the stored one, so setting a field again to the value it has is
// accepted and only a changed value fails ("field is immutable", or for a
// StatefulSet "Forbidden: updates to statefulset spec for fields other
// than ...").
type ImmutableFields struct {
	Pkg, Type string
	// Kind names the kind in messages.
	Kind string
	// Paths are the fields the update may not change, as Go field names
	// from the object down, joined by dots ("Spec.Selector"). A store of a
	// struct that holds one (the whole Spec) changes it too.
	Paths []string
	// Mutable are the other fields of the struct the Paths are in, for a
	// kind whose spec is frozen but for a list of fields (StatefulSet):
	// the table's test holds Paths and Mutable to cover that struct's
	// fields exactly, so a field a new API version adds is judged.
	Mutable []string
	// EmptyKept: on an update, an empty value of these fields takes the
	// stored one (a Service's clusterIP, which the server allocated), so
	// only a non-empty value set on the field itself can change it; a
	// whole spec copied in is left alone.
	EmptyKept bool
	// Refusal is what the API server answers; "" for "field is
	// immutable".
	Refusal string
	// Source is where the API server enforces it, in k8s.io/kubernetes.
	Source string
}

var immutableFields = []ImmutableFields{
	{
		Pkg: kubernetesAPI + "apps/v1", Type: "StatefulSet", Kind: "StatefulSet",
		Paths: []string{"Spec.Selector", "Spec.VolumeClaimTemplates", "Spec.ServiceName", "Spec.PodManagementPolicy"},
		// ValidateStatefulSetUpdate copies these from the old object
		// before comparing the specs; RevisionHistoryLimit joined them in
		// recent versions (earlier ones refuse its change too: it is left
		// out, on the side of silence).
		Mutable: []string{"Replicas", "Template", "UpdateStrategy", "PersistentVolumeClaimRetentionPolicy", "MinReadySeconds", "Ordinals", "RevisionHistoryLimit"},
		Refusal: "Forbidden: updates to statefulset spec for fields other than ...",
		Source:  "pkg/apis/apps/validation/validation.go ValidateStatefulSetUpdate",
	},
	{
		Pkg: kubernetesAPI + "apps/v1", Type: "Deployment", Kind: "Deployment",
		Paths:  []string{"Spec.Selector"},
		Source: "pkg/registry/apps/deployment/strategy.go deploymentStrategy.ValidateUpdate (ValidateImmutableField on spec.selector for every group version but apps/v1beta1 and extensions/v1beta1)",
	},
	{
		Pkg: kubernetesAPI + "apps/v1", Type: "ReplicaSet", Kind: "ReplicaSet",
		Paths:  []string{"Spec.Selector"},
		Source: "pkg/registry/apps/replicaset/strategy.go rsStrategy.ValidateUpdate (ValidateImmutableField on spec.selector outside extensions/v1beta1 and apps/v1beta2)",
	},
	{
		Pkg: kubernetesAPI + "apps/v1", Type: "DaemonSet", Kind: "DaemonSet",
		Paths:  []string{"Spec.Selector"},
		Source: "pkg/registry/apps/daemonset/strategy.go daemonSetStrategy.ValidateUpdate (ValidateImmutableField on spec.selector outside extensions/v1beta1 and apps/v1beta2)",
	},
	{
		Pkg: kubernetesAPI + "batch/v1", Type: "Job", Kind: "Job",
		// The template: validatePodTemplateUpdate lets a suspended Job
		// that never started change its scheduling directives (node
		// affinity and selector, tolerations, scheduling gates, labels,
		// annotations), nothing else.
		Paths:  []string{"Spec.Selector", "Spec.Template"},
		Source: "pkg/apis/batch/validation/validation.go ValidateJobSpecUpdate (ValidateImmutableField on spec.selector, validatePodTemplateUpdate)",
	},
	{
		Pkg: kubernetesAPI + "core/v1", Type: "Service", Kind: "Service",
		Paths:     []string{"Spec.ClusterIP", "Spec.ClusterIPs"},
		EmptyKept: true,
		Source:    "pkg/apis/core/validation/validation.go ValidateServiceUpdate (validateServiceClusterIPsRelatedFieldsUpdate); pkg/registry/core/service/strategy.go patchAllocatedValues keeps the stored clusterIP for an empty one",
	},
	{
		Pkg: kubernetesAPI + "core/v1", Type: "Secret", Kind: "Secret",
		Paths:  []string{"Type"},
		Source: "pkg/apis/core/validation/validation.go ValidateSecretUpdate (ValidateImmutableField on type)",
	},
	{
		Pkg: kubernetesAPI + "rbac/v1", Type: "RoleBinding", Kind: "RoleBinding",
		Paths: []string{"RoleRef"}, Refusal: "cannot change roleRef",
		Source: "pkg/apis/rbac/validation/validation.go ValidateRoleBindingUpdate",
	},
	{
		Pkg: kubernetesAPI + "rbac/v1", Type: "ClusterRoleBinding", Kind: "ClusterRoleBinding",
		Paths: []string{"RoleRef"}, Refusal: "cannot change roleRef",
		Source: "pkg/apis/rbac/validation/validation.go ValidateClusterRoleBindingUpdate",
	},
}

// Immutable reports whether field is a top-level field of the kind tn
// that its row names: code that sets it only when creating the object is
// right.
func Immutable(tn *types.TypeName, field string) bool {
	r, ok := ImmutableFieldsOf(tn)
	return ok && slices.Contains(r.Paths, field)
}

// ImmutableFieldRows returns the table, for tests.
func ImmutableFieldRows() []ImmutableFields { return slices.Clone(immutableFields) }

// ImmutableFieldsOf returns the row of the kind tn, if the table has one.
func ImmutableFieldsOf(tn *types.TypeName) (ImmutableFields, bool) {
	if tn == nil || tn.Pkg() == nil {
		return ImmutableFields{}, false
	}
	for _, r := range immutableFields {
		if r.Pkg == tn.Pkg().Path() && r.Type == tn.Name() {
			return r, true
		}
	}
	return ImmutableFields{}, false
}
