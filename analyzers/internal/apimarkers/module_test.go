package apimarkers

import (
	"os"
	"path/filepath"
	"testing"
)

// A generated role counts as deployed when a file other than the role
// itself names it as a word.
func TestRoleNamed(t *testing.T) {
	for _, tc := range []struct {
		files map[string]string
		want  bool
	}{
		{map[string]string{"config/rbac/role_binding.yaml": "roleRef:\n  name: manager-role\n"}, true},
		{map[string]string{"charts/op/templates/binding.yaml": "  name: {{ .Release.Name }}-manager-role\n"}, true},
		{map[string]string{"internal/install/rbac.go": `RoleRef: rbacv1.RoleRef{Name: "manager-role"}`}, true},
		// The generated role itself, a longer name, the generator's own
		// argument and a hidden directory do not count.
		{map[string]string{
			"config/rbac/role.yaml":       "metadata:\n  name: manager-role\n",
			"config/rbac/binding.yaml":    "  name: manager-rolebinding\n  roleRef: {name: cluster-admin}\n",
			"gen.go":                      "//go:generate controller-gen rbac:roleName=manager-role paths=./...\n",
			".github/workflows/e2e.yaml":  "manager-role\n",
			"config/rbac/other_role.yaml": "  name: my-manager-roles\n",
		}, false},
	} {
		dir := t.TempDir()
		for name, content := range tc.files {
			path := filepath.Join(dir, name)
			if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(content), 0o666); err != nil {
				t.Fatal(err)
			}
		}
		if got := roleNamed(dir, []string{"manager-role"}); got != tc.want {
			t.Errorf("roleNamed(%v) = %v, want %v", tc.files, got, tc.want)
		}
	}
	if !roleNamed(t.TempDir(), nil) {
		t.Error("roleNamed with no role name = false, want true")
	}
}
