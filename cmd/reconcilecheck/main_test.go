package main

import (
	"bytes"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
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

// optIn turns the off-by-default checks on in the runs on the example, so
// that they report their "expect with" markers too.
//
// Every run on the example passes the same check flags, in the same order:
// go vet keys its cached results for the dependency packages (k8s.io/api,
// client-go, controller-runtime: about a minute of type-checking on two
// cores) by the vet tool's flags, so runs with one set of flags share them.
// That the checks are off without their flag is tested in the registry.
var optIn = []string{"-blindupdate.enable", "-terminatinglive.enable", "-cleanupnofinalizer.enable", "-cleanupnotfound.enable", "-deletionfilter.enable", "-cachelabel.enable", "-listnamespace.enable"}

// withOptIn returns args after the opt-in flags.
func withOptIn(args ...string) []string { return slices.Concat(optIn, args) }

// exampleWant is what the runs with optIn report on the example.
func exampleWant(t *testing.T, dir string) []exampletest.Finding {
	t.Helper()
	want := exampletest.Expectations(t, dir)
	for _, flag := range optIn {
		check := strings.TrimSuffix(strings.TrimPrefix(flag, "-"), ".enable")
		want = append(want, exampletest.OptInExpectations(t, dir, check)...)
	}
	return exampletest.Sort(want)
}

func TestExampleStandalone(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	want := exampleWant(t, dir)
	out, code := exampletest.Run(t, dir, bin, withOptIn("-json", "./...")...)
	if code != 0 {
		t.Fatalf("reconcilecheck %v -json exited %d:\n%s", optIn, code, out)
	}
	exampletest.Diff(t, want, exampletest.JSONFindings(t, dir, out))

	// Plain output: file:line:col: message lines, exit status 1.
	out, code = exampletest.Run(t, "", bin, withOptIn("-C", dir, "./...")...)
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
	// The standalone command puts its internal flags first and -json
	// after the check flags: so does this run, to share go vet's cache
	// with it. (Without the internal flags the findings are the same: the
	// example has no directive, so -report-suppressed adds none.)
	out, code := exampletest.Run(t, dir, "go", slices.Concat([]string{"vet", "-vettool=" + bin}, internalFlags(exampleModule(t, dir)), withOptIn("-json", "./..."))...)
	if code != 0 {
		t.Fatalf("go vet -vettool %v -json exited %d:\n%s", optIn, code, out)
	}
	exampletest.Diff(t, exampleWant(t, dir), exampletest.JSONFindings(t, dir, out))
}

// TestExampleFix applies every suggested fix to a copy of the example: it
// must still build, and the fixed findings must be gone.
//
// The example is gofmt- and goimports-clean: so must the result of the
// fixes be, with the imports they add in their groups (standard library,
// third party, the module's own). One copy serves both questions, as each
// run on a copy analyses every package afresh.
func TestExampleFix(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Copy(t)
	if bad := exampletest.Unformatted(t, dir); len(bad) > 0 {
		t.Fatalf("the example is not formatted before -fix: %v", bad)
	}
	before, _ := exampletest.Run(t, dir, bin, withOptIn("-json", "./...")...)
	// -fix prints the findings that remain, those without a fix, and
	// exits 1 since there are some.
	out, code := exampletest.Run(t, dir, bin, withOptIn("-fix", "./...")...)
	if code != 1 {
		t.Fatalf("reconcilecheck -fix exited %d, want 1:\n%s", code, out)
	}
	remaining := 0
	for _, f := range exampletest.JSONFindings(t, dir, before) {
		if !f.Fixable {
			remaining++
			if !strings.Contains(string(out), ": "+f.Check+": ") {
				t.Errorf("-fix does not report the remaining %s finding:\n%s", f.Check, out)
			}
		}
	}
	if n := strings.Count(string(out), "\ninternal/") + strings.Count(string(out), "\napi/") + strings.Count(string(out), "\ncmd/"); n < remaining {
		t.Errorf("-fix printed %d lines of findings, want at least %d:\n%s", n, remaining, out)
	}
	if bad := exampletest.Unformatted(t, dir); len(bad) > 0 {
		t.Errorf("after -fix, not formatted as gofmt and goimports -local %s write: %v\n%s", exampletest.ModulePath(t, dir), bad, out)
	}
	if out, code := exampletest.Run(t, dir, "go", "build", "./..."); code != 0 {
		t.Fatalf("the example no longer builds after -fix:\n%s", out)
	}
	if out, code := exampletest.Run(t, dir, "go", "vet", "./..."); code != 0 {
		t.Fatalf("go vet fails on the example after -fix:\n%s", out)
	}
	after, _ := exampletest.Run(t, dir, bin, withOptIn("-json", "./...")...)
	exampletest.CheckAfterFix(t, exampletest.JSONFindings(t, dir, before), exampletest.JSONFindings(t, dir, after))
}

// TestExitStatus: 2 and one line naming the problem for every usage or
// setup error; 1 for a package that does not compile.
func TestExitStatus(t *testing.T) {
	bin := buildBinary(t)
	example := exampletest.Dir(t)
	noModule := t.TempDir()
	emptyModule := t.TempDir()
	writeFiles(t, emptyModule, map[string]string{"go.mod": "module empty\n\ngo 1.26\n"})
	for _, tc := range []struct {
		dir  string
		args []string
		want string
	}{
		{"", []string{"-nosuchflag", "./..."}, "unknown flag -nosuchflag"},
		{"", []string{"-nosuchcheck.flag=1", "./..."}, `unknown check "nosuchcheck"`},
		{"", []string{"-updatepatch.nosuch", "./..."}, `check updatepatch has no flag "nosuch"`},
		{"", []string{"-updatepatch.all=maybe", "./..."}, `invalid value "maybe" for flag updatepatch.all`},
		{"", []string{"-updatepatch=maybe", "./..."}, `invalid value "maybe" for -updatepatch`},
		{"", []string{"-rbacgrant.enable=false", "-rbacgrant.unused", "./..."}, "-rbacgrant.unused has no effect: check rbacgrant is turned off; turn it on with -rbacgrant.enable"},
		{"", []string{"-notfounderr.enable=false", "-notfounderr.enable=maybe", "./..."}, `invalid value "maybe" for flag notfounderr.enable`},
		{"", []string{"help", "nosuchcheck"}, `unknown check "nosuchcheck"`},
		{"", []string{"-C"}, "flag needs an argument: -C"},
		{"", []string{"-C", "/nonexistent", "./..."}, "-C /nonexistent: no such directory"},
		{"", []string{"-json", "-fix", "./..."}, "-json cannot be combined with -fix or -diff"},
		{"", []string{"-sarif-suppressed=false", "./..."}, "-sarif-suppressed=false has no effect without -sarif"},
		{"", []string{"-golangci-config", "./..."}, "-golangci-config prints the golangci-lint entries and takes no other argument"},
		{"", []string{"-baseline-write", "b.json", "-json", "./..."}, "-baseline-write only records the findings"},
		{"", []string{"-baseline", "/nonexistent/b.json", "./..."}, "reading the baseline: open /nonexistent/b.json"},
		{example, []string{"./...", "-json"}, "flag -json after the package patterns"},
		{example, []string{"./nosuch/..."}, "pattern ./nosuch/...: lstat ./nosuch/: no such file or directory"},
		{example, []string{"example.com/nosuch"}, "no required module provides package example.com/nosuch"},
		{example, []string{"-mod=bogus", "./..."}, "-mod=bogus not supported"},
		{noModule, []string{"./..."}, "is not in a Go module"},
		{"", []string{"-C", noModule, "./..."}, "is not in a Go module"},
		{emptyModule, []string{"./..."}, "pattern ./... matches no packages"},
	} {
		out, code := exampletest.Run(t, tc.dir, bin, tc.args...)
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if code != 2 || !strings.Contains(lines[0], tc.want) || len(lines) > 2 {
			t.Errorf("reconcilecheck %v in %q: exit %d, output:\n%s\nwant exit 2 and one line with %q", tc.args, tc.dir, code, out, tc.want)
		}
	}

	// A package that does not compile: the compiler's message, exit 1,
	// no stack trace.
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"go.mod":    "module broken\n\ngo 1.26\n",
		"broken.go": "package broken\n\nfunc f() int { return \"s\" }\n",
	})
	out, code := exampletest.Run(t, dir, bin, "./...")
	if code != 1 || !strings.Contains(string(out), "broken.go:3") || strings.Contains(string(out), "goroutine ") {
		t.Errorf("on a package that does not compile: exit %d, output:\n%s", code, out)
	}

	// No findings: exit 0, no output.
	if out, code := exampletest.Run(t, example, bin, "./api/..."); code != 0 || len(out) != 0 {
		t.Errorf("reconcilecheck ./api/... (no findings): exit %d, output:\n%s", code, out)
	}
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFlagC: -C may come anywhere among the flags, as -C dir or -C=dir.
func TestFlagC(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	want := exampleWant(t, dir)
	for _, args := range [][]string{
		{"-json", "-C", dir, "./..."},
		{"-json", "-C=" + dir, "./..."},
		{"--C", dir, "-json", "./..."},
	} {
		args = withOptIn(args...)
		out, code := exampletest.Run(t, "", bin, args...)
		if code != 0 {
			t.Errorf("reconcilecheck %v exited %d:\n%s", args, code, out)
			continue
		}
		exampletest.Diff(t, want, exampletest.JSONFindings(t, dir, out))
	}
}

