package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// The example project marks each line where a check must report with a
// trailing "// expect: <check>" comment. These tests run the real binary
// on it, in each mode, and compare.

var expectRE = regexp.MustCompile(`//\s*expect:\s*([a-z0-9]+)`)

type finding struct {
	file  string // relative to the example root
	line  int
	check string
}

func (f finding) String() string { return fmt.Sprintf("%s:%d: %s", f.file, f.line, f.check) }

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// buildBinary builds reconcilecheck once per test binary.
func buildBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "reconcilecheck-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "reconcilecheck")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

func exampleDir(t *testing.T) string {
	t.Helper()
	// This package is cmd/reconcilecheck: the repository root is two up.
	dir, err := filepath.Abs(filepath.Join("..", "..", "testdata", "example"))
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("go", "-C", dir, "mod", "download").CombinedOutput()
	if err != nil {
		t.Fatalf("go mod download in the example: %v\n%s", err, out)
	}
	return dir
}

// expectations reads the "// expect:" markers of registered checks.
func expectations(t *testing.T, root string) []finding {
	t.Helper()
	known := map[string]bool{}
	for _, a := range registry.Analyzers() {
		known[a.Name] = true
	}
	var out []finding
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			for _, m := range expectRE.FindAllStringSubmatch(sc.Text(), -1) {
				if known[m[1]] {
					out = append(out, finding{rel, n, m[1]})
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return sortFindings(out)
}

func sortFindings(f []finding) []finding {
	sort.Slice(f, func(i, j int) bool { return f[i].String() < f[j].String() })
	return f
}

// jsonFindings parses the -json output of go vet / reconcilecheck.
func jsonFindings(t *testing.T, root string, out []byte) []finding {
	t.Helper()
	var res []finding
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		// go vet prints "# pkg" lines between the JSON objects.
		for {
			rest := out[dec.InputOffset():]
			trimmed := bytes.TrimLeft(rest, " \t\r\n")
			if !bytes.HasPrefix(trimmed, []byte("#")) {
				break
			}
			nl := bytes.IndexByte(trimmed, '\n')
			if nl < 0 {
				return sortFindings(res)
			}
			off := int(dec.InputOffset()) + len(rest) - len(trimmed) + nl + 1
			dec = json.NewDecoder(bytes.NewReader(out[off:]))
			out = out[off:]
		}
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			if err.Error() == "EOF" {
				return sortFindings(res)
			}
			t.Fatalf("decoding -json output: %v\n%s", err, out)
		}
		for _, byCheck := range tree {
			for check, raw := range byCheck {
				var diags []struct {
					Posn    string `json:"posn"`
					Message string `json:"message"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("%s: %v (%s)", check, err, raw)
				}
				for _, d := range diags {
					file, line := splitPosn(t, d.Posn)
					rel, err := filepath.Rel(root, file)
					if err != nil {
						rel = file
					}
					res = append(res, finding{rel, line, check})
				}
			}
		}
	}
}

func splitPosn(t *testing.T, posn string) (string, int) {
	// file:line:col
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		t.Fatalf("bad position %q", posn)
	}
	var line int
	fmt.Sscan(parts[len(parts)-2], &line)
	return strings.Join(parts[:len(parts)-2], ":"), line
}

func run(t *testing.T, dir string, name string, args ...string) ([]byte, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		code = ee.ExitCode()
	}
	return out, code
}

func diff(t *testing.T, want, got []finding) {
	t.Helper()
	w := map[string]bool{}
	for _, f := range want {
		w[f.String()] = true
	}
	g := map[string]bool{}
	for _, f := range got {
		g[f.String()] = true
	}
	for _, f := range want {
		if !g[f.String()] {
			t.Errorf("missing finding: %s", f)
		}
	}
	for _, f := range got {
		if !w[f.String()] {
			t.Errorf("unexpected finding: %s", f)
		}
	}
}

func TestExampleStandalone(t *testing.T) {
	bin := buildBinary(t)
	dir := exampleDir(t)
	want := expectations(t, dir)
	if len(want) == 0 {
		t.Fatal("the example has no // expect: markers for registered checks")
	}
	out, code := run(t, dir, bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("reconcilecheck -json exited %d:\n%s", code, out)
	}
	diff(t, want, jsonFindings(t, dir, out))

	// Plain output: file:line:col: message lines, exit status 1.
	out, code = run(t, "", bin, "-C", dir, "./...")
	if code != 1 {
		t.Errorf("reconcilecheck with findings exited %d, want 1:\n%s", code, out)
	}
	// Related information is printed as further "file:line:col: \tmessage"
	// lines; count the diagnostics only.
	diagLine := regexp.MustCompile(`^[^#\s][^:]*\.go:\d+:\d+: [^\t]`)
	lines := 0
	for _, l := range strings.Split(string(out), "\n") {
		if diagLine.MatchString(l) {
			lines++
		}
	}
	if lines != len(want) {
		t.Errorf("plain output has %d findings, want %d:\n%s", lines, len(want), out)
	}
}

func TestExampleVettool(t *testing.T) {
	bin := buildBinary(t)
	dir := exampleDir(t)
	out, code := run(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("go vet -vettool -json exited %d:\n%s", code, out)
	}
	diff(t, expectations(t, dir), jsonFindings(t, dir, out))
}

// TestExampleFix applies every suggested fix to a copy of the example: it
// must still build, and the fixed findings must be gone.
func TestExampleFix(t *testing.T) {
	bin := buildBinary(t)
	src := exampleDir(t)
	dir := t.TempDir()
	if out, err := exec.Command("cp", "-r", src+"/.", dir).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	before, _ := run(t, dir, bin, "-json", "./...")
	if out, code := run(t, dir, bin, "-fix", "./..."); code != 0 && code != 1 {
		t.Fatalf("reconcilecheck -fix exited %d:\n%s", code, out)
	}
	if out, code := run(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("the example no longer builds after -fix:\n%s", out)
	}
	if out, code := run(t, dir, "go", "vet", "./..."); code != 0 {
		t.Fatalf("go vet fails on the example after -fix:\n%s", out)
	}
	after, _ := run(t, dir, bin, "-json", "./...")
	b, a := jsonFindings(t, dir, before), jsonFindings(t, dir, after)
	if len(a) >= len(b) {
		t.Errorf("-fix removed no finding: %d before, %d after", len(b), len(a))
	}
	for _, check := range []string{"notfounderr"} {
		for _, f := range a {
			if f.check == check {
				t.Errorf("finding left after -fix: %s", f)
			}
		}
	}
}

func TestBadInput(t *testing.T) {
	bin := buildBinary(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nosuchflag", "./..."}, "unknown flag or check: -nosuchflag"},
		{[]string{"-nosuchcheck.flag=1", "./..."}, `unknown check "nosuchcheck"`},
		{[]string{"help", "nosuchcheck"}, `unknown check "nosuchcheck"`},
	} {
		out, code := run(t, "", bin, tc.args...)
		if code == 0 || !strings.Contains(string(out), tc.want) || strings.Contains(string(out), "goroutine ") {
			t.Errorf("reconcilecheck %v: exit %d, output:\n%s\nwant non-zero exit and %q", tc.args, code, out, tc.want)
		}
	}

	// A package that does not compile: a clear error, non-zero exit, no
	// stack trace.
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module broken\n\ngo 1.26\n"), 0o666)
	os.WriteFile(filepath.Join(dir, "broken.go"), []byte("package broken\n\nfunc f() int { return \"s\" }\n"), 0o666)
	out, code := run(t, dir, bin, "./...")
	if code == 0 || !strings.Contains(string(out), "broken.go:3") || strings.Contains(string(out), "goroutine ") {
		t.Errorf("on a package that does not compile: exit %d, output:\n%s", code, out)
	}
}

func TestHelpListsEveryCheck(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := help(&stdout, &stderr, nil); code != 0 {
		t.Fatalf("help exited %d", code)
	}
	for _, c := range registry.Checks() {
		if !strings.Contains(stdout.String(), c.Analyzer.Name) {
			t.Errorf("help does not list %s", c.Analyzer.Name)
		}
	}
}
