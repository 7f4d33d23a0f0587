package apimarkers

import (
	"os"
	"path/filepath"
	"strings"
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
		// Fixtures are not deployed: a role of the name defined by hand in
		// a testdata directory leaves the binding the generated role's.
		{map[string]string{
			"test/migration/testdata/v1/manifest.yaml": handRole,
			"config/rbac/role_binding.yaml":            "roleRef:\n  name: manager-role\n",
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

// TestInputsDigest: the digest changes with what ModuleRules and
// RoleDeployed read (a binding of the generated role, the generator's
// role name, a marker of any package), and with nothing else; the line of
// a marker counts only with markerLines; a copy of the module elsewhere
// has the same digest. On a copy of the repository's example operator.
func TestInputsDigest(t *testing.T) {
	example := filepath.Join("..", "..", "..", "testdata", "example")
	if _, err := os.Stat(filepath.Join(example, "go.mod")); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS(example)); err != nil {
		t.Fatal(err)
	}
	want := InputsDigest(dir, false)
	if abs, err := filepath.Abs(example); err != nil {
		t.Fatal(err)
	} else if got := InputsDigest(abs, false); got != want {
		t.Errorf("the example and its copy have the digests %s and %s", got, want)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	write := func(name, text string) {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	const (
		binding    = "config/rbac/role_binding.yaml"
		controller = "internal/controller/guestbook_controller.go"
		crd        = "config/crd/bases/webapp.example.com_guestbooks.yaml"
	)
	if !strings.Contains(read(controller), "// +kubebuilder:rbac:") {
		t.Fatalf("%s has no rbac marker", controller)
	}
	if strings.Contains(read(crd), "manager-role") {
		t.Fatalf("%s names the role", crd)
	}
	if !strings.Contains(read("Makefile"), "rbac:roleName=manager-role") {
		t.Fatal("the Makefile does not generate manager-role")
	}
	for _, tc := range []struct {
		name    string
		change  func() func() // returns the undo
		changes bool
		// lines: the change moves a marker, which counts only with
		// markerLines.
		lines bool
	}{
		{"remove the role binding", func() func() {
			old := read(binding)
			os.Remove(filepath.Join(dir, binding))
			return func() { write(binding, old) }
		}, true, false},
		{"bind the role in a chart template", func() func() {
			write("charts/op/templates/binding.tpl", "roleRef:\n  name: {{ .Release.Name }}-manager-role\n")
			return func() { os.RemoveAll(filepath.Join(dir, "charts")) }
		}, true, false},
		{"rename the generated role", func() func() {
			old := read("Makefile")
			write("Makefile", strings.Replace(old, "roleName=manager-role", "roleName=operator-role", 1))
			return func() { write("Makefile", old) }
		}, true, false},
		{"add a marker in a package nothing imports", func() func() {
			write("internal/extra/extra.go", "package extra\n\n// +kubebuilder:rbac:groups=\"\",resources=secrets,verbs=get\n")
			return func() { os.RemoveAll(filepath.Join(dir, "internal/extra")) }
		}, true, false},
		{"change a marker", func() func() {
			old := read(controller)
			write(controller, strings.Replace(old, "// +kubebuilder:rbac:", "// +kubebuilder:rbac:namespace=x,", 1))
			return func() { write(controller, old) }
		}, true, false},
		{"name the role in Go code", func() func() {
			write("internal/install/install.go", "package install\n\nconst role = \"manager-role\"\n")
			return func() { os.RemoveAll(filepath.Join(dir, "internal/install")) }
		}, true, false},
		{"edit a controller's code", func() func() {
			old := read(controller)
			write(controller, old+"\nfunc unused() {}\n")
			return func() { write(controller, old) }
		}, false, false},
		{"insert a line above the markers", func() func() {
			old := read(controller)
			write(controller, strings.Replace(old, "\n", "\n\n", 1))
			return func() { write(controller, old) }
		}, false, true},
		{"regenerate a CRD", func() func() {
			old := read(crd)
			write(crd, old+"# regenerated\n")
			return func() { write(crd, old) }
		}, false, false},
		{"add a Makefile target", func() func() {
			old := read("Makefile")
			write("Makefile", old+"\ntest:\n\tgo test ./...\n")
			return func() { write("Makefile", old) }
		}, false, false},
		{"generate the role's file", func() func() {
			write("config/rbac/role.yaml", "kind: ClusterRole\nmetadata:\n  name: manager-role\n")
			return func() { os.Remove(filepath.Join(dir, "config/rbac/role.yaml")) }
		}, false, false},
		// roleDeployed reads a name only as a word.
		{"name a longer role", func() func() {
			write("config/rbac/other_binding.yaml", "roleRef:\n  name: manager-roles\n")
			return func() { os.Remove(filepath.Join(dir, "config/rbac/other_binding.yaml")) }
		}, false, false},
	} {
		undo := tc.change()
		got, gotLines := InputsDigest(dir, false), InputsDigest(dir, true)
		undo()
		if (got != want) != tc.changes {
			t.Errorf("%s: digest changed: %v, want %v", tc.name, got != want, tc.changes)
		}
		if changed := gotLines != InputsDigest(dir, true); changed != (tc.changes || tc.lines) {
			t.Errorf("%s: digest with marker lines changed: %v, want %v", tc.name, changed, tc.changes || tc.lines)
		}
		if after := InputsDigest(dir, false); after != want {
			t.Fatalf("%s: undone, the digest is %s, want %s", tc.name, after, want)
		}
	}
}