// TestDiff: -diff prints the fixes as a unified diff, changes nothing, and
// exits 1 when there is a fix to show (as go vet -fix -diff). It runs on
// the example itself, whose -json analysis the other tests leave in go
// vet's cache (-diff reads the fixes from that same analysis; a copy
// would miss the cache), and puts back any file it changed.
func TestDiff(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	before := snapshot(t, dir)
	out, code := exampletest.Run(t, dir, bin, withOptIn("-diff", "./...")...)
	if code != 1 {
		t.Errorf("reconcilecheck -diff exited %d, want 1:\n%s", code, out)
	}
	for _, want := range []string{"--- ", "+++ ", "@@ -", "+\t\t\treturn ctrl.Result{}, err"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("-diff output lacks %q:\n%s", want, out)
		}
	}
	if after := snapshot(t, dir); !maps.Equal(after, before) {
		t.Error("-diff changed the files")
		for path, data := range before {
			if err := os.WriteFile(path, []byte(data), 0o666); err != nil {
				t.Error(err)
			}
		}
	}
	// Nothing to fix: no diff, exit 0.
	if out, code := exampletest.Run(t, dir, bin, "-diff", "./api/..."); code != 0 || len(out) != 0 {
		t.Errorf("reconcilecheck -diff ./api/...: exit %d, output:\n%s", code, out)
	}
}

