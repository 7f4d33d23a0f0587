package fixturetest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestMergeEdits(t *testing.T) {
	e := func(start, end int, s string) Edit { return Edit{Filename: "f", Start: start, End: end, New: s} }
	for _, tc := range []struct {
		name   string
		x, y   []Edit
		want   []Edit
		wantOK bool
	}{
		{"identical edits once", []Edit{e(1, 2, "a")}, []Edit{e(1, 2, "a")}, []Edit{e(1, 2, "a")}, true},
		{"disjoint, sorted", []Edit{e(5, 6, "b")}, []Edit{e(1, 2, "a")}, []Edit{e(1, 2, "a"), e(5, 6, "b")}, true},
		{"insertions at one point", []Edit{e(3, 3, "a")}, []Edit{e(3, 3, "a")}, []Edit{e(3, 3, "a")}, true},
		{"unequal replacements of one span", []Edit{e(1, 4, "a")}, []Edit{e(1, 4, "b")}, nil, false},
		{"overlapping, one partly before", []Edit{e(1, 4, "")}, []Edit{e(2, 4, "")}, []Edit{e(1, 2, ""), e(2, 4, "")}, true},
	} {
		got, ok := mergeEdits(tc.x, tc.y)
		if ok != tc.wantOK || (ok && !slices.Equal(got, tc.want)) {
			t.Errorf("%s: mergeEdits = %v, %v; want %v, %v", tc.name, got, ok, tc.want, tc.wantOK)
		}
	}
}

// fixture writes name and its golden twin in dir and returns its path.
func fixture(t *testing.T, dir, name, src, golden string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(src), 0o666); err != nil {
		t.Fatal(err)
	}
	if golden != "" {
		if err := os.WriteFile(path+".golden", []byte(golden), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

const fixSrc = `package a

import "strings"

func F() string { return strings.ToUpper("x") + old }
`

// fixOf replaces the first occurrence of from in src with to.
func fixOf(file, src, message, from, to string) Fix {
	i := strings.Index(src, from)
	return Fix{Message: message, Edits: []Edit{{Filename: file, Start: i, End: i + len(from), New: to}}}
}

// checkFixes applies the fixes of each package, drops the imports they
// leave unused, and compares with the golden file, whole or by message.
func TestCheckFixes(t *testing.T) {
	dir := t.TempDir()
	whole := fixture(t, dir, "whole.go", fixSrc, `package a

func F() string { return "X" + new }
`)
	sections := fixture(t, dir, "sections.go", fixSrc, `-- use new --
package a

import "strings"

func F() string { return strings.ToUpper("x") + new }
-- inline --
package a

func F() string { return "X" + old }
`)
	wrong := fixture(t, dir, "wrong.go", fixSrc, `package a

func F() string { return "X" + newer }
`)
	unfixed := fixture(t, dir, "unfixed.go", fixSrc, strings.Replace(fixSrc, "old", "new", 1))
	same := fixture(t, dir, "same.go", fixSrc, fixSrc)

	diag := func(file string, fixes ...Fix) Diagnostic {
		return Diagnostic{Posn: Position{file, 5, 1}, Message: "m", Fixes: fixes}
	}
	r := &run{
		files: []string{same, sections, unfixed, whole, wrong},
		names: map[string]string{"strings": "strings"},
		results: []*Result{{Pkg: "fixtures/a", Diagnostics: []Diagnostic{
			diag(whole, fixOf(whole, fixSrc, "use new", "old", "new")),
			diag(whole, fixOf(whole, fixSrc, "inline", `strings.ToUpper("x")`, `"X"`)),
			diag(sections, fixOf(sections, fixSrc, "use new", "old", "new")),
			diag(sections, fixOf(sections, fixSrc, "inline", `strings.ToUpper("x")`, `"X"`)),
			diag(wrong, fixOf(wrong, fixSrc, "use new", "old", "new"), fixOf(wrong, fixSrc, "inline", `strings.ToUpper("x")`, `"X"`)),
		}}},
	}
	rec := &recorder{TB: t}
	r.checkFixes(rec)
	if len(rec.errors) != 2 {
		t.Fatalf("errors: %q, want 2 (wrong.go's content, unfixed.go's fix)", rec.errors)
	}
	if e := rec.errors[0]; !strings.Contains(e, "unexpected "+wrong+" content") || !strings.Contains(e, `"X" + new }`) || !strings.Contains(e, "newer") {
		t.Errorf("wrong.go: %s", e)
	}
	if e := rec.errors[1]; e != "unfixed.go: its golden file shows fixes, but no suggested fix was offered" {
		t.Errorf("unfixed.go: %s", e)
	}
}

// Fixes that edit the same span differently conflict.
func TestCheckFixesConflict(t *testing.T) {
	dir := t.TempDir()
	file := fixture(t, dir, "c.go", fixSrc, strings.Replace(fixSrc, "old", "new", 1))
	r := &run{
		files: []string{file},
		results: []*Result{{Pkg: "fixtures/a", Diagnostics: []Diagnostic{
			{Posn: Position{file, 5, 1}, Fixes: []Fix{fixOf(file, fixSrc, "a", "old", "new")}},
			{Posn: Position{file, 5, 1}, Fixes: []Fix{fixOf(file, fixSrc, "b", "old", "newer")}},
		}}},
	}
	rec := &recorder{TB: t}
	r.checkFixes(rec)
	if len(rec.errors) == 0 || !strings.Contains(rec.errors[0], "conflict applying fix") {
		t.Errorf("errors: %q, want a conflict", rec.errors)
	}
}
