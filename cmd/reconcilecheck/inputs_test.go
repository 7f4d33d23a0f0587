package main

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
)

// exampleModule is the example as inputsDigest takes it.
func exampleModule(t *testing.T, dir string) []inputModule {
	return []inputModule{{path: exampletest.ModulePath(t, dir), dir: dir}}
}

// TestInputsDigest: the command's part of the digest (apimarkers'
// TestInputsDigest pins what a module's digest counts): it combines the
// modules' digests whatever their order, a copy of the example has the
// example's, a change of one module's inputs changes it, and it is the
// first of the flags the command adds to go vet.
func TestInputsDigest(t *testing.T) {
	dir := exampletest.Copy(t)
	mods := exampleModule(t, dir)
	want := inputsDigest(mods, false)
	if got := inputsDigest(exampleModule(t, exampletest.Dir(t)), false); got != want {
		t.Errorf("the example and its copy have the digests %s and %s", got, want)
	}
	other := inputModule{path: "example.com/other", dir: t.TempDir()}
	if a, b := inputsDigest(append(mods, other), false), inputsDigest([]inputModule{other, mods[0]}, false); a != b {
		t.Errorf("the digest depends on the order of the modules: %s and %s", a, b)
	} else if a == want {
		t.Error("a second module leaves the digest")
	}
	binding := filepath.Join(dir, "config", "rbac", "role_binding.yaml")
	data, err := os.ReadFile(binding)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(binding); err != nil {
		t.Fatal(err)
	}
	if got := inputsDigest(mods, false); got == want {
		t.Error("with the role binding removed, the digest is the same")
	}
	if err := os.WriteFile(binding, data, 0o666); err != nil {
		t.Fatal(err)
	}
	if got := inputsDigest(mods, false); got != want {
		t.Errorf("with the role binding back, the digest is %s, want %s", got, want)
	}
	if !slices.Equal(internalFlags(mods)[:1], []string{"-" + inputsFlag + "=" + inputsDigest(mods, markerPositionsShown())}) {
		t.Errorf("internalFlags = %v, want the digest first", internalFlags(mods))
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
