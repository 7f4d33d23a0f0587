package checkdoc

import (
	"strings"
	"testing"
)

const sample = `// Package foo defines an Analyzer.
//
// # Analyzer foo
//
// foo: report foos
//
// Details, with code:
//
//	foo()
//
// # Other
//
// Not part of it.
package foo
`

func TestExtract(t *testing.T) {
	got, err := Extract(sample, "foo")
	if err != nil {
		t.Fatal(err)
	}
	want := "report foos\n\nDetails, with code:\n\n\tfoo()"
	if got != want {
		t.Errorf("Extract = %q, want %q", got, want)
	}
	for _, bad := range []struct{ content, name, msg string }{
		{sample, "bar", `no "# Analyzer bar" section`},
		{"package foo\n", "foo", "no package comment"},
		{"// # Analyzer foo\n//\n// report foos\npackage foo\n", "foo", `must start with "foo: "`},
	} {
		if _, err := Extract(bad.content, bad.name); err == nil || !strings.Contains(err.Error(), bad.msg) {
			t.Errorf("Extract(%q) error = %v, want %q", bad.content, err, bad.msg)
		}
	}
}
