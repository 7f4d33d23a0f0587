package fixturetest

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/internal/vetjson"
)

// The registry's checks are tested as users run them: go vet with a vet
// tool (ToolPackage: the registry with every check on, and the layers'
// probes), on the fixture module, its output read as JSON. go vet caches
// each package's analysis by the tool's identity and flags, so the real
// modules under the fixtures (controller-runtime, k8s.io, the standard
// library) are analysed once for all the test binaries of a "go test
// ./..." and kept for the next run, where analysistest loaded and
// analysed them from source in every call.

// Result is what one package (or test variant) of a run reported: the
// analyzer's diagnostics, its facts as diagnostics of category
// "fact:<object>".
type Result struct {
	Pkg         string
	Diagnostics []Diagnostic
}

// Diagnostic is one reported diagnostic, as go vet's JSON gives it.
type Diagnostic struct {
	Posn     Position
	Category string
	Message  string
	Fixes    []Fix
}

// Position is a file name (absolute) and a 1-based line and column.
type Position struct {
	Filename     string
	Line, Column int
}

func (p Position) String() string { return fmt.Sprintf("%s:%d:%d", p.Filename, p.Line, p.Column) }

// Fix is one suggested fix: its message and its edits.
type Fix struct {
	Message string
	Edits   []Edit
}

// Edit replaces the bytes [Start, End) of the file Filename with New.
type Edit = vetjson.Edit

// listed is the part of "go list -json" a run needs.
type listed struct {
	ImportPath, Name, Dir, ForTest string
	DepOnly                        bool
	GoFiles, CgoFiles              []string
	TestGoFiles, XTestGoFiles      []string
	IgnoredGoFiles, OtherFiles     []string
}

// run is the outcome of one go vet run of the fixture tool.
type run struct {
	results []*Result
	// files are the Go and other files of the packages analysed (the
	// packages the patterns match, with their tests).
	files []string
	// names maps the import paths the packages reach to package names.
	names map[string]string
}

var (
	toolMu        sync.Mutex
	toolPath      string            // built once per test binary, under the lock
	toolAnalyzers map[string]string // what it runs, asked once after building it
)

// vet runs the fixture tool with go vet on the packages matching
// patterns in the module dir and returns a's results.
func vet(t testing.TB, dir string, a *analysis.Analyzer, patterns []string) *run {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	r := &run{names: map[string]string{}}
	if err := r.list(dir, patterns); err != nil {
		t.Fatal(err)
	}
	out, err := vetOutput(root, dir, append(vetFlags(a), patterns...))
	if err != nil {
		t.Fatal(err)
	}
	r.results, err = parseVet(out, a.Name)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// inTool reports whether the fixture tool runs a (see InTool), building
// the tool first if this test binary has not; when not, it logs why.
func inTool(t testing.TB, a *analysis.Analyzer) bool {
	t.Helper()
	root, err := RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	list, err := loadTool(root)
	if err != nil {
		t.Fatal(err)
	}
	ok, why := InTool(list, a)
	if !ok {
		t.Logf("running %s in this process: %s", a.Name, why)
	}
	return ok
}

// loadTool returns the analyzers of the fixture tool, building it if
// needed.
func loadTool(root string) (map[string]string, error) {
	toolMu.Lock()
	list := toolAnalyzers
	toolMu.Unlock()
	if list != nil {
		return list, nil
	}
	err := locked(root, func(shared string) error {
		var err error
		_, list, err = buildTool(root, shared)
		return err
	})
	return list, err
}

// vetOutput builds the fixture tool if needed and runs "go vet -json"
// with it in dir.
func vetOutput(root, dir string, args []string) ([]byte, error) {
	var out []byte
	err := locked(root, func(shared string) error {
		bin, _, err := buildTool(root, shared)
		if err != nil {
			return err
		}
		var stdout, stderr bytes.Buffer
		cmd := dieWithTest(exec.Command("go", append([]string{"vet", "-vettool=" + bin, "-json"}, args...)...))
		cmd.Dir = dir
		cmd.Env = offline()
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("go vet %s in %s: %w\n%s", strings.Join(args, " "), dir, err, stderr.Bytes())
		}
		out = stdout.Bytes()
		return nil
	})
	return out, err
}

