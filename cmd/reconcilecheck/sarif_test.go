package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
	"github.com/reconcilecheck/reconcilecheck/e2e/exampletest"
)

// validateSARIF checks file against the OASIS SARIF 2.1.0 schema
// (testdata/sarif-schema-2.1.0.json, errata 01) and returns its content.
func validateSARIF(t *testing.T, file string) map[string]any {
	t.Helper()
	c := jsonschema.NewCompiler()
	schema, err := c.Compile(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatalf("compiling the SARIF schema: %v", err)
	}
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatalf("%s is not JSON: %v", file, err)
	}
	if err := schema.Validate(doc); err != nil {
		t.Fatalf("%s does not follow the SARIF 2.1.0 schema: %v", file, err)
	}
	return doc.(map[string]any)
}

// TestSARIF writes SARIF on the example: it follows the schema, has a rule
// per check and a result per finding, with related locations and fixes,
// and the text output and exit status are those of a run without -sarif.
func TestSARIF(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	want := exampleWant(t, dir)
	file := filepath.Join(t.TempDir(), "out.sarif")
	out, code := exampletest.Run(t, dir, bin, withOptIn("-sarif", file, "./...")...)
	if code != 1 {
		t.Fatalf("reconcilecheck -sarif exited %d, want 1:\n%s", code, out)
	}
	if !strings.Contains(string(out), ": notfounderr: ") {
		t.Errorf("-sarif dropped the text output:\n%s", out)
	}
	validateSARIF(t, file)

	// Structure, beyond the schema.
	var log sarifLog
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	checks := registry.Checks()
	if len(run.Tool.Driver.Rules) != len(checks) {
		t.Errorf("%d rules, want one per check (%d)", len(run.Tool.Driver.Rules), len(checks))
	}
	for i, c := range checks {
		r := run.Tool.Driver.Rules[i]
		if r.ID != c.Analyzer.Name || r.HelpURI != c.Analyzer.URL || r.FullDescription.Text != c.Analyzer.Doc ||
			r.ShortDescription.Text != summary(c.Analyzer) || r.DefaultConfiguration.Level != string(c.Level) {
			t.Errorf("rule %d: %+v", i, r)
		}
	}
	// The example lies in this repository: paths are relative to its root.
	root := repoRoot(dir)
	var got []exampletest.Finding
	related, fixes := 0, 0
	levels := map[string]bool{}
	for _, res := range run.Results {
		rule := run.Tool.Driver.Rules[res.RuleIndex]
		if rule.ID != res.RuleID {
			t.Errorf("result of %s has ruleIndex %d", res.RuleID, res.RuleIndex)
		}
		if res.Level != rule.DefaultConfiguration.Level {
			t.Errorf("result of %s has level %q, its rule %q", res.RuleID, res.Level, rule.DefaultConfiguration.Level)
		}
		levels[res.Level] = true
		loc := res.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URIBaseID != srcRoot {
			t.Errorf("location %+v not relative to %s", loc, srcRoot)
		}
		rel, err := filepath.Rel(dir, filepath.Join(root, filepath.FromSlash(loc.ArtifactLocation.URI)))
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, exampletest.Finding{File: rel, Line: loc.Region.StartLine, Check: res.RuleID})
		related += len(res.RelatedLocations)
		for _, f := range res.Fixes {
			fixes++
			for _, ch := range f.ArtifactChanges {
				for _, rep := range ch.Replacements {
					if rep.DeletedRegion.StartLine < 1 || rep.DeletedRegion.StartColumn < 1 || rep.DeletedRegion.EndLine < rep.DeletedRegion.StartLine {
						t.Errorf("%s: bad deleted region %+v", res.RuleID, rep.DeletedRegion)
					}
				}
			}
		}
	}
	exampletest.Diff(t, want, exampletest.Sort(got))
	if related == 0 {
		t.Error("no result has related locations")
	}
	if fixes == 0 {
		t.Error("no result has fixes")
	}
	if !levels["error"] || !levels["warning"] {
		t.Errorf("the example's results have the levels %v, want both error and warning", levels)
	}
}

