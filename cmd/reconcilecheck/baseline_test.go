package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
)

// runSplit runs the binary in dir and returns its stdout, stderr and exit
// status.
func runSplit(t *testing.T, dir, bin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// TestBaseline records the example's findings, then moves every finding of
// a file by two lines, fixes one (a directive now covers it) and drops one
// entry from the baseline (a finding the baseline does not hold): only
// that one is reported, in text and -json, and the fixed one is listed as
// gone.
func TestBaseline(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Copy(t)
	file := filepath.Join(t.TempDir(), "baseline.json")
	_, stderr, code := runSplit(t, dir, bin, "-baseline-write", file, "./...")
	want := exampletest.Expectations(t, dir)
	if code != 0 || !strings.Contains(stderr, "recorded ") {
		t.Fatalf("-baseline-write exited %d:\n%s", code, stderr)
	}
	if out, errOut, code := runSplit(t, dir, bin, "-baseline", file, "./..."); code != 0 || out != "" || errOut != "" {
		t.Fatalf("-baseline right after -baseline-write: exit %d, output %q %q; want 0 and nothing", code, out, errOut)
	}

	// Move: two lines at the top of the file of the notfounderr finding.
	var moved, fixed exampletest.Finding
	for _, f := range want {
		switch f.Check {
		case "notfounderr":
			moved = f
		case "orphandelete":
			fixed = f
		}
	}
	if moved.File == "" || fixed.File == "" || moved.File != fixed.File {
		t.Fatalf("the example's notfounderr and orphandelete findings are not in one file: %v, %v", moved, fixed)
	}
	path := filepath.Join(dir, moved.File)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	lines[fixed.Line-1] = strings.Replace(lines[fixed.Line-1], "// expect: orphandelete", "//reconcilecheck:ignore orphandelete deliberate in this test", 1)
	lines = append([]string{lines[0], "", "// Two lines more."}, lines[1:]...)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o666); err != nil {
		t.Fatal(err)
	}

	// New: the baseline loses its notfounderr entry.
	var b struct {
		Tool     string           `json:"tool"`
		Version  int              `json:"version"`
		Findings []map[string]any `json:"findings"`
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &b); err != nil {
		t.Fatal(err)
	}
	var kept []map[string]any
	for _, e := range b.Findings {
		if e["check"] != "notfounderr" {
			kept = append(kept, e)
		}
	}
	if len(kept) != len(b.Findings)-1 {
		t.Fatalf("the baseline has %d notfounderr entries, want 1:\n%s", len(b.Findings)-len(kept), data)
	}
	b.Findings = kept
	data, _ = json.Marshal(b)
	if err := os.WriteFile(file, data, 0o666); err != nil {
		t.Fatal(err)
	}

	newOne := exampletest.Finding{File: moved.File, Line: moved.Line + 2, Check: "notfounderr"}
	_, stderr, code = runSplit(t, dir, bin, "-baseline", file, "./...")
	if code != 1 {
		t.Errorf("-baseline with a new finding exited %d, want 1", code)
	}
	var got []exampletest.Finding
	for _, l := range strings.Split(stderr, "\n") {
		if name, msg, ok := strings.Cut(l, ": notfounderr: "); ok && msg != "" {
			posn := filepath.Join(dir, name)
			f, line := exampletest.SplitPosn(t, posn)
			rel, _ := filepath.Rel(dir, f)
			got = append(got, exampletest.Finding{File: rel, Line: line, Check: "notfounderr"})
		} else if strings.Contains(l, ": ") && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "reconcilecheck: ") && !strings.HasPrefix(l, "\t") {
			t.Errorf("-baseline reported a finding the baseline holds: %s", l)
		}
	}
	exampletest.Diff(t, []exampletest.Finding{newOne}, got)
	if !strings.Contains(stderr, "1 findings of baseline") || !strings.Contains(stderr, "\t"+fixed.File+": orphandelete: ") {
		t.Errorf("-baseline does not list the fixed orphandelete entry as gone:\n%s", stderr)
	}

	out, _, code := runSplit(t, dir, bin, "-json", "-baseline", file, "./...")
	if code != 0 {
		t.Errorf("-json -baseline exited %d, want 0", code)
	}
	exampletest.Diff(t, []exampletest.Finding{newOne}, exampletest.JSONFindings(t, dir, []byte(out)))

	// The output of -json is a baseline too: nothing is new against it.
	jsonBase := filepath.Join(t.TempDir(), "out.json")
	if err := os.WriteFile(jsonBase, []byte(out), 0o666); err != nil {
		t.Fatal(err)
	}
	full, _, _ := runSplit(t, dir, bin, "-json", "./...")
	if err := os.WriteFile(jsonBase, []byte(full), 0o666); err != nil {
		t.Fatal(err)
	}
	if out, errOut, code := runSplit(t, dir, bin, "-baseline", jsonBase, "./..."); code != 0 || out != "" || errOut != "" {
		t.Errorf("-baseline with -json output as the baseline: exit %d, output %q %q; want 0 and nothing", code, out, errOut)
	}
}
