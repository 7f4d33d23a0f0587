package plugin_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
	"github.com/reconcilecheck/reconcilecheck/plugin"
	"github.com/reconcilecheck/reconcilecheck/plugin/golangciconf"
)

// TestGolangciLint builds golangci-lint v2 with the plugin compiled in,
// from the nested module tools/golangci-lint (offline: no "golangci-lint
// custom" clone), and runs it on the example with the example's
// kubebuilder-style .golangci.yml: one linter per check, the entries of
// reconcilecheck -golangci-config.
func TestGolangciLint(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint (about a minute when the build cache is cold)")
	}
	// golangci-lint caches issues per package under keys that do not
	// cover a plugin's code: start from an empty cache.
	t.Setenv("GOLANGCI_LINT_CACHE", t.TempDir())
	gcl := filepath.Join(t.TempDir(), "golangci-lint")
	if out, err := exec.Command("go", "build", "-C", "../tools/golangci-lint", "-o", gcl, ".").CombinedOutput(); err != nil {
		t.Fatalf("building golangci-lint with the plugin: %v\n%s", err, out)
	}
	dir := exampletest.Copy(t)
	want := exampletest.Expectations(t, dir)
	// --enable-only picks the checks by their linter names, leaving out
	// kubebuilder's other linters.
	var on []string
	for _, c := range registry.Checks() {
		if c.Off == "" {
			on = append(on, c.Analyzer.Name)
		}
	}
	args := []string{"run", "--enable-only", strings.Join(on, ","), "--max-same-issues=0", "--max-issues-per-linter=0"}

	t.Run("findings and SARIF", func(t *testing.T) {
		sarif := filepath.Join(t.TempDir(), "reconcilecheck.sarif")
		out, code := exampletest.Run(t, dir, gcl, append(args, "--output.json.path=stdout", "--output.sarif.path="+sarif, "./...")...)
		if code != 1 {
			t.Fatalf("golangci-lint with findings exited %d, want 1:\n%s", code, out)
		}
		exampletest.Diff(t, want, jsonIssues(t, out, perCheck))
		exampletest.Diff(t, want, sarifResults(t, sarif, perCheck))
	})

	t.Run("one linter", func(t *testing.T) {
		conf := filepath.Join(dir, "one.golangci.yml")
		if err := os.WriteFile(conf, []byte(oneLinter), 0o666); err != nil {
			t.Fatal(err)
		}
		defer os.Remove(conf)
		sarif := filepath.Join(t.TempDir(), "reconcilecheck.sarif")
		out, code := exampletest.Run(t, dir, gcl, "run", "--config="+conf, "--max-same-issues=0", "--max-issues-per-linter=0", "--output.json.path=stdout", "--output.sarif.path="+sarif, "./...")
		if code != 1 {
			t.Fatalf("golangci-lint (one linter) exited %d, want 1:\n%s", code, out)
		}
		exampletest.Diff(t, want, jsonIssues(t, out, oneForm))
		exampletest.Diff(t, want, sarifResults(t, sarif, oneForm))
	})

	t.Run("both forms", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(dir, ".golangci.yml"))
		if err != nil {
			t.Fatal(err)
		}
		both := strings.Replace(string(data), "    custom:\n", "    custom:\n      reconcilecheck:\n        type: module\n", 1)
		conf := filepath.Join(t.TempDir(), "both.yml")
		if err := os.WriteFile(conf, []byte(both), 0o666); err != nil {
			t.Fatal(err)
		}
		out, code := exampletest.Run(t, dir, gcl, append(args, "--config="+conf, "./...")...)
		if code != 3 || !strings.Contains(string(out), "keep one form") || strings.Contains(string(out), "goroutine ") {
			t.Errorf("golangci-lint with both forms: exit %d, want 3 and one line; output:\n%s", code, out)
		}
	})

	t.Run("levels", func(t *testing.T) {
		sarif := filepath.Join(t.TempDir(), "reconcilecheck.sarif")
		exampletest.Run(t, dir, gcl, append(args, "--output.sarif.path="+sarif, "./...")...)
		levels := map[string]bool{}
		for rule, level := range sarifLevels(t, sarif) {
			c, ok := checkOf(rule)
			if !ok || level != string(c.Level) {
				t.Errorf("SARIF results of %s have level %q, want the check's level %q", rule, level, c.Level)
			}
			levels[level] = true
		}
		if !levels["error"] || !levels["warning"] {
			t.Errorf("SARIF levels %v, want both error and warning on the example", levels)
		}
	})

	t.Run("suppression", func(t *testing.T) {
		// The golangci way, by the check's name, and reconcilecheck's own
		// directive: each silences its finding, nothing else changes. A
		// //nolint naming other checks silences nothing.
		restore := suppress(t, dir, want, "notfounderr", "//nolint:notfounderr // deliberate in this test")
		defer restore()
		restore2 := suppress(t, dir, want, "resulterr", "//reconcilecheck:ignore resulterr deliberate in this test")
		defer restore2()
		restore3 := suppress(t, dir, want, "droppederr", "//nolint:notfounderr,resulterr // not this check")
		defer restore3()
		wantNow := exampletest.Expectations(t, dir)
		for _, f := range want {
			if f.Check == "droppederr" && !slices.Contains(wantNow, f) {
				wantNow = append(wantNow, f)
				break // the one suppress changed
			}
		}
		out, _ := exampletest.Run(t, dir, gcl, append(args, "--output.json.path=stdout", "./...")...)
		exampletest.Diff(t, exampletest.Sort(wantNow), jsonIssues(t, out, perCheck))
	})

	// A malformed directive, or a comment that only looks like one, on
	// the line of the finding it targets: both issues are shown, because
	// the example's .golangci.yml sets issues.uniq-by-line: false
	// (golangci-lint keeps one issue per line by default).
	t.Run("bad directive on the finding's line", func(t *testing.T) {
		restore := suppress(t, dir, want, "notfounderr", "//reconcilecheck:ignore notfounderr")
		defer restore()
		restore2 := suppress(t, dir, want, "resulterr", "// reconcilecheck:ignore resulterr deliberate in this test")
		defer restore2()
		wantNow := exampletest.Expectations(t, dir)
		var lines []exampletest.Finding
		for _, f := range want {
			if f.Check == "notfounderr" || f.Check == "resulterr" {
				wantNow = append(wantNow, f, exampletest.Finding{File: f.File, Line: f.Line, Check: "directive"})
				lines = append(lines, f)
			}
		}
		out, _ := exampletest.Run(t, dir, gcl, append(args, "--output.json.path=stdout", "./...")...)
		exampletest.Diff(t, exampletest.Sort(wantNow), jsonIssues(t, out, perCheck))

		// Without the setting, one of the two issues of each line is lost.
		out, _ = exampletest.Run(t, dir, gcl, append(args, "--uniq-by-line=true", "--output.json.path=stdout", "./...")...)
		got := jsonIssues(t, out, perCheck)
		for _, l := range lines {
			n := 0
			for _, f := range got {
				if f.File == l.File && f.Line == l.Line {
					n++
				}
			}
			if n > 1 {
				t.Errorf("with --uniq-by-line=true, %s:%d has %d issues, want at most 1: is issues.uniq-by-line still the setting that keeps them?", l.File, l.Line, n)
			}
		}
	})

	// The same binary keeps this repository to its own .golangci.yml.
	t.Run("repository lint", func(t *testing.T) {
		root, err := filepath.Abs("..")
		if err != nil {
			t.Fatal(err)
		}
		if out, code := exampletest.Run(t, root, gcl, "run", "./..."); code != 0 {
			t.Errorf("golangci-lint on this repository (.golangci.yml) exited %d:\n%s", code, out)
		}
	})

	// A check off by default is commented out in the generated entries:
	// golangci-lint does not know its linter until its two lines are
	// uncommented, and runs it then. Whether a check ships off depends on
	// the measurements of the day, so the entries are generated with one
	// made to ship off, as a check that falls short would be.
	t.Run("opt-in check", func(t *testing.T) {
		const check = "createexists"
		restore, err := registry.ShipOff(check, "for the test")
		if err != nil {
			t.Fatal(err)
		}
		gen := golangciconf.Generate()
		restore()
		if !strings.Contains(gen, "    # - "+check+"\n") {
			t.Fatalf("%s, off, is not commented out in the generated entries:\n%s", check, gen)
		}
		// golangci-lint reports paths relative to its configuration file.
		path := filepath.Join(dir, "optin.golangci.yml")
		defer os.Remove(path)
		if err := os.WriteFile(path, []byte(gen), 0o666); err != nil {
			t.Fatal(err)
		}
		if out, code := exampletest.Run(t, dir, gcl, "run", "--enable-only", check, "--config="+path, "./..."); code != 3 || !strings.Contains(string(out), check) {
			t.Errorf("golangci-lint --enable-only %s with its lines commented out: exit %d, want 3 (unknown linter):\n%s", check, code, out)
		}
		// Uncommenting its two lines, as the generated text says.
		conf := strings.Replace(gen, "    # - "+check+"\n", "    - "+check+"\n", 1)
		var lines []string
		in := false
		for _, l := range strings.Split(conf, "\n") {
			switch {
			case l == "      # "+check+":":
				in = true
			case in && !strings.HasPrefix(l, "      #   "):
				in = false
			}
			if in {
				l = strings.Replace(l, "# ", "", 1)
			}
			lines = append(lines, l)
		}
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o666); err != nil {
			t.Fatal(err)
		}
		out, code := exampletest.Run(t, dir, gcl, "run", "--enable-only", check, "--config="+path, "--max-same-issues=0", "--output.json.path=stdout", "./...")
		var only []exampletest.Finding
		for _, f := range want {
			if f.Check == check {
				only = append(only, f)
			}
		}
		if code != 1 || len(only) == 0 {
			t.Errorf("golangci-lint --enable-only %s uncommented: exit %d, want 1 with its %d findings:\n%s", check, code, len(only), out)
		}
		exampletest.Diff(t, only, jsonIssues(t, out, perCheck))
	})

	t.Run("bad settings", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(dir, ".golangci.yml"))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct{ conf, want string }{
			{strings.Replace(string(data), "          all: false", "          al: false", 1), `check updatepatch has no flag "al"`},
			{strings.Replace(oneLinter, "disable: []", "disable: [updatepach]", 1), `disable: unknown check "updatepach"`},
		} {
			conf := filepath.Join(t.TempDir(), "bad.yml")
			if err := os.WriteFile(conf, []byte(tc.conf), 0o666); err != nil {
				t.Fatal(err)
			}
			out, code := exampletest.Run(t, dir, gcl, "run", "--config="+conf, "./...")
			if code != 3 || !strings.Contains(string(out), tc.want) || strings.Contains(string(out), "goroutine ") {
				t.Errorf("golangci-lint with a bad setting (%s): exit %d, want 3; output:\n%s", tc.want, code, out)
			}
		}
	})

	// What vscode-go runs on save with go.lintTool golangci-lint-v2 (its
	// goLint.ts): in the package's directory, these flags, and its
	// runTool's line pattern (continuation lines start with a tab).
	t.Run("vscode-go", func(t *testing.T) {
		pkg := filepath.Join(dir, "internal", "controller")
		cmd := exec.Command(gcl, "run", "--issues-exit-code=0", "--output.text.print-issued-lines=false", "--show-stats=false", "--output.text.path=stdout", "--path-mode=abs")
		cmd.Dir = pkg
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			// vscode-go shows nothing when the tool fails with stderr.
			t.Fatalf("golangci-lint as vscode-go runs it: %v\n%s", err, stderr.String())
		}
		lineRE := regexp.MustCompile(`^([^:]*: )?((.:)?[^:]*):(\d+)(:(\d+)?)?:(?:\w+:)? (.*)$`)
		checkRE := regexp.MustCompile(` \(([a-z0-9]+)\)$`)
		var got []exampletest.Finding
		for _, l := range strings.Split(stdout.String(), "\n") {
			m := lineRE.FindStringSubmatch(l)
			if m == nil || strings.HasPrefix(l, "\t") {
				continue
			}
			c := checkRE.FindStringSubmatch(m[7])
			if c == nil {
				continue
			}
			if _, ok := checkOf(c[1]); !ok {
				continue // kubebuilder's other linters
			}
			rel, err := filepath.Rel(dir, m[2])
			if err != nil || !filepath.IsAbs(m[2]) {
				t.Errorf("vscode-go line with a path it cannot place: %s", l)
				continue
			}
			line, _ := strconv.Atoi(m[4])
			got = append(got, exampletest.Finding{File: rel, Line: line, Check: c[1]})
		}
		var wantPkg []exampletest.Finding
		for _, f := range want {
			if filepath.Dir(f.File) == filepath.Join("internal", "controller") {
				wantPkg = append(wantPkg, f)
			}
		}
		if len(wantPkg) == 0 {
			t.Fatal("the example has no findings in internal/controller")
		}
		exampletest.Diff(t, wantPkg, exampletest.Sort(got))
	})

	t.Run("fix", func(t *testing.T) {
		fixed := exampletest.Copy(t)
		out, _ := exampletest.Run(t, fixed, gcl, append(args, "--output.json.path=stdout", "./...")...)
		before := jsonIssues(t, out, perCheck)
		if out, code := exampletest.Run(t, fixed, gcl, append(args, "--fix", "./...")...); code != 0 && code != 1 {
			t.Fatalf("golangci-lint --fix exited %d:\n%s", code, out)
		}
		if out, code := exampletest.Run(t, fixed, "go", "vet", "./..."); code != 0 {
			t.Fatalf("the example no longer builds or vets after --fix:\n%s", out)
		}
		// golangci-lint applies the edits as they are: the imports they
		// add must already be in their goimports -local groups.
		if bad := exampletest.Unformatted(t, fixed); len(bad) > 0 {
			t.Errorf("after --fix, not formatted as gofmt and goimports -local write: %v", bad)
		}
		out, _ = exampletest.Run(t, fixed, gcl, append(args, "--output.json.path=stdout", "./...")...)
		exampletest.CheckAfterFix(t, before, jsonIssues(t, out, perCheck))
	})
}

