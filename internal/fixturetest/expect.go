package fixturetest

// The "// want" syntax and its matching are analysistest's
// (golang.org/x/tools/go/analysis/analysistest, BSD-style licence),
// applied here to go vet's output: the expectations of the analysed
// files, each matched by one diagnostic or fact on its line.

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/scanner"
)

type expectation struct {
	kind string // "diagnostic" or "fact"
	name string // the object a fact is about, or "package"
	rx   *regexp.Regexp
}

type lineKey struct {
	file string
	line int
}

// check reports, as test errors, every diagnostic and fact of r that no
// expectation of r's files matches, and every expectation left unmatched.
// A diagnostic reported in a package and again in its test variant is
// matched once.
func (r *run) check(t testing.TB) {
	t.Helper()
	want := map[lineKey][]expectation{}
	for _, name := range r.files {
		r.expectations(t, name, want)
	}

	type seenKey struct {
		posn     Position
		category string
		message  string
	}
	seen := map[seenKey]bool{}
	var diags []Diagnostic
	for _, res := range r.results {
		for _, d := range res.Diagnostics {
			k := seenKey{d.Posn, d.Category, d.Message}
			if !seen[k] {
				seen[k] = true
				diags = append(diags, d)
			}
		}
	}
	sort.SliceStable(diags, func(i, j int) bool {
		a, b := diags[i].Posn, diags[j].Posn
		if a.Filename != b.Filename {
			return a.Filename < b.Filename
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})

	for _, d := range diags {
		kind, name := "diagnostic", ""
		posn := d.Posn
		if obj, ok := strings.CutPrefix(d.Category, FactCategory); ok {
			kind, name = "fact", obj
			if obj == "package" {
				posn.Line, posn.Column = 1, 1
			}
		}
		k := lineKey{posn.Filename, posn.Line}
		expects := want[k]
		var unmatched []string
		matched := false
		for i, exp := range expects {
			if exp.kind != kind || exp.name != name {
				continue
			}
			if exp.rx.MatchString(d.Message) {
				expects[i] = expects[len(expects)-1]
				want[k] = expects[:len(expects)-1]
				matched = true
				break
			}
			unmatched = append(unmatched, fmt.Sprintf("%#q", exp.rx))
		}
		switch {
		case matched:
		case unmatched == nil:
			t.Errorf("%v: unexpected %s: %v", posn, kind, d.Message)
		default:
			t.Errorf("%v: %s %q does not match pattern %s", posn, kind, d.Message, strings.Join(unmatched, " or "))
		}
	}

	var surplus []string
	for k, expects := range want {
		for _, exp := range expects {
			surplus = append(surplus, fmt.Sprintf("%s:%d: no %s was reported matching %#q", k.file, k.line, exp.kind, exp.rx))
		}
	}
	sort.Strings(surplus)
	for _, s := range surplus {
		t.Errorf("%s", s)
	}
}

// expectations adds the "// want" expectations of the file name to want.
func (r *run) expectations(t testing.TB, name string, want map[lineKey][]expectation) {
	t.Helper()
	add := func(line int, text string) {
		text = strings.TrimSpace(text)
		rest, ok := strings.CutPrefix(text, "want")
		if !ok {
			return
		}
		delta, expects, err := parseExpectations(rest)
		if err != nil {
			t.Errorf("%s:%d: in 'want' comment: %s", name, line, err)
			return
		}
		if expects != nil {
			want[lineKey{name, line + delta}] = expects
		}
	}
	if !strings.HasSuffix(name, ".go") {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Errorf("can't read '// want' comments from %s: %v", name, err)
			return
		}
		for i, line := range strings.Split(string(data), "\n") {
			if j := strings.Index(line, "// want"); j >= 0 {
				line = line[j:]
			}
			if j := strings.Index(line, "//"); j >= 0 {
				add(i+1, line[j+len("//"):])
			}
		}
		return
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		t.Errorf("%v", err)
		return
	}
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			text := strings.TrimPrefix(c.Text, "//")
			if text == c.Text {
				text = strings.TrimPrefix(text, "/*")
				text = strings.TrimSuffix(text, "*/")
			}
			if i := strings.Index(text, "// want"); i >= 0 {
				text = text[i+len("// "):]
			}
			add(fset.Position(c.Pos()).Line, text)
		}
	}
}

// parseExpectations parses the rest of a "// want" comment: diagnostics
// ("rx") and facts (name:"rx"), and a line offset (+N).
func parseExpectations(text string) (lineDelta int, expects []expectation, err error) {
	var scanErr string
	sc := new(scanner.Scanner).Init(strings.NewReader(text))
	sc.Error = func(s *scanner.Scanner, msg string) { scanErr = msg }
	sc.Mode = scanner.ScanIdents | scanner.ScanStrings | scanner.ScanRawStrings | scanner.ScanInts

	scanRegexp := func(tok rune) (*regexp.Regexp, error) {
		if tok != scanner.String && tok != scanner.RawString {
			return nil, fmt.Errorf("got %s, want regular expression", scanner.TokenString(tok))
		}
		pattern, _ := strconv.Unquote(sc.TokenText())
		return regexp.Compile(pattern)
	}
	for {
		tok := sc.Scan()
		switch tok {
		case '+':
			tok = sc.Scan()
			if tok != scanner.Int {
				return 0, nil, fmt.Errorf("got +%s, want +Int", scanner.TokenString(tok))
			}
			lineDelta, _ = strconv.Atoi(sc.TokenText())
		case scanner.String, scanner.RawString:
			rx, err := scanRegexp(tok)
			if err != nil {
				return 0, nil, err
			}
			expects = append(expects, expectation{"diagnostic", "", rx})
		case scanner.Ident:
			name := sc.TokenText()
			if tok = sc.Scan(); tok != ':' {
				return 0, nil, fmt.Errorf("got %s after %s, want ':'", scanner.TokenString(tok), name)
			}
			rx, err := scanRegexp(sc.Scan())
			if err != nil {
				return 0, nil, err
			}
			expects = append(expects, expectation{"fact", name, rx})
		case scanner.EOF:
			if scanErr != "" {
				return 0, nil, fmt.Errorf("%s", scanErr)
			}
			return lineDelta, expects, nil
		default:
			return 0, nil, fmt.Errorf("unexpected %s", scanner.TokenString(tok))
		}
	}
}