// TestSARIFFixRegions maps every SARIF replacement's line and column
// back to a byte offset: it must be the offset of the edit in go vet's
// JSON.
func TestSARIFFixRegions(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Dir(t)
	file := filepath.Join(t.TempDir(), "out.sarif")
	exampletest.Run(t, dir, bin, withOptIn("-sarif", file, "./...")...)
	out, _ := exampletest.Run(t, dir, bin, withOptIn("-json", "./...")...)
	fs, err := parseVetJSON(out)
	if err != nil {
		t.Fatal(err)
	}
	var log sarifLog
	data, _ := os.ReadFile(file)
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for _, f := range fs {
		for _, fix := range f.Diag.SuggestedFixes {
			for _, e := range fix.Edits {
				want = append(want, fmt.Sprintf("%s %d-%d %q", e.Filename, e.Start, e.End, e.New))
			}
		}
	}
	root := repoRoot(dir)
	for _, res := range log.Runs[0].Results {
		for _, fix := range res.Fixes {
			for _, ch := range fix.ArtifactChanges {
				path := filepath.Join(root, filepath.FromSlash(ch.ArtifactLocation.URI))
				src, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range ch.Replacements {
					ins := ""
					if r.InsertedContent != nil {
						ins = r.InsertedContent.Text
					}
					got = append(got, fmt.Sprintf("%s %d-%d %q", path,
						byteOffset(src, r.DeletedRegion.StartLine, r.DeletedRegion.StartColumn),
						byteOffset(src, r.DeletedRegion.EndLine, r.DeletedRegion.EndColumn), ins))
				}
			}
		}
	}
	if len(want) == 0 || strings.Join(want, "\n") != strings.Join(got, "\n") {
		t.Errorf("SARIF replacements:\n%s\nwant (go vet -json):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// byteOffset converts a 1-based line and code point column of src.
func byteOffset(src []byte, line, col int) int {
	lines := strings.SplitAfter(string(src), "\n")
	n := 0
	for _, l := range lines[:line-1] {
		n += len(l)
	}
	return n + len(string([]rune(lines[line-1])[:col-1]))
}

// readSARIF reads a log the command wrote, and the findings of its
// results (files relative to dir), with and without a suppression.
func readSARIF(t *testing.T, dir, file string) (log sarifLog, open []exampletest.Finding, silenced []sarifResult) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	root := repoRoot(dir)
	for _, res := range log.Runs[0].Results {
		if len(res.Suppressions) > 0 {
			silenced = append(silenced, res)
			continue
		}
		loc := res.Locations[0].PhysicalLocation
		rel, err := filepath.Rel(dir, filepath.Join(root, filepath.FromSlash(loc.ArtifactLocation.URI)))
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, exampletest.Finding{File: rel, Line: loc.Region.StartLine, Check: res.RuleID})
	}
	return log, exampletest.Sort(open), silenced
}

// TestSARIFSuppressed silences the example's orphandelete finding, which
// has a fix, with a directive (on a copy): the SARIF log holds it as a
// result with an inSource suppression whose justification is the
// directive's reason, without the fix, and every other result says it is
// not suppressed; the text output and exit status are those of a run
// without -sarif, and text, -json and -diff leave the finding out, as
// before. -sarif-suppressed=false writes the log as it was: no silenced
// finding, no suppression state.
func TestSARIFSuppressed(t *testing.T) {
	bin := buildBinary(t)
	dir := exampletest.Copy(t)
	var target exampletest.Finding
	for _, f := range exampletest.Expectations(t, dir) {
		if f.Check == "orphandelete" {
			target = f
		}
	}
	if target.File == "" {
		t.Fatal("the example has no orphandelete finding")
	}
	const reason = "the Job's pods are collected by its TTL controller"
	path := filepath.Join(dir, target.File)
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	lines[target.Line-1] = strings.Replace(lines[target.Line-1], "// expect: orphandelete", "//reconcilecheck:ignore orphandelete "+reason, 1)
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o666); err != nil {
		t.Fatal(err)
	}
	want := exampleWant(t, dir) // without the silenced finding

	file := filepath.Join(t.TempDir(), "out.sarif")
	out, code := exampletest.Run(t, dir, bin, withOptIn("-sarif", file, "./...")...)
	plain, plainCode := exampletest.Run(t, dir, bin, withOptIn("./...")...)
	if code != 1 || code != plainCode || string(out) != string(plain) {
		t.Errorf("-sarif: exit %d, output:\n%s\nwant the exit status (%d) and output of a run without it:\n%s", code, out, plainCode, plain)
	}
	if strings.Contains(string(out), ": orphandelete: ") {
		t.Errorf("the text output shows the silenced finding:\n%s", out)
	}
	validateSARIF(t, file)
	log, open, silenced := readSARIF(t, dir, file)
	exampletest.Diff(t, want, open)
	for _, res := range log.Runs[0].Results {
		if res.Suppressions == nil {
			t.Errorf("result of %s at line %d does not tell its suppression state", res.RuleID, res.Locations[0].PhysicalLocation.Region.StartLine)
		}
	}
	if len(silenced) != 1 {
		t.Fatalf("%d silenced results, want 1: %+v", len(silenced), silenced)
	}
	res := silenced[0]
	if res.RuleID != "orphandelete" || res.Locations[0].PhysicalLocation.Region.StartLine != target.Line {
		t.Errorf("silenced result %s at line %d, want orphandelete at line %d", res.RuleID, res.Locations[0].PhysicalLocation.Region.StartLine, target.Line)
	}
	if want := []sarifSuppression{{Kind: "inSource", Justification: reason}}; !slices.Equal(res.Suppressions, want) {
		t.Errorf("suppressions %+v, want %+v", res.Suppressions, want)
	}
	if len(res.Fixes) != 0 || res.Message.Text == "" || res.Level != "error" {
		t.Errorf("silenced result: %d fixes, message %q, level %q; want no fix, the finding's message and level", len(res.Fixes), res.Message.Text, res.Level)
	}

	// -json and -diff leave it out.
	out, code = exampletest.Run(t, dir, bin, withOptIn("-json", "./...")...)
	if code != 0 {
		t.Fatalf("-json exited %d:\n%s", code, out)
	}
	exampletest.Diff(t, want, exampletest.JSONFindings(t, dir, out))
	if out, _ := exampletest.Run(t, dir, bin, withOptIn("-diff", "./...")...); strings.Contains(string(out), "PropagationPolicy") {
		t.Errorf("-diff offers the silenced finding's fix:\n%s", out)
	}

	// -sarif-suppressed=false: the log of before.
	old := filepath.Join(t.TempDir(), "old.sarif")
	out, code = exampletest.Run(t, dir, bin, withOptIn("-sarif", old, "-sarif-suppressed=false", "./...")...)
	if code != plainCode || string(out) != string(plain) {
		t.Errorf("-sarif-suppressed=false: exit %d, output:\n%s\nwant those of a run without -sarif", code, out)
	}
	validateSARIF(t, old)
	if data, _ := os.ReadFile(old); strings.Contains(string(data), `"suppressions"`) {
		t.Error("-sarif-suppressed=false wrote suppressions")
	}
	_, open, _ = readSARIF(t, dir, old)
	exampletest.Diff(t, want, open)
}