// oneLinter is the one-linter form's configuration of the README.
const oneLinter = `version: "2"
linters:
  default: none
  enable:
    - reconcilecheck
  settings:
    custom:
      reconcilecheck:
        type: module
        description: bugs of controller-runtime reconcilers
        original-url: github.com/reconcilecheck/reconcilecheck
        settings:
          disable: []
          flags: {}
issues:
  uniq-by-line: false
`

// form is how an issue names its check: by its linter (one linter per
// check) or by the prefix of its text (the reconcilecheck linter).
type form bool

const (
	perCheck form = true
	oneForm  form = false
)

// checkOf returns the registry's check of that name.
func checkOf(name string) (registry.Check, bool) {
	for _, c := range registry.Checks() {
		if c.Analyzer.Name == name {
			return c, true
		}
	}
	return registry.Check{}, false
}

// checkName returns the check an issue of linter with text comes from.
func checkName(t *testing.T, f form, linter, text string) (string, bool) {
	t.Helper()
	if strings.Contains(text, "(related information)") {
		t.Errorf("related information as an issue of its own: %s", text)
		return "", false
	}
	if f == oneForm {
		if linter != plugin.Name {
			t.Errorf("issue from linter %q, want %s: %s", linter, plugin.Name, text)
			return "", false
		}
		check, _, _ := strings.Cut(text, ":")
		return check, true
	}
	if _, ok := checkOf(linter); !ok {
		t.Errorf("issue from linter %q, which is no check: %s", linter, text)
		return "", false
	}
	return linter, true
}

