package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/internal/exampletest"
)

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
			binErr = fmt.Errorf("go build: %w\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// jsonFindings parses the -json output of go vet / reconcilecheck.
func jsonFindings(t *testing.T, root string, out []byte) []exampletest.Finding {
	t.Helper()
	var res []exampletest.Finding
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
				return exampletest.Sort(res)
			}
			off := int(dec.InputOffset()) + len(rest) - len(trimmed) + nl + 1
			dec = json.NewDecoder(bytes.NewReader(out[off:]))
			out = out[off:]
		}
		var tree map[string]map[string]json.RawMessage
		if err := dec.Decode(&tree); err != nil {
			if err.Error() == "EOF" {
				return exampletest.Sort(res)
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
					file, line := exampletest.SplitPosn(t, d.Posn)
					rel, err := filepath.Rel(root, file)
					if err != nil {
						rel = file
					}
					res = append(res, exampletest.Finding{File: rel, Line: line, Check: check, Fixable: len(d.Fixes) > 0 && string(d.Fixes) != "null"})
				}
			}
		}
	}
}

func TestExampleStandalone(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	want := exampletest.Expectations(t, dir)
	out, code := exampletest.Run(t, dir, bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("reconcilecheck -json exited %d:\n%s", code, out)
	}
	exampletest.Diff(t, want, jsonFindings(t, dir, out))

	// Plain output: file:line:col: message lines, exit status 1.
	out, code = exampletest.Run(t, "", bin, "-C", dir, "./...")
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
			// Each finding names its check, as directives need it.
			named := false
			for _, f := range want {
				if strings.HasPrefix(l, fmt.Sprintf("%s:%d:", f.File, f.Line)) && strings.Contains(l, ": "+f.Check+": ") {
					named = true
				}
			}
			if !named {
				t.Errorf("finding not at a marker, or without its check's name: %s", l)
			}
		}
	}
	if lines != len(want) {
		t.Errorf("plain output has %d findings, want %d:\n%s", lines, len(want), out)
	}
}

func TestExampleVettool(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	out, code := exampletest.Run(t, dir, "go", "vet", "-vettool="+bin, "-json", "./...")
	if code != 0 {
		t.Fatalf("go vet -vettool -json exited %d:\n%s", code, out)
	}
	exampletest.Diff(t, exampletest.Expectations(t, dir), jsonFindings(t, dir, out))
}

// TestExampleFix applies every suggested fix to a copy of the example: it
// must still build, and the fixed findings must be gone.
func TestExampleFix(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Copy(t)
	before, _ := exampletest.Run(t, dir, bin, "-json", "./...")
	if out, code := exampletest.Run(t, dir, bin, "-fix", "./..."); code != 0 && code != 1 {
		t.Fatalf("reconcilecheck -fix exited %d:\n%s", code, out)
	}
	if out, code := exampletest.Run(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("the example no longer builds after -fix:\n%s", out)
	}
	if out, code := exampletest.Run(t, dir, "go", "vet", "./..."); code != 0 {
		t.Fatalf("go vet fails on the example after -fix:\n%s", out)
	}
	after, _ := exampletest.Run(t, dir, bin, "-json", "./...")
	exampletest.CheckAfterFix(t, jsonFindings(t, dir, before), jsonFindings(t, dir, after))
}

func TestBadInput(t *testing.T) {
	bin := buildBinary(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-nosuchflag", "./..."}, "unknown flag -nosuchflag"},
		{[]string{"-nosuchcheck.flag=1", "./..."}, `unknown check "nosuchcheck"`},
		{[]string{"-updatepatch.nosuch", "./..."}, `check updatepatch has no flag "nosuch"`},
		{[]string{"-updatepatch.all=maybe", "./..."}, `invalid value "maybe" for flag updatepatch.all`},
		{[]string{"-updatepatch=maybe", "./..."}, `invalid value "maybe" for -updatepatch`},
		{[]string{"help", "nosuchcheck"}, `unknown check "nosuchcheck"`},
	} {
		out, code := exampletest.Run(t, "", bin, tc.args...)
		if code == 0 || !strings.Contains(string(out), tc.want) || strings.Contains(string(out), "goroutine ") {
			t.Errorf("reconcilecheck %v: exit %d, output:\n%s\nwant non-zero exit and %q", tc.args, code, out, tc.want)
		}
	}

	// A package that does not compile: a clear error, non-zero exit, no
	// stack trace.
	dir := t.TempDir()
	for name, text := range map[string]string{
		"go.mod":    "module broken\n\ngo 1.26\n",
		"broken.go": "package broken\n\nfunc f() int { return \"s\" }\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	out, code := exampletest.Run(t, dir, bin, "./...")
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
