package knowledge

import (
	"go/types"
	"slices"
)

// ImmutableRow names the top-level fields of a built-in kind that the API
// server refuses to change once the object exists: setting them again on
// an update changes nothing, so code that sets them only at creation is
// right.
type ImmutableRow struct {
	Pkg, Type string
	Fields    []string
}

var immutable = []ImmutableRow{
	{kubernetesAPI + "core/v1", "Secret", []string{"Type"}},
	{kubernetesAPI + "rbac/v1", "RoleBinding", []string{"RoleRef"}},
	{kubernetesAPI + "rbac/v1", "ClusterRoleBinding", []string{"RoleRef"}},
}

// ImmutableRows returns the table, for tests.
func ImmutableRows() []ImmutableRow { return slices.Clone(immutable) }

// Immutable reports whether field is a top-level field of the kind tn that
// cannot change once the object exists.
func Immutable(tn *types.TypeName, field string) bool {
	if tn == nil || tn.Pkg() == nil {
		return false
	}
	for _, r := range immutable {
		if r.Pkg == tn.Pkg().Path() && r.Type == tn.Name() {
			return slices.Contains(r.Fields, field)
		}
	}
	return false
}
