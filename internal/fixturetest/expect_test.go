package fixturetest

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// recorder is a testing.TB that keeps the errors reported to it.
type recorder struct {
	testing.TB
	errors []string
}

func (r *recorder) Helper() {}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func TestParseExpectations(t *testing.T) {
	for _, tc := range []struct {
		text  string
		delta int
		want  []string // kind name rx
		err   string
	}{
		{text: ` "a b"`, want: []string{"diagnostic  a b"}},
		{text: " `x\\.y` \"z\"", want: []string{`diagnostic  x\.y`, "diagnostic  z"}},
		{text: " Foo:`fact.*` package:\"p\"", want: []string{"fact Foo fact.*", "fact package p"}},
		{text: ` +2 "later"`, delta: 2, want: []string{"diagnostic  later"}},
		{text: ""},
		{text: ` "("`, err: "missing closing )"},
		{text: ` Foo "x"`, err: "want ':'"},
		{text: ` +x`, err: "want +Int"},
		{text: ` 42`, err: "unexpected"},
		{text: ` Foo:42`, err: "want regular expression"},
	} {
		delta, expects, err := parseExpectations(tc.text)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parseExpectations(%q) error = %v, want %q", tc.text, err, tc.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("parseExpectations(%q): %v", tc.text, err)
			continue
		}
		var got []string
		for _, e := range expects {
			got = append(got, e.kind+" "+e.name+" "+e.rx.String())
		}
		if delta != tc.delta || !slices.Equal(got, tc.want) {
			t.Errorf("parseExpectations(%q) = %d, %q; want %d, %q", tc.text, delta, got, tc.delta, tc.want)
		}
	}
}

// check matches go vet's diagnostics and facts with the "// want"
// comments of the analysed files, Go or not, and reports the rest.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	goFile := filepath.Join(dir, "a.go")
	src := `package a

func F() {} // want F:"fact of F" "found F"

func G() {} // want "found G" "found G twice"

// want +1 "below"
func H() {}

func I() {} // want "never reported"

/* want "in a block" */
`
	other := filepath.Join(dir, "role.yaml")
	yaml := "kind: Role # // want \"yaml finding\"\n"
	for name, content := range map[string]string{goFile: src, other: yaml} {
		if err := os.WriteFile(name, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	at := func(file string, line int) Position { return Position{file, line, 1} }
	r := &run{
		files: []string{goFile, other},
		results: []*Result{
			{Pkg: "fixtures/a", Diagnostics: []Diagnostic{
				{Posn: at(goFile, 3), Message: "found F"},
				{Posn: at(goFile, 3), Category: FactCategory + "F", Message: "fact of F"},
				{Posn: at(goFile, 5), Message: "found G"},
				{Posn: at(goFile, 8), Message: "below"},
				{Posn: at(goFile, 12), Message: "in a block"},
				{Posn: at(goFile, 1), Category: FactCategory + "package", Message: "a package fact"},
				{Posn: at(other, 1), Message: "yaml finding"},
			}},
			// The test variant of the package reports the same again:
			// matched once.
			{Pkg: "fixtures/a [fixtures/a.test]", Diagnostics: []Diagnostic{
				{Posn: at(goFile, 3), Message: "found F"},
				{Posn: at(goFile, 8), Message: "belowish"},
				{Posn: at(goFile, 10), Message: "something else"},
			}},
		},
	}
	rec := &recorder{TB: t}
	r.check(rec)
	want := []string{
		goFile + ":1:1: unexpected fact: a package fact",
		goFile + ":8:1: unexpected diagnostic: belowish",
		goFile + `:10:1: diagnostic "something else" does not match pattern ` + "`never reported`",
		goFile + ":10: no diagnostic was reported matching `never reported`",
		goFile + ":5: no diagnostic was reported matching `found G twice`",
	}
	slices.Sort(rec.errors)
	slices.Sort(want)
	if !slices.Equal(rec.errors, want) {
		t.Errorf("errors:\n%s\nwant:\n%s", strings.Join(rec.errors, "\n"), strings.Join(want, "\n"))
	}
}

// parseVet keeps the named analyzer's findings, by package, and fails on
// an analyzer's error.
func TestParseVet(t *testing.T) {
	out := `{
	"fixtures/a": {
		"mycheck": [
			{"posn": "/m/a/a.go:3:2", "message": "first", "suggested_fixes": [{"message": "fix it", "edits": [{"filename": "/m/a/a.go", "start": 10, "end": 12, "new": "x"}]}]},
			{"posn": "/m/a/a.go:5:1", "category": "fact:F", "message": "a fact"}
		],
		"other": [{"posn": "/m/a/a.go:3:2", "message": "not mine"}]
	}
}
{
	"fixtures/b": {"mycheck": [{"posn": "/m/b/b.go:1:1", "message": "second"}]}
}
`
	results, err := parseVet([]byte(out), "mycheck")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range results {
		for _, d := range r.Diagnostics {
			got = append(got, fmt.Sprintf("%s %v %s %s %d", r.Pkg, d.Posn, d.Category, d.Message, len(d.Fixes)))
		}
	}
	want := []string{
		"fixtures/a /m/a/a.go:3:2  first 1",
		"fixtures/a /m/a/a.go:5:1 fact:F a fact 0",
		"fixtures/b /m/b/b.go:1:1  second 0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("parseVet = %q, want %q", got, want)
	}
	if e := results[0].Diagnostics[0].Fixes[0].Edits[0]; e != (Edit{Filename: "/m/a/a.go", Start: 10, End: 12, New: "x"}) {
		t.Errorf("edit = %+v", e)
	}

	if _, err := parseVet([]byte(`{"fixtures/a": {"mycheck": {"error": "boom"}}}`), "mycheck"); err == nil || !strings.Contains(err.Error(), "boom") {
		t.Errorf("an analyzer's error: got %v", err)
	}
}
