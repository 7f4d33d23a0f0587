package main

import (
	"bytes"
	"go/format"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func root(t *testing.T) string {
	t.Helper()
	r, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The registry gets the check's import, in order, and its entry last in
// the catalogue list, before the directive check.
func TestAddToRegistry(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(root(t), registryFile))
	if err != nil {
		t.Fatal(err)
	}
	out, err := addToRegistry(src, "mmcheck")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "registry.go", out, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	var imports []string
	for _, imp := range f.Imports {
		imports = append(imports, imp.Path.Value)
	}
	// The new import stands among the checks' imports, which stay sorted
	// (whatever checks the registry holds by then).
	joined := strings.Join(imports, " ")
	var checks []string
	for _, imp := range imports {
		if strings.HasPrefix(imp, `"github.com/reconcilecheck/reconcilecheck/analyzers/`) {
			checks = append(checks, imp)
		}
	}
	if !slices.Contains(checks, `"github.com/reconcilecheck/reconcilecheck/analyzers/mmcheck"`) || !slices.IsSorted(checks) {
		t.Errorf("the import is not in order: %s", joined)
	}
	entry := `{Analyzer: mmcheck.Analyzer, Catalogue: "-"}, // TODO(mmcheck)`
	list, _, _ := strings.Cut(string(out), "\n\tvar names []string")
	list = strings.TrimSpace(list)
	if !strings.HasSuffix(list, "}") || !strings.Contains(list[strings.LastIndex(list, "\n\t\t{"):], entry) {
		t.Errorf("the entry is not the last of the catalogue list:\n%s", list[max(0, len(list)-400):])
	}
	if formatted, err := format.Source(out); err != nil || !bytes.Equal(formatted, out) {
		t.Errorf("registry.go is not gofmt'ed after the edit: %v", err)
	}
	if _, err := addToRegistry(out, "mmcheck"); err == nil {
		t.Error("adding the check twice: no error")
	}
}

func TestInsertRow(t *testing.T) {
	src := []byte("| Check |\n|---|\n| [a](a.md) |\n| [directive](docs/checks/directive.md) | - |\n\nAfter.\n")
	out, err := insertRow(src, "| [directive](docs/checks/directive.md) |", "| [b](b.md) |")
	if err != nil {
		t.Fatal(err)
	}
	if want := "| Check |\n|---|\n| [a](a.md) |\n| [b](b.md) |\n| [directive](docs/checks/directive.md) | - |\n\nAfter.\n"; string(out) != want {
		t.Errorf("insertRow:\n%s\nwant:\n%s", out, want)
	}
	if _, err := insertRow(src, "| [nothere]", "x"); err == nil {
		t.Error("no such row: no error")
	}
}

func TestAddToLayerTable(t *testing.T) {
	doc := "# Internals\n\n## Who uses which layer\n\nText.\n\n| Layer | Checks |\n|---|---|\n" +
		"| `checkdoc` | every check |\n" +
		"| `crapi` | every check but directive, rbacgrant |\n" +
		"| `diag` | every check |\n" +
		"| `objects` | a, b |\n" +
		"| `objects` | c, d |\n" +
		"| `ssapkg` | every check but directive |\n" +
		"| `wiring` | x |\n" +
		"\n## Next\n\n| `diag` | not the table |\n"
	out, err := addToLayerTable([]byte(doc), "mmcheck", []string{"checkdoc", "objects", "ssapkg", "reach"})
	if err != nil {
		t.Fatal(err)
	}
	want := "# Internals\n\n## Who uses which layer\n\nText.\n\n| Layer | Checks |\n|---|---|\n" +
		"| `checkdoc` | every check |\n" +
		"| `crapi` | every check but directive, mmcheck, rbacgrant |\n" +
		"| `diag` | every check but mmcheck |\n" +
		"| `objects` | a, b |\n" +
		"| `objects` | c, d, mmcheck |\n" +
		"| `reach` | mmcheck |\n" +
		"| `ssapkg` | every check but directive |\n" +
		"| `wiring` | x |\n" +
		"\n## Next\n\n| `diag` | not the table |\n"
	if string(out) != want {
		t.Errorf("addToLayerTable:\n%s\nwant:\n%s", out, want)
	}
	old := []byte("# Internals\n\n| `diag` | `analyzers/internal/diag` | Used by all. |\n")
	if out, err := addToLayerTable(old, "mmcheck", nil); err != nil || !bytes.Equal(out, old) {
		t.Errorf("without the section: %q, %v; want it unchanged", out, err)
	}
}

// A name that is no package name, or that a check or directory has
// already, is refused before anything is written.
func TestScaffoldRefuses(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "analyzers", "taken"), 0o777); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"", "Upper", "with-dash", "9lives", "internal", "registry", "taken"} {
		if _, err := scaffold(dir, name, ""); err == nil {
			t.Errorf("scaffold(%q): no error", name)
		}
	}
	if _, err := scaffold(dir, "fine", "report a thing."); err == nil {
		t.Error("a summary with a final period: no error")
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Errorf("files written: %v", entries)
	}
}