// snapshot returns the Go sources under dir by path.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(path, ".go") {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			files[path] = string(data)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestHelp: "reconcilecheck help" lists the command's flags, every check
// in an aligned table, and every check's flags.
func TestHelp(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := help(&stdout, &stderr, nil); code != 0 {
		t.Fatalf("help exited %d", code)
	}
	out := stdout.String()
	for _, f := range []string{"-C dir", "-json", "-fix", "-diff", "-sarif file", "-<check>=false", "-<check>.enable", "-<check>.<flag>=value"} {
		if !strings.Contains(out, "\n  "+f+" ") {
			t.Errorf("help does not list flag %s:\n%s", f, out)
		}
	}
	// Check rows: name, catalogue and summary start in the same columns.
	catCol, sumCol := -1, -1
	for _, c := range registry.Checks() {
		a := c.Analyzer
		row := regexp.MustCompile(`(?m)^  ` + a.Name + ` +` + regexp.QuoteMeta(c.Catalogue) + ` +` + defaultState(c) + ` +` + string(c.Level) + ` +` + regexp.QuoteMeta(summary(a)) + `$`)
		loc := row.FindStringIndex(out)
		if loc == nil {
			t.Errorf("help has no row for %s:\n%s", a.Name, out)
			continue
		}
		line := out[loc[0]:loc[1]]
		cc := strings.Index(line[2+len(a.Name):], c.Catalogue) + 2 + len(a.Name)
		sc := strings.Index(line[cc+len(c.Catalogue):], summary(a)) + cc + len(c.Catalogue)
		if catCol == -1 {
			catCol, sumCol = cc, sc
		} else if cc != catCol || sc != sumCol {
			t.Errorf("row of %s is misaligned (columns %d, %d; want %d, %d):\n%s", a.Name, cc, sc, catCol, sumCol, line)
		}
		a.Flags.VisitAll(func(f *flag.Flag) {
			if f.Name == "enable" {
				return // the -<check>.enable row
			}
			if !strings.Contains(out, "\n  -"+a.Name+"."+f.Name+" ") {
				t.Errorf("help does not list flag -%s.%s", a.Name, f.Name)
			}
		})
	}
}

// TestReadmeFlags: the README's flag table has every flag help lists, and
// its exit-status table the statuses the tests observe.
func TestReadmeFlags(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range commandFlags {
		if strings.HasPrefix(f[0], "-tags") {
			continue
		}
		if !strings.Contains(string(readme), "| `"+f[0]+"` |") {
			t.Errorf("README's flag table has no row for %s", f[0])
		}
	}
	for _, row := range []string{"| 0 |", "| 1 |", "| 2 |", "| 130, 143 |"} {
		if !strings.Contains(string(readme), row) {
			t.Errorf("README's exit-status table has no row %q", row)
		}
	}
}