// locked calls f with the directory shared by the test binaries of this
// checkout, holding a lock on it and then toolMu. Building the tool and
// running go vet both hold it: one test binary analyses the modules while
// the others wait, then they find them in the cache.
func locked(root string, f func(shared string) error) error {
	sum := sha256.Sum256([]byte(root))
	shared := filepath.Join(os.TempDir(), "reconcilecheck-fixturevet-"+hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(shared, 0o777); err != nil {
		return err
	}
	lock, err := os.OpenFile(filepath.Join(shared, "lock"), os.O_CREATE|os.O_RDWR, 0o666)
	if err != nil {
		return err
	}
	defer lock.Close()
	if err := lockFile(lock); err != nil {
		return err
	}
	defer func() { _ = unlockFile(lock) }()

	toolMu.Lock()
	defer toolMu.Unlock()
	return f(shared)
}

// buildTool builds the fixture tool (ToolPackage) into shared and asks it
// for its analyzers, once per test binary; the caller holds locked's
// locks.
func buildTool(root, shared string) (string, map[string]string, error) {
	if toolPath != "" {
		return toolPath, toolAnalyzers, nil
	}
	bin := filepath.Join(shared, "fixturevet")
	cmd := dieWithTest(exec.Command("go", "build", "-o", bin, ToolPackage))
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", nil, fmt.Errorf("building the fixture vet tool: %w\n%s", err, out)
	}
	list, err := listTool(bin)
	if err != nil {
		return "", nil, err
	}
	toolPath, toolAnalyzers = bin, list
	return toolPath, toolAnalyzers, nil
}

// offline is the environment of the go commands on fixtures: the module
// cache only (download has filled it), no workspace.
func offline() []string {
	return append(os.Environ(), "GOPROXY=off", "GOWORK=off", "GOFLAGS=-mod=mod")
}

// list fills the files of the packages matching patterns, and the names
// of every package they reach, from "go list".
func (r *run) list(dir string, patterns []string) error {
	args := append([]string{"list", "-e", "-deps", "-test", "-json=ImportPath,Name,Dir,ForTest,DepOnly,GoFiles,CgoFiles,TestGoFiles,XTestGoFiles,IgnoredGoFiles,OtherFiles"}, patterns...)
	cmd := dieWithTest(exec.Command("go", args...))
	cmd.Dir = dir
	cmd.Env = offline()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("go list in %s: %w\n%s", dir, err, stderr.Bytes())
	}
	seen := map[string]bool{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return err
		}
		if path, _, _ := strings.Cut(p.ImportPath, " "); p.Name != "" && !strings.HasSuffix(path, ".test") && !strings.HasSuffix(path, "_test") {
			r.names[path] = p.Name
		}
		if p.DepOnly || p.ForTest != "" || seen[p.Dir] {
			continue
		}
		seen[p.Dir] = true
		for _, fs := range [][]string{p.GoFiles, p.CgoFiles, p.TestGoFiles, p.XTestGoFiles, p.OtherFiles} {
			for _, f := range fs {
				r.files = append(r.files, filepath.Join(p.Dir, f))
			}
		}
	}
	sort.Strings(r.files)
	return nil
}

// parseVet reads go vet's JSON output (one tree per package) and returns
// the results of the analyzer named name; an analyzer's error is an error.
func parseVet(out []byte, name string) ([]*Result, error) {
	fs, err := vetjson.Parse(out)
	if err != nil {
		return nil, fmt.Errorf("reading go vet's JSON: %w\n%s", err, out)
	}
	var results []*Result
	for _, f := range fs {
		if f.Err != "" {
			return nil, fmt.Errorf("%s: analyzer %s failed: %s", f.Pkg, f.Check, f.Err)
		}
		if f.Check != name {
			continue
		}
		if n := len(results); n == 0 || results[n-1].Pkg != f.Pkg {
			results = append(results, &Result{Pkg: f.Pkg})
		}
		file, line, col := vetjson.SplitPosn(f.Diag.Posn)
		d := Diagnostic{Posn: Position{file, line, col}, Category: f.Diag.Category, Message: f.Diag.Message}
		for _, fx := range f.Diag.SuggestedFixes {
			fix := Fix{Message: fx.Message}
			fix.Edits = append(fix.Edits, fx.Edits...)
			d.Fixes = append(d.Fixes, fix)
		}
		results[len(results)-1].Diagnostics = append(results[len(results)-1].Diagnostics, d)
	}
	return results, nil
}
