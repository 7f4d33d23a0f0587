package diag

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// DirectivePrefix starts a suppression comment:
//
//	//reconcilecheck:ignore <check>[,<check>...] <reason>
//
// on the reported line, or alone on the line above it. A reason is
// required, so that the next reader knows why the finding does not apply.
const DirectivePrefix = "//reconcilecheck:ignore"

// Directive is one parsed suppression comment.
type Directive struct {
	Pos token.Pos
	End token.Pos
	// Line is the line of the comment; it covers that line (a trailing
	// comment) and the next (a comment above the reported line).
	Line   int
	Checks []string
	Reason string
}

// Names reports whether the directive names check.
func (d *Directive) Names(check string) bool {
	for _, c := range d.Checks {
		if c == check {
			return true
		}
	}
	return false
}

// Directives returns the suppression comments of f.
func Directives(fset *token.FileSet, f *ast.File) []*Directive {
	var out []*Directive
	tf := fset.File(f.FileStart)
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			rest, ok := strings.CutPrefix(c.Text, DirectivePrefix)
			if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
				continue
			}
			// A further "//" starts an ordinary comment, not the reason.
			if i := strings.Index(rest, "//"); i >= 0 {
				rest = rest[:i]
			}
			fields := strings.Fields(rest)
			d := &Directive{Pos: c.Pos(), End: c.End()}
			if tf != nil {
				d.Line = tf.Line(c.Pos())
			}
			if len(fields) > 0 {
				for _, name := range strings.Split(fields[0], ",") {
					if name != "" {
						d.Checks = append(d.Checks, name)
					}
				}
				d.Reason = strings.Join(fields[1:], " ")
			}
			out = append(out, d)
		}
	}
	return out
}

// passes holds, per running analysis pass, the directives of the files it
// reported in and those that suppressed something. The entry lives only
// while the pass runs (WithDirectives removes it), so no syntax tree is
// kept beyond its pass: a long golangci-lint run would otherwise keep the
// syntax of every package it analysed.
var passes sync.Map // *analysis.Pass -> *passDirectives

type passDirectives struct {
	mu    sync.Mutex
	files map[*ast.File][]*Directive
	used  map[*Directive]bool
}

func stateOf(pass *analysis.Pass) *passDirectives {
	v, _ := passes.LoadOrStore(pass, &passDirectives{files: map[*ast.File][]*Directive{}, used: map[*Directive]bool{}})
	return v.(*passDirectives)
}

// of returns the directives of f, parsed once per pass.
func (st *passDirectives) of(fset *token.FileSet, f *ast.File) []*Directive {
	ds, ok := st.files[f]
	if !ok {
		ds = Directives(fset, f)
		st.files[f] = ds
	}
	return ds
}

// suppressedBy returns the well-formed directive naming pass's analyzer
// that covers pos, if any, and records its use.
func suppressedBy(pass *analysis.Pass, pos token.Pos) *Directive {
	f := File(pass, pos)
	if f == nil {
		return nil
	}
	line := pass.Fset.Position(pos).Line
	st := stateOf(pass)
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, d := range st.of(pass.Fset, f) {
		if d.Reason == "" || !d.Names(pass.Analyzer.Name) {
			continue
		}
		if d.Line == line || d.Line == line-1 {
			st.used[d] = true
			return d
		}
	}
	return nil
}

// ReportUnusedDirectives reports the well-formed directives naming pass's
// analyzer that suppressed nothing in this pass: stale suppressions hide
// the next real finding on that line. Call it at the end of a Run; it
// forgets what the pass recorded.
func ReportUnusedDirectives(pass *analysis.Pass) {
	st := stateOf(pass)
	passes.Delete(pass)
	st.mu.Lock()
	defer st.mu.Unlock()
	for _, f := range pass.Files {
		if IsGenerated(pass, f.FileStart) {
			continue
		}
		for _, d := range st.of(pass.Fset, f) {
			if d.Reason == "" || !d.Names(pass.Analyzer.Name) || st.used[d] {
				continue
			}
			pass.Report(analysis.Diagnostic{Pos: d.Pos, End: d.End,
				Message: fmt.Sprintf("this %s directive suppresses no %s finding: remove it, or it will hide the next real one", DirectivePrefix, pass.Analyzer.Name)})
		}
	}
}

// WithDirectives makes a's Run report, at its end, the directives naming a
// that went unused.
func WithDirectives(a *analysis.Analyzer) *analysis.Analyzer {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		defer passes.Delete(pass) // also when Run fails or panics
		res, err := run(pass)
		if err == nil {
			ReportUnusedDirectives(pass)
		}
		return res, err
	}
	return a
}

// LookAlike is a comment that reads like a directive to a person but not
// to reconcilecheck: "// reconcilecheck:ignore", "//ReconcileCheck:ignore",
// "//reconcilecheck: ignore". It suppresses nothing.
type LookAlike struct {
	// Pos and End span the misspelt "//...ignore" prefix of the comment;
	// replacing it with DirectivePrefix gives the directive meant.
	Pos, End token.Pos
	// Problems says what differs from DirectivePrefix, e.g. "with no
	// space after //".
	Problems []string
}

// LookAlikes returns the comments of f that look like a
// //reconcilecheck:ignore directive but are not one.
func LookAlikes(f *ast.File) []LookAlike {
	var out []LookAlike
	for _, cg := range f.Comments {
		for _, c := range cg.List {
			if n, problems := lookAlike(c.Text); n > 0 {
				out = append(out, LookAlike{Pos: c.Pos(), End: c.Pos() + token.Pos(n), Problems: problems})
			}
		}
	}
	return out
}

// lookAlike returns the length of the prefix of the comment text that
// stands for DirectivePrefix, and what is wrong with it; 0 if text is a
// directive or nothing like one.
func lookAlike(text string) (int, []string) {
	rest, ok := strings.CutPrefix(text, "//")
	if !ok {
		return 0, nil // a /* */ comment
	}
	var problems []string
	if r := strings.TrimLeft(rest, " \t"); r != rest {
		problems = append(problems, "with no space after //")
		rest = r
	}
	name, rest, ok := cutFold(rest, "reconcilecheck")
	if !ok {
		return 0, nil
	}
	r := strings.TrimLeft(rest, " \t")
	spaced := r != rest
	rest, ok = strings.CutPrefix(r, ":")
	if !ok {
		return 0, nil // prose: "reconcilecheck ignores..."
	}
	if r := strings.TrimLeft(rest, " \t"); r != rest {
		spaced = true
		rest = r
	}
	verb, rest, ok := cutFold(rest, "ignore")
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return 0, nil // "//reconcilecheck:ignored", another word
	}
	if spaced {
		problems = append(problems, "with no space around the colon")
	}
	if name != "reconcilecheck" || verb != "ignore" {
		problems = append(problems, "in lower case")
	}
	if len(problems) == 0 {
		return 0, nil // a directive
	}
	return len(text) - len(rest), problems
}

// cutFold cuts prefix from s ignoring case, and returns the text cut.
func cutFold(s, prefix string) (cut, rest string, ok bool) {
	if len(s) < len(prefix) || !strings.EqualFold(s[:len(prefix)], prefix) {
		return "", s, false
	}
	return s[:len(prefix)], s[len(prefix):], true
}
