// Package exampletest helps the end-to-end tests that run reconcilecheck,
// in each of its modes, on the example operator in testdata/example.
//
// The example marks each line where a check must report with a trailing
// "// expect: <check>" comment; the tests compare what a mode reports with
// those markers.
package exampletest

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// expectRE marks a finding of the line, or with "on the next line" of the
// line below (a kubebuilder marker, which a comment would change).
var expectRE = regexp.MustCompile(`//\s*expect( on the next line)?:\s*([a-z0-9]+)`)

// optInRE marks a finding of a check that is off by default, expected when
// the check is turned on: "// expect with -statusloop.enable: statusloop".
var optInRE = regexp.MustCompile(`//\s*expect with -([a-z0-9]+)\.enable:\s*([a-z0-9]+)`)

// Finding is one report: a file relative to the example root, a line, and
// the check.
type Finding struct {
	File  string
	Line  int
	Check string
	// Fixable records that the finding came with a suggested fix; it is
	// not part of the comparison.
	Fixable bool
}

func (f Finding) String() string { return fmt.Sprintf("%s:%d: %s", f.File, f.Line, f.Check) }

// RepoRoot returns the root of this repository: the directory above the
// test's that holds testdata/example.
func RepoRoot(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "testdata", "example", "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testdata/example not found above the test's directory")
		}
		dir = parent
	}
}

// Dir returns the example's directory, with its modules downloaded.
func Dir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(RepoRoot(t), "testdata", "example")
	if out, err := exec.Command("go", "-C", dir, "mod", "download").CombinedOutput(); err != nil {
		t.Fatalf("go mod download in the example: %v\n%s", err, out)
	}
	return dir
}

// Copy copies the example into a fresh temporary directory (for -fix).
func Copy(t *testing.T) string {
	t.Helper()
	src := Dir(t)
	dir := t.TempDir()
	if out, err := exec.Command("cp", "-r", src+"/.", dir).CombinedOutput(); err != nil {
		t.Fatalf("copy: %v\n%s", err, out)
	}
	return dir
}

// Expectations reads the "// expect:" markers of registered checks under
// root.
func Expectations(t *testing.T, root string) []Finding {
	t.Helper()
	known := map[string]bool{}
	for _, a := range registry.Analyzers() {
		known[a.Name] = true
	}
	var out []Finding
	err := walkGo(root, func(_, rel string, data []byte) {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			for _, m := range expectRE.FindAllStringSubmatch(sc.Text(), -1) {
				line := n
				if m[1] != "" {
					line++ // a line that cannot end in a comment: a marker
				}
				if known[m[2]] {
					out = append(out, Finding{File: rel, Line: line, Check: m[2]})
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("the example has no // expect: markers for registered checks")
	}
	return Sort(out)
}

// OptInExpectations reads the "// expect with -<check>.enable: <check>"
// markers of an off-by-default check under root.
func OptInExpectations(t *testing.T, root, check string) []Finding {
	t.Helper()
	var out []Finding
	err := walkGo(root, func(_, rel string, data []byte) {
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			for _, m := range optInRE.FindAllStringSubmatch(sc.Text(), -1) {
				if m[1] == check && m[2] == check {
					out = append(out, Finding{File: rel, Line: n, Check: check})
				}
			}
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatalf("the example has no // expect with -%s.enable: markers", check)
	}
	return Sort(out)
}

// CheckAfterFix verifies that applying every fix removed exactly the
// findings that had one: after must hold, check by check, as many findings
// as before had without a fix (lines move, so checks are counted).
func CheckAfterFix(t *testing.T, before, after []Finding) {
	t.Helper()
	want, got := map[string]int{}, map[string]int{}
	for _, f := range before {
		if !f.Fixable {
			want[f.Check]++
		}
	}
	for _, f := range after {
		got[f.Check]++
	}
	for check := range union(want, got) {
		if want[check] != got[check] {
			t.Errorf("after the fixes, %s reports %d findings, want %d (its findings without a fix): %v", check, got[check], want[check], after)
		}
	}
	if len(after) == len(before) {
		t.Errorf("the fixes removed no finding (%d before and after)", len(before))
	}
}

func union(a, b map[string]int) map[string]bool {
	out := map[string]bool{}
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// walkGo calls fn with the path, the path relative to root, and the
// contents of every .go file under root.
func walkGo(root string, fn func(path, rel string, src []byte)) error {
	return filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		fn(path, rel, src)
		return nil
	})
}

// Sort sorts findings by their string form.
func Sort(f []Finding) []Finding {
	sort.Slice(f, func(i, j int) bool { return f[i].String() < f[j].String() })
	return f
}

// Run runs a command in dir and returns its combined output and exit code.
func Run(t *testing.T, dir string, name string, args ...string) ([]byte, int) {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	code := 0
	if err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("%s %v: %v", name, args, err)
		}
		code = ee.ExitCode()
	}
	return out, code
}

// Diff reports every finding missing from got, and every one not wanted.
func Diff(t *testing.T, want, got []Finding) {
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

// SplitPosn splits "file:line:col".
func SplitPosn(t *testing.T, posn string) (string, int) {
	t.Helper()
	parts := strings.Split(posn, ":")
	if len(parts) < 3 {
		t.Fatalf("bad position %q", posn)
	}
	line, err := strconv.Atoi(parts[len(parts)-2])
	if err != nil {
		t.Fatalf("bad position %q", posn)
	}
	return strings.Join(parts[:len(parts)-2], ":"), line
}

// JSONFindings parses the -json output of go vet or reconcilecheck, with
// files relative to root.
func JSONFindings(t *testing.T, root string, out []byte) []Finding {
	t.Helper()
	var res []Finding
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
				return Sort(res)
			}
			off := int(dec.InputOffset()) + len(rest) - len(trimmed) + nl + 1
			dec = json.NewDecoder(bytes.NewReader(out[off:]))
			out = out[off:]
		}
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			if err.Error() == "EOF" {
				return Sort(res)
			}
			t.Fatalf("decoding -json output: %v\n%s", err, out)
		}
		for _, byCheck := range tree {
			for check, raw := range byCheck {
				var diags []struct {
					Posn    string          `json:"posn"`
					Message string          `json:"message"`
					Fixes   json.RawMessage `json:"suggested_fixes"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					t.Fatalf("%s: %v (%s)", check, err, raw)
				}
				for _, d := range diags {
					file, line := SplitPosn(t, d.Posn)
					rel, err := filepath.Rel(root, file)
					if err != nil {
						rel = file
					}
					res = append(res, Finding{File: rel, Line: line, Check: check, Fixable: len(d.Fixes) > 0 && string(d.Fixes) != "null"})
				}
			}
		}
	}
}
