// Package fixturetest runs an analyzer on fixture packages that type-check
// against the real controller-runtime module, with analysistest's
// "// want" expectations and golden files for suggested fixes.
//
// The fixtures of an analyzer live, as in x/tools, under its
// testdata/src/<pkg>. Run copies that tree into a temporary module whose
// go.mod requires exactly what this repository's go.mod requires, so the
// fixtures see the pinned controller-runtime, k8s.io/api and apimachinery,
// and loads it offline from the module cache (analysistest sets
// GOPROXY=off). The first use in a test binary runs "go mod download" in
// this repository to make sure the cache holds every required module.
package fixturetest

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// ModulePath is the module path of the temporary fixture module: a fixture
// package testdata/src/crosspkg is imported as "fixtures/crosspkg".
const ModulePath = "fixtures"

// Run applies a to the fixture packages matching patterns (default
// "./...", relative to testdata/src) and checks their "// want" comments.
func Run(t *testing.T, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	dir := Module(t, "testdata/src")
	return analysistest.Run(t, dir, a, defaultPatterns(patterns)...)
}

// RunWithSuggestedFixes is Run, and also applies every suggested fix and
// compares each changed file with its "<file>.golden" twin.
//
// analysistest compares only the files that got a fix: a golden file whose
// fixes all vanished would pass unnoticed. So every fixture file of the
// analysed packages whose golden twin differs from it must have got a fix.
func RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, patterns ...string) []*analysistest.Result {
	t.Helper()
	dir := Module(t, "testdata/src")
	results := analysistest.RunWithSuggestedFixes(t, dir, a, defaultPatterns(patterns)...)
	checkGoldensFixed(t, results)
	return results
}

// checkGoldensFixed reports each file of the results' packages that has a
// golden twin different from it but got no suggested fix.
func checkGoldensFixed(t *testing.T, results []*analysistest.Result) {
	t.Helper()
	fixed := map[string]bool{}
	files := map[string]bool{}
	for _, r := range results {
		for _, f := range r.Pass.Files {
			files[r.Pass.Fset.File(f.FileStart).Name()] = true
		}
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					fixed[r.Pass.Fset.Position(e.Pos).Filename] = true
				}
			}
		}
	}
	for name := range files {
		golden, err := os.ReadFile(name + ".golden")
		if err != nil {
			continue
		}
		orig, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(golden, orig) && !fixed[name] {
			t.Errorf("%s: its golden file shows fixes, but no suggested fix was offered", filepath.Base(name))
		}
	}
}

func defaultPatterns(p []string) []string {
	if len(p) == 0 {
		return []string{"./..."}
	}
	return p
}

// Module copies the tree src into a new temporary directory, makes it a Go
// module requiring what this repository requires, and returns its path.
func Module(t testing.TB, src string) string {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	if err := download(root); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := copyTree(src, dir); err != nil {
		t.Fatal(err)
	}
	gomod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	gomod = moduleLine.ReplaceAll(gomod, []byte("module "+ModulePath))
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), gomod, 0o666); err != nil {
		t.Fatal(err)
	}
	gosum, err := os.ReadFile(filepath.Join(root, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "go.sum"), gosum, 0o666); err != nil {
		t.Fatal(err)
	}
	return dir
}

var moduleLine = regexp.MustCompile(`(?m)^module .*$`)

// RepoRoot returns the directory of this repository's go.mod.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		data, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && bytes.Contains(data, []byte("module github.com/reconcilecheck/reconcilecheck\n")) {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("fixturetest: no reconcilecheck go.mod above the working directory")
		}
		dir = parent
	}
}

var (
	downloadOnce sync.Once
	downloadErr  error
)

// download fills the module cache with every module the repository
// requires; a no-op when the cache already has them, so it works offline.
func download(root string) error {
	downloadOnce.Do(func() {
		cmd := exec.Command("go", "mod", "download")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			downloadErr = fmt.Errorf("go mod download (needed once to type-check fixtures against the real modules): %w\n%s", err, out)
		}
	})
	return downloadErr
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o777)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o666)
	})
}

// FixDeletesLine reports whether a suggested fix of a diagnostic in the
// fixture file named base deletes the whole of line n. Golden files cannot
// show that a fix removes an import it leaves unused: analysistest, like
// "go vet -fix", drops unused imports itself after applying the edits,
// while golangci-lint --fix does not.
func FixDeletesLine(results []*analysistest.Result, base string, n int) bool {
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if filepath.Base(r.Pass.Fset.Position(d.Pos).Filename) != base {
				continue
			}
			for _, fix := range d.SuggestedFixes {
				for _, e := range fix.TextEdits {
					start, end := r.Pass.Fset.Position(e.Pos), r.Pass.Fset.Position(e.End)
					if len(e.NewText) == 0 && start.Line == n && start.Column == 1 && end.Line == n+1 && end.Column == 1 {
						return true
					}
				}
			}
		}
	}
	return false
}
