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
//
// The harness imports nothing under analyzers/: the fixture tool that runs
// the checks (ToolPackage) is built by its import path and asked what it
// runs, so a layer's test binary links the layer, its probe and this, not
// the registry and every check.
package fixturetest

import (
	"bytes"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
)

// ModulePath is the module path of the temporary fixture module: a fixture
// package testdata/src/crosspkg is imported as "fixtures/crosspkg". The
// probes (analyzers/internal/probes) know it too; their test checks that
// both agree.
const ModulePath = "fixtures"

// Run applies a to the fixture packages matching patterns (default
// "./...", relative to testdata/src) and checks their "// want" comments.
//
// An analyzer of the fixture tool (a check of the registry, a layer's
// probe; see InTool) runs as users run the checks, through go vet and the
// fixture tool (see vet.go), its facts checked too; any other analyzer
// (one a test builds, such as directive.New's) runs in this process with
// analysistest.
func Run(t *testing.T, a *analysis.Analyzer, patterns ...string) []*Result {
	t.Helper()
	return RunDir(t, "testdata/src", a, patterns...)
}

// RunDir is Run on the fixture tree src instead of testdata/src.
func RunDir(t *testing.T, src string, a *analysis.Analyzer, patterns ...string) []*Result {
	t.Helper()
	dir := Module(t, src)
	if !inTool(t, a) {
		return fromAnalysistest(analysistest.Run(t, dir, a, defaultPatterns(patterns)...))
	}
	r := vet(t, dir, a, defaultPatterns(patterns))
	r.check(t)
	return r.results
}

// RunWithSuggestedFixes is Run, and also applies every suggested fix and
// compares each changed file with its "<file>.golden" twin.
//
// Only the files that got a fix are compared: a golden file whose fixes
// all vanished would pass unnoticed. So every fixture file of the
// analysed packages whose golden twin differs from it must have got a fix.
func RunWithSuggestedFixes(t *testing.T, a *analysis.Analyzer, patterns ...string) []*Result {
	t.Helper()
	dir := Module(t, "testdata/src")
	if !inTool(t, a) {
		results := analysistest.RunWithSuggestedFixes(t, dir, a, defaultPatterns(patterns)...)
		checkGoldensFixed(t, results)
		return fromAnalysistest(results)
	}
	r := vet(t, dir, a, defaultPatterns(patterns))
	r.check(t)
	r.checkFixes(t)
	return r.results
}

// fromAnalysistest converts analysistest's results.
func fromAnalysistest(results []*analysistest.Result) []*Result {
	var out []*Result
	for _, r := range results {
		res := &Result{Pkg: r.Pass.Pkg.Path()}
		fset := r.Pass.Fset
		for _, d := range r.Diagnostics {
			p := fset.Position(d.Pos)
			diag := Diagnostic{Posn: Position{p.Filename, p.Line, p.Column}, Category: d.Category, Message: d.Message}
			for _, f := range d.SuggestedFixes {
				fix := Fix{Message: f.Message}
				for _, e := range f.TextEdits {
					file := fset.File(e.Pos)
					fix.Edits = append(fix.Edits, Edit{Filename: file.Name(), Start: file.Offset(e.Pos), End: file.Offset(e.End), New: string(e.NewText)})
				}
				diag.Fixes = append(diag.Fixes, fix)
			}
			res.Diagnostics = append(res.Diagnostics, diag)
		}
		out = append(out, res)
	}
	return out
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
	reportUnfixedGoldens(t, slices.Sorted(maps.Keys(files)), fixed)
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
// show that a fix removes an import it leaves unused: the golden
// comparison, like "go vet -fix", drops unused imports itself after
// applying the edits, while golangci-lint --fix does not.
func FixDeletesLine(results []*Result, base string, n int) bool {
	for _, r := range results {
		for _, d := range r.Diagnostics {
			if filepath.Base(d.Posn.Filename) != base {
				continue
			}
			for _, fix := range d.Fixes {
				for _, e := range fix.Edits {
					if e.New != "" {
						continue
					}
					content, err := os.ReadFile(e.Filename)
					if err != nil {
						continue
					}
					if lineStart(content, n) == e.Start && lineStart(content, n+1) == e.End {
						return true
					}
				}
			}
		}
	}
	return false
}

// lineStart returns the offset of the start of line n (1-based) of
// content, or -1.
func lineStart(content []byte, n int) int {
	if n == 1 {
		return 0
	}
	line := 1
	for i, b := range content {
		if b == '\n' {
			line++
			if line == n {
				return i + 1
			}
		}
	}
	return -1
}
