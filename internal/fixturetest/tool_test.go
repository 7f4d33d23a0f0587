package fixturetest

import (
	"bytes"
	"flag"
	"reflect"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

func runNothing(*analysis.Pass) (any, error) { return nil, nil }

// toolLike stands for an analyzer of the fixture tool: a package
// variable whose Run is a declared function.
var toolLike = &analysis.Analyzer{Name: "toolcheck", Doc: "a check of the tool", Run: runNothing}

// literalRun is a package variable whose Run is a function literal of
// its initializer: fixed at compile time too.
var literalRun = &analysis.Analyzer{Name: "literalcheck", Doc: "a check with a literal Run", Run: func(*analysis.Pass) (any, error) { return nil, nil }}

// newLike builds an analyzer named as the tool's, its Run a closure over
// known, as directive.New does.
func newLike(known []string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "toolcheck",
		Doc:  "a check of the tool",
		Run: func(*analysis.Pass) (any, error) {
			_ = known
			return nil, nil
		},
	}
}

// builtAtInit is built by the constructor in a package initializer: still
// a closure over what it was given.
var builtAtInit = newLike([]string{"a"})

type runner struct{ n int }

func (r *runner) run(*analysis.Pass) (any, error) { return r.n, nil }

func listOf(t *testing.T, as ...*analysis.Analyzer) map[string]string {
	t.Helper()
	var buf bytes.Buffer
	if err := WriteList(&buf, as); err != nil {
		t.Fatal(err)
	}
	list, err := ParseList(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func TestInTool(t *testing.T) {
	list := listOf(t, toolLike, literalRun)

	otherDoc := *toolLike
	otherDoc.Doc = "another Doc"
	withFlag := *toolLike
	withFlag.Flags = *flag.NewFlagSet("toolcheck", flag.ContinueOnError)
	withFlag.Flags.Bool("all", false, "")
	otherReq := *toolLike
	otherReq.Requires = []*analysis.Analyzer{literalRun}
	methodValue := *toolLike
	methodValue.Run = (&runner{n: 1}).run
	noRun := *toolLike
	noRun.Run = nil

	for _, tc := range []struct {
		name string
		a    *analysis.Analyzer
		want bool
		why  string
	}{
		{"the tool's analyzer", toolLike, true, ""},
		{"a literal Run of a package variable", literalRun, true, ""},
		{"a copy with the same Run", func() *analysis.Analyzer { c := *toolLike; return &c }(), true, ""},
		{"a name the tool lacks", &analysis.Analyzer{Name: "mine", Doc: "x", Run: runNothing}, false, "has no analyzer mine"},
		{"the name with another Doc", &otherDoc, false, "is not the fixture tool's"},
		{"the name with another flag", &withFlag, false, "is not the fixture tool's"},
		{"the name with another requirement", &otherReq, false, "is not the fixture tool's"},
		{"a constructor's closure", newLike([]string{"notfounderr"}), false, "made at run time"},
		{"a constructor's closure at package init", builtAtInit, false, "made at run time"},
		{"a method value", &methodValue, false, "made at run time"},
		{"no Run", &noRun, false, "made at run time"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, why := InTool(list, tc.a)
			if got != tc.want || !strings.Contains(why, tc.why) {
				t.Errorf("InTool = %v, %q; want %v, containing %q", got, why, tc.want, tc.why)
			}
		})
	}
}

// The registry gives every check an enable flag in the tool only; the
// fingerprint leaves it out, and vetFlags does not pass it on.
func TestToolFlags(t *testing.T) {
	plain := &analysis.Analyzer{Name: "c", Doc: "d", Run: runNothing}
	gated := &analysis.Analyzer{Name: "c", Doc: "d", Run: runNothing}
	gated.Flags.Bool("enable", false, "")
	if Fingerprint(plain) != Fingerprint(gated) {
		t.Errorf("the enable flag changes the fingerprint")
	}
	gated.Flags.Bool("all", false, "")
	gated.Flags.String("mode", "a", "")
	if Fingerprint(plain) == Fingerprint(gated) {
		t.Errorf("another flag does not change the fingerprint")
	}
	if got := vetFlags(gated); len(got) != 0 {
		t.Errorf("vetFlags with defaults = %q, want none", got)
	}
	for name, v := range map[string]string{"enable": "true", "all": "true", "mode": "b"} {
		if err := gated.Flags.Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := vetFlags(gated), []string{"-c.all=true", "-c.mode=b"}; !slices.Equal(got, want) {
		t.Errorf("vetFlags = %q, want %q", got, want)
	}
}

func TestParseList(t *testing.T) {
	got, err := ParseList([]byte("a 0123\nb 4567\n\n"))
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"a": "0123", "b": "4567"}; !reflect.DeepEqual(got, want) {
		t.Errorf("ParseList = %v, want %v", got, want)
	}
	for _, bad := range []string{"", "a\n", "a 1 2\n", "a 1\na 2\n", " 1\n"} {
		if _, err := ParseList([]byte(bad)); err == nil {
			t.Errorf("ParseList(%q) succeeded", bad)
		}
	}
}

func TestStaticFunc(t *testing.T) {
	for _, tc := range []struct {
		f    any
		want bool
	}{
		{runNothing, true},
		{literalRun.Run, true},
		{(*runner).run, true}, // a method expression
		{builtAtInit.Run, false},
		{newLike(nil).Run, false},
		{(&runner{}).run, false},
		{nil, false},
		{42, false},
	} {
		if sym, got := staticFunc(tc.f); got != tc.want {
			t.Errorf("staticFunc(%s) = %v, want %v", sym, got, tc.want)
		}
	}
}