// jsonIssues reads golangci-lint's JSON output.
func jsonIssues(t *testing.T, out []byte, f form) []exampletest.Finding {
	t.Helper()
	// The JSON report is the first line; the text summary may follow.
	line, _, _ := strings.Cut(string(out), "\n")
	var rep struct {
		Issues []struct {
			FromLinter     string
			Text           string
			SuggestedFixes []json.RawMessage
			Pos            struct {
				Filename string
				Line     int
			}
		}
	}
	if err := json.Unmarshal([]byte(line), &rep); err != nil {
		t.Fatalf("golangci-lint JSON output: %v\n%s", err, out)
	}
	var res []exampletest.Finding
	for _, is := range rep.Issues {
		check, ok := checkName(t, f, is.FromLinter, is.Text)
		if !ok {
			continue
		}
		res = append(res, exampletest.Finding{File: is.Pos.Filename, Line: is.Pos.Line, Check: check, Fixable: len(is.SuggestedFixes) > 0})
	}
	return exampletest.Sort(res)
}

// sarifLog is the part of golangci-lint's SARIF 2.1.0 log the tests read.
type sarifLog struct {
	Version string
	Runs    []struct {
		Results []struct {
			RuleID    string
			Level     string
			Message   struct{ Text string }
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct{ URI string }
					Region           struct{ StartLine int }
				}
			}
		}
	}
}

