package apimarkers

import (
	"os"
	"path/filepath"
	"testing"
)

// A generated role counts as deployed when a file other than the role
// itself names it as a word, and no manifest defines a role of that name
// with rules of its own.
func TestRoleDeployed(t *testing.T) {
	markers := []Rule{
		{Groups: []string{"core"}, Resources: []string{"configmaps"}, Verbs: []string{"get", "list", "watch"}},
		{Groups: []string{"apps"}, Resources: []string{"statefulsets", "statefulsets/status"}, Verbs: []string{"get", "update"}},
	}
	// ydb-kubernetes-operator's chart: config/ is git-ignored, and the
	// template defines manager-role by hand (events and pods, which no
	// marker names) beside the binding of that definition.
	const handRole = `apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: {{ include "op.fullname" . }}-operator-leader-election-role
rules:
- apiGroups: [""]
  resources: [configmaps]
  verbs: [get]
---
{{- if .Values.rbac.create }}
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: {{ include "op.fullname" . }}-operator-manager-role
  labels:
    {{- include "op.labels" . | nindent 4 }}
rules:
- apiGroups:
  - ""
  resources:
  - configmaps
  verbs: [get, list, watch]
- apiGroups:
  - ""
  resources:
  - pods
  - pods/log
  verbs: [get, list, watch]
- apiGroups:
    - ""
  resources:
    - events
  verbs:
    - create
{{- end }}
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata:
  name: {{ include "op.fullname" . }}-operator-manager-rolebinding
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: {{ include "op.fullname" . }}-operator-manager-role
`
	// kustomize's dist/install.yaml: a copy of the generated role (maybe
	// stale: less than the markers grant) and its binding.
	const installer = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata:
  name: op-manager-role
rules:
- apiGroups: [""]
  resources: [configmaps]
  verbs: [get, list, watch]
- apiGroups: [apps]
  resources: [statefulsets]
  verbs: [get]
---
kind: ClusterRoleBinding
roleRef: {kind: ClusterRole, name: op-manager-role}
`
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
		// A role of that name written by hand: what is bound is not what
		// the markers generate, whatever else names it.
		{map[string]string{"deploy/op/templates/rbac-operator.yaml": handRole}, false},
		{map[string]string{
			"deploy/op/templates/rbac-operator.yaml": handRole,
			"config/rbac/role_binding.yaml":          "roleRef:\n  name: manager-role\n",
		}, false},
		// A copy of the generated role, and a role of another name with
		// rules of its own, leave the binding the generated role's.
		{map[string]string{"dist/install.yaml": installer}, true},
		{map[string]string{
			"charts/op/templates/agent.yaml":   "kind: ClusterRole\nmetadata:\n  name: agent-role\nrules:\n- apiGroups: [\"\"]\n  resources: [nodes]\n  verbs: [get]\n",
			"charts/op/templates/binding.yaml": "roleRef:\n  name: {{ .Release.Name }}-manager-role\n",
		}, true},
		// The generated role's own file names nothing, defines nothing.
		{map[string]string{
			"config/rbac/role.yaml":         "kind: ClusterRole\nmetadata:\n  name: manager-role\nrules:\n- apiGroups: [\"\"]\n  resources: [pods]\n  verbs: [get]\n",
			"config/rbac/role_binding.yaml": "roleRef:\n  name: manager-role\n",
		}, true},
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
		if got := roleDeployed(dir, []string{"manager-role"}, markers); got != tc.want {
			t.Errorf("roleDeployed(%v) = %v, want %v", tc.files, got, tc.want)
		}
	}
	if !roleDeployed(t.TempDir(), nil, markers) {
		t.Error("roleDeployed with no role name = false, want true")
	}
}
