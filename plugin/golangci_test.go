package plugin_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/internal/exampletest"
)

// TestGolangciLint builds golangci-lint v2 with the plugin compiled in,
// from the nested module tools/golangci-lint (offline: no "golangci-lint
// custom" clone), and runs it on the example with the example's
// kubebuilder-style .golangci.yml.
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
	args := []string{"run", "--enable-only", "reconcilecheck", "--max-same-issues=0", "--max-issues-per-linter=0"}

	t.Run("findings and SARIF", func(t *testing.T) {
		sarif := filepath.Join(t.TempDir(), "reconcilecheck.sarif")
		out, code := exampletest.Run(t, dir, gcl, append(args, "--output.json.path=stdout", "--output.sarif.path="+sarif, "./...")...)
		if code != 1 {
			t.Fatalf("golangci-lint with findings exited %d, want 1:\n%s", code, out)
		}
		exampletest.Diff(t, want, jsonIssues(t, out))
		exampletest.Diff(t, want, sarifResults(t, sarif))
	})

	t.Run("suppression", func(t *testing.T) {
		// The golangci way, and reconcilecheck's own directive: each
		// silences its finding, nothing else changes.
		restore := suppress(t, dir, want, "notfounderr", "//nolint:reconcilecheck // deliberate in this test")
		defer restore()
		restore2 := suppress(t, dir, want, "resulterr", "//reconcilecheck:ignore resulterr deliberate in this test")
		defer restore2()
		out, _ := exampletest.Run(t, dir, gcl, append(args, "--output.json.path=stdout", "./...")...)
		exampletest.Diff(t, exampletest.Expectations(t, dir), jsonIssues(t, out))
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
		exampletest.Diff(t, exampletest.Sort(wantNow), jsonIssues(t, out))

		// Without the setting, one of the two issues of each line is lost.
		out, _ = exampletest.Run(t, dir, gcl, append(args, "--uniq-by-line=true", "--output.json.path=stdout", "./...")...)
		got := jsonIssues(t, out)
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

	t.Run("opt-in check", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(dir, ".golangci.yml"))
		if err != nil {
			t.Fatal(err)
		}
		conf := strings.Replace(string(data), "disable: []", "enable: [statusloop]", 1)
		conf = strings.Replace(conf, "flags: {}", "flags: {statusloop: {enable: true}}", 1)
		// golangci-lint reports paths relative to its configuration file.
		path := filepath.Join(dir, "optin.golangci.yml")
		if err := os.WriteFile(path, []byte(conf), 0o666); err != nil {
			t.Fatal(err)
		}
		out, _ := exampletest.Run(t, dir, gcl, append(args, "--config="+path, "--output.json.path=stdout", "./...")...)
		exampletest.Diff(t, exampletest.OptInExpectations(t, dir, "statusloop"), jsonIssues(t, out))
	})

	t.Run("bad settings", func(t *testing.T) {
		data, err := os.ReadFile(filepath.Join(dir, ".golangci.yml"))
		if err != nil {
			t.Fatal(err)
		}
		bad := strings.Replace(string(data), "disable: []", "disable: [updatepach]", 1)
		conf := filepath.Join(t.TempDir(), "bad.yml")
		if err := os.WriteFile(conf, []byte(bad), 0o666); err != nil {
			t.Fatal(err)
		}
		out, code := exampletest.Run(t, dir, gcl, append(args, "--config="+conf, "./...")...)
		if code == 0 || code == 1 || !strings.Contains(string(out), `disable: unknown check "updatepach"`) || strings.Contains(string(out), "goroutine ") {
			t.Errorf("golangci-lint with an unknown check in the settings: exit %d, output:\n%s", code, out)
		}
	})

	t.Run("fix", func(t *testing.T) {
		fixed := exampletest.Copy(t)
		out, _ := exampletest.Run(t, fixed, gcl, append(args, "--output.json.path=stdout", "./...")...)
		before := jsonIssues(t, out)
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
		exampletest.CheckAfterFix(t, before, jsonIssues(t, out))
	})
}

// jsonIssues reads golangci-lint's JSON output. Related information comes
// as issues of its own, "<check>(related information): ..."; only the
// diagnostics count.
func jsonIssues(t *testing.T, out []byte) []exampletest.Finding {
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
		if is.FromLinter != "reconcilecheck" {
			t.Errorf("issue from linter %q: %s", is.FromLinter, is.Text)
			continue
		}
		check, _, _ := strings.Cut(is.Text, ":")
		if strings.HasSuffix(check, "(related information)") {
			continue
		}
		res = append(res, exampletest.Finding{File: is.Pos.Filename, Line: is.Pos.Line, Check: check, Fixable: len(is.SuggestedFixes) > 0})
	}
	return exampletest.Sort(res)
}

// sarifResults reads the SARIF 2.1.0 log golangci-lint wrote.
func sarifResults(t *testing.T, path string) []exampletest.Finding {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no SARIF output: %v", err)
	}
	var log struct {
		Version string
		Runs    []struct {
			Results []struct {
				RuleID    string
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
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatalf("SARIF output: %v\n%s", err, data)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("SARIF version %q with %d runs, want 2.1.0 with one run", log.Version, len(log.Runs))
	}
	var res []exampletest.Finding
	for _, r := range log.Runs[0].Results {
		check, _, _ := strings.Cut(r.Message.Text, ":")
		if strings.HasSuffix(check, "(related information)") {
			continue
		}
		if r.RuleID != "reconcilecheck" || len(r.Locations) != 1 {
			t.Errorf("SARIF result with rule %q and %d locations: %s", r.RuleID, len(r.Locations), r.Message.Text)
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
