package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
	"github.com/reconcilecheck/reconcilecheck/internal/vetjson"
)

// fixFinding is a finding with one suggested fix made of edits.
func fixFinding(edits ...edit) finding {
	var f finding
	fix := vetjson.Fix{Message: "fix"}
	for _, e := range edits {
		fix.Edits = append(fix.Edits, vetjson.Edit{Filename: currentFile, Start: e.start, End: e.end, New: e.new})
	}
	f.Diag.SuggestedFixes = append(f.Diag.SuggestedFixes, fix)
	return f
}

var currentFile string

// fixedFiles applies each fix once (a package and its test variant report
// the same one), puts an insertion before a replacement at the same
// place, leaves out a fix that overlaps another, and formats the result.
func TestFixedFiles(t *testing.T) {
	dir := t.TempDir()
	currentFile = filepath.Join(dir, "a.go")
	src := "package a\n\nimport \"time\"\n\nvar d = time.Second\nvar x = 1\n"
	if err := os.WriteFile(currentFile, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(s string) int { return strings.Index(src, s) }
	addImport := edit{at(`"time"`), at(`"time"`), `"errors"` + "\n\t"}
	fs := []finding{
		fixFinding(edit{at("1\n"), at("1\n") + 1, "2"}),
		fixFinding(edit{at("1\n"), at("1\n") + 1, "2"}), // the test variant's copy
		fixFinding(addImport, edit{at("time.Second"), at("time.Second") + len("time.Second"), "errors.ErrUnsupported"}),
		fixFinding(edit{at("time.Second"), at("time.Second") + 4, "xx"}), // overlaps the one before
		fixFinding(edit{at(`"time"`), at(`"time"`) + len(`"time"`), ""}),
	}
	files, skipped, err := fixedFiles(fs)
	if err != nil {
		t.Fatal(err)
	}
	if skipped != 1 {
		t.Errorf("skipped %d fixes, want 1", skipped)
	}
	got := string(files[currentFile])
	want := "package a\n\nimport \"errors\"\n\nvar d = errors.ErrUnsupported\nvar x = 2\n"
	if got != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, want)
	}
}

// unified's output is a diff that patch applies.
func TestUnifiedAppliesWithPatch(t *testing.T) {
	if _, err := exec.LookPath("patch"); err != nil {
		t.Skip("no patch command")
	}
	var oldLines, newLines []string
	for i := range 40 {
		line := "line " + strings.Repeat("x", i%7)
		oldLines = append(oldLines, line)
		switch i {
		case 3:
			newLines = append(newLines, "inserted", line)
		case 10:
			// deleted
		case 20, 21:
			newLines = append(newLines, "changed "+line)
		default:
			newLines = append(newLines, line)
		}
	}
	newLines = append(newLines, "appended")
	old := strings.Join(oldLines, "\n") + "\n"
	want := strings.Join(newLines, "\n") + "\n"
	d := unified("f.txt", old, want)
	for _, want := range []string{"--- f.txt (old)\n+++ f.txt (new)\n", "@@ -1,6 +1,7 @@\n", "+inserted\n", "-line xxx\n", "+appended\n"} {
		if !strings.Contains(d, want) {
			t.Errorf("diff lacks %q:\n%s", want, d)
		}
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "f.txt"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("patch", "-p0")
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(d)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("patch: %v\n%s\n%s", err, out, d)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "f.txt"))
	if string(got) != want {
		t.Errorf("patched file differs:\n%s\nwant:\n%s", got, want)
	}
	if unified("f.txt", old, old) != "" {
		t.Error("equal files give a diff")
	}
}

// TestGoFix: Go 1.26's "go fix -fixtool" runs the binary as a vet tool with
// -fix (and -diff), and applies the suite's fixes through the go command.
// The module is small and imports nothing, so that the fix analysis, which
// shares no cached result with the -json runs, is cheap: the fix is the
// directive check's, which rewrites a comment that only looks like a
// directive.
func TestGoFix(t *testing.T) {
	if out, err := exec.Command("go", "help", "fix").Output(); err != nil || !strings.Contains(string(out), "-fixtool") {
		t.Skipf("this go command has no go fix -fixtool (%v)", err)
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	const (
		before = "\t// reconcilecheck:ignore droppederr the result is advisory\n"
		after  = "\t//reconcilecheck:ignore droppederr the result is advisory\n"
	)
	src := "package fixmod\n\n// F returns one.\nfunc F() int {\n" + before + "\treturn 1\n}\n"
	writeFiles(t, dir, map[string]string{"go.mod": "module example.com/fixmod\n\ngo 1.26\n", "a.go": src})
	file := filepath.Join(dir, "a.go")
	read := func() string {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}

	// -diff prints the fix, changes nothing, and exits 1.
	out, code := exampletest.Run(t, dir, "go", "fix", "-fixtool="+bin, "-diff", "./...")
	if code != 1 || !strings.Contains(string(out), "-"+before) || !strings.Contains(string(out), "+"+after) {
		t.Errorf("go fix -fixtool -diff: exit %d, output:\n%s\nwant exit 1 and the fix's diff", code, out)
	}
	if read() != src {
		t.Errorf("go fix -diff changed the file:\n%s", read())
	}
	// A check flag passes through as in go vet: without the check, no fix.
	if out, code := exampletest.Run(t, dir, "go", "fix", "-fixtool="+bin, "-directive=false", "-diff", "./..."); code != 0 || len(out) != 0 {
		t.Errorf("go fix -fixtool -directive=false -diff: exit %d, output:\n%s\nwant exit 0 and no diff", code, out)
	}
	// Without -diff it applies the fix; then there is nothing left to fix.
	if out, code := exampletest.Run(t, dir, "go", "fix", "-fixtool="+bin, "./..."); code != 0 {
		t.Fatalf("go fix -fixtool: exit %d, output:\n%s", code, out)
	}
	if want := strings.Replace(src, before, after, 1); read() != want {
		t.Errorf("after go fix -fixtool:\n%s\nwant:\n%s", read(), want)
	}
	if out, code := exampletest.Run(t, dir, "go", "fix", "-fixtool="+bin, "-diff", "./..."); code != 0 || len(out) != 0 {
		t.Errorf("go fix -fixtool -diff after the fix: exit %d, output:\n%s", code, out)
	}
}