// The scaffold, run on a copy of this checkout, gives a check that builds
// and vets clean, whose fixture test passes, and that every test holding
// the checks to their pages, tables, golangci-lint entries and help passes
// with. It runs the fixture tool of the copy, whose go vet cache is cold:
// a minute or two.
func TestScaffold(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and tests a copy of the repository")
	}
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is needed to list the checkout's files")
	}
	src := root(t)
	dst := filepath.Join(t.TempDir(), "repo")
	copyCheckout(t, src, dst)
	tmp := filepath.Join(t.TempDir(), "tmp")
	if err := os.MkdirAll(tmp, 0o777); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir = dst
		// The fixture tool and its lock go under the test's directory.
		cmd.Env = append(os.Environ(), "TMPDIR="+tmp)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	const name = "zzscaffoldtest"
	out := run("go", "run", "./hack/newcheck", name)
	for _, p := range []string{"analyzers/zzscaffoldtest/zzscaffoldtest.go", "docs/checks/zzscaffoldtest.md", registryFile, golangciDocs, golangciExample} {
		if !strings.Contains(out, p) {
			t.Errorf("the scaffold's output does not list %s:\n%s", p, out)
		}
	}
	run("go", "build", "./...")
	run("go", "vet", "./analyzers/"+name+"/...", "./analyzers/registry/", "./hack/newcheck/")
	if out := run("gofmt", "-l", "analyzers/"+name, "analyzers/registry"); out != "" {
		t.Errorf("not gofmt'ed: %s", out)
	}
	run("go", "test", "./analyzers/"+name+"/", "./analyzers/registry/", "./plugin/golangciconf/")
	run("go", "test", "-run", "TestHelp", "./cmd/reconcilecheck/")

	cmd := exec.Command("go", "run", "./hack/newcheck", name)
	cmd.Dir = dst
	if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "exists already") {
		t.Errorf("scaffolding %s again: %v\n%s", name, err, out)
	}
}

// copyCheckout copies the files of the checkout at src that git tracks or
// would (untracked but not ignored), as they are on disk, to dst.
func copyCheckout(t *testing.T, src, dst string) {
	t.Helper()
	cmd := exec.Command("git", "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	cmd.Dir = src
	out, err := cmd.Output()
	if err != nil {
		t.Skipf("git ls-files: %v", err)
	}
	for _, rel := range strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00") {
		from := filepath.Join(src, rel)
		info, err := os.Lstat(from)
		if err != nil || !info.Mode().IsRegular() {
			continue // deleted in the working tree, or not a file
		}
		data, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		to := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(to), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(to, data, info.Mode().Perm()); err != nil {
			t.Fatal(err)
		}
	}
}