func readSARIF(t *testing.T, path string) sarifLog {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no SARIF output: %v", err)
	}
	var log sarifLog
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF output: %v\n%s", err, data)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("SARIF version %q with %d runs, want 2.1.0 with one run", log.Version, len(log.Runs))
	}
	return log
}

// sarifLevels returns the level of each rule's results (one level per
// rule, or the test fails).
func sarifLevels(t *testing.T, path string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range readSARIF(t, path).Runs[0].Results {
		if l, ok := out[r.RuleID]; ok && l != r.Level {
			t.Errorf("rule %s has results of levels %q and %q", r.RuleID, l, r.Level)
		}
		out[r.RuleID] = r.Level
	}
	return out
}

// sarifResults reads the SARIF 2.1.0 log golangci-lint wrote.
func sarifResults(t *testing.T, path string, f form) []exampletest.Finding {
	t.Helper()
	var res []exampletest.Finding
	for _, r := range readSARIF(t, path).Runs[0].Results {
		check, ok := checkName(t, f, r.RuleID, r.Message.Text)
		if !ok {
			continue
		}
		if len(r.Locations) != 1 {
			t.Errorf("SARIF result with %d locations: %s", len(r.Locations), r.Message.Text)
			continue
		}
		loc := r.Locations[0].PhysicalLocation
		res = append(res, exampletest.Finding{File: loc.ArtifactLocation.URI, Line: loc.Region.StartLine, Check: check})
	}
	return exampletest.Sort(res)
}

// suppress replaces the "// expect: <check>" marker of the example's
// finding of check with comment, and returns a function restoring the file.
func suppress(t *testing.T, dir string, want []exampletest.Finding, check, comment string) func() {
	t.Helper()
	var target exampletest.Finding
	for _, f := range want {
		if f.Check == check {
			target = f
		}
	}
	if target.File == "" {
		t.Fatalf("the example has no %s finding", check)
	}
	path := filepath.Join(dir, target.File)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	lines[target.Line-1] = strings.Replace(lines[target.Line-1], "// expect: "+check, comment, 1)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o666); err != nil {
		t.Fatal(err)
	}
	return func() {
		if err := os.WriteFile(path, data, 0o666); err != nil {
			t.Error(err)
		}
	}
}
