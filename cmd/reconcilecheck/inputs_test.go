package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/internal/exampletest"
)

// exampleModule is the example as inputsDigest takes it.
func exampleModule(t *testing.T, dir string) []inputModule {
	return []inputModule{{path: exampletest.ModulePath(t, dir), dir: dir}}
}

// TestInputsDigest: the digest changes with what rbacgrant's answer
// depends on outside the analysed package (a binding of the generated
// role, the generator's role name, a marker of any package), and with
// nothing else, so that go vet analyses the dependencies again only then;
// a copy of the module elsewhere has the same digest.
func TestInputsDigest(t *testing.T) {
	dir := exampletest.Copy(t)
	mods := exampleModule(t, dir)
	want := inputsDigest(mods, false)
	if got := inputsDigest(exampleModule(t, exampletest.Dir(t)), false); got != want {
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
	for _, tc := range []struct {
		name    string
		change  func() func() // returns the undo
		changes bool
		// lines: the change moves a marker, which counts only with
		// -rbacgrant.unused.
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
	} {
		undo := tc.change()
		got, gotLines := inputsDigest(mods, false), inputsDigest(mods, true)
		undo()
		if (got != want) != tc.changes {
			t.Errorf("%s: digest changed: %v, want %v", tc.name, got != want, tc.changes)
		}
		if changed := gotLines != inputsDigest(mods, true); changed != (tc.changes || tc.lines) {
			t.Errorf("%s: digest with marker lines changed: %v, want %v", tc.name, changed, tc.changes || tc.lines)
		}
		if after := inputsDigest(mods, false); after != want {
			t.Fatalf("%s: undone, the digest is %s, want %s", tc.name, after, want)
		}
	}
	if !slices.Equal(internalFlags(mods)[:1], []string{"-" + inputsFlag + "=" + want}) {
		t.Errorf("internalFlags = %v, want the digest %s first", internalFlags(mods), want)
	}
}

// TestManifestChange changes only a manifest between runs on a copy of
// the example: without its role binding the generated role is not
// deployed and rbacgrant has nothing to say; the next run must say so,
// and say it again once the binding is back, as runs with an empty cache
// would. Every run passes the flags of the other runs on the example, so
// that the first and last share go vet's cached results with them; the
// second analyses the dependencies again (its digest is new).
func TestManifestChange(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Copy(t)
	rbac := func() []exampletest.Finding {
		t.Helper()
		out, code := exampletest.Run(t, dir, bin, withOptIn("-json", "./cmd/")...)
		if code != 0 {
			t.Fatalf("reconcilecheck -json exited %d:\n%s", code, out)
		}
		var fs []exampletest.Finding
		for _, f := range exampletest.JSONFindings(t, dir, out) {
			if f.Check == "rbacgrant" {
				fs = append(fs, f)
			}
		}
		return fs
	}
	var want []exampletest.Finding
	for _, f := range exampletest.Expectations(t, dir) {
		if f.Check == "rbacgrant" {
			want = append(want, f)
		}
	}
	if len(want) == 0 {
		t.Fatal("the example expects no rbacgrant finding")
	}
	exampletest.Diff(t, want, rbac())

	binding := filepath.Join(dir, "config", "rbac", "role_binding.yaml")
	data, err := os.ReadFile(binding)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(binding); err != nil {
		t.Fatal(err)
	}
	if got := rbac(); len(got) != 0 {
		t.Errorf("with the role binding removed, rbacgrant still reports (a stale result):\n%v", got)
	}
	if err := os.WriteFile(binding, data, 0o666); err != nil {
		t.Fatal(err)
	}
	exampletest.Diff(t, want, rbac())
}
