package directive

import (
	_ "embed"
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/checkdoc"
	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
)

//go:embed doc.go
var doc string

// New returns the analyzer; known lists the names of every check.
func New(known func() []string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "directive",
		Doc:  checkdoc.MustExtract(doc, "directive"),
		Run: func(pass *analysis.Pass) (any, error) {
			names := map[string]bool{}
			for _, n := range known() {
				names[n] = true
			}
			for _, f := range pass.Files {
				if diag.IsGenerated(pass, f.FileStart) {
					continue
				}
				for _, la := range diag.LookAlikes(f) {
					pass.Report(analysis.Diagnostic{
						Pos: la.Pos, End: la.End,
						Message: fmt.Sprintf("this is not a directive: write %s <check> <reason> %s", diag.DirectivePrefix, strings.Join(la.Problems, ", ")),
						SuggestedFixes: []analysis.SuggestedFix{{
							Message:   "Rewrite as " + diag.DirectivePrefix,
							TextEdits: []analysis.TextEdit{{Pos: la.Pos, End: la.End, NewText: []byte(diag.DirectivePrefix)}},
						}},
					})
				}
				for _, d := range diag.Directives(pass.Fset, f) {
					if msg := check(d, names); msg != "" {
						pass.Report(analysis.Diagnostic{Pos: d.Pos, End: d.End, Message: msg})
					}
				}
			}
			return nil, nil
		},
	}
}

func check(d *diag.Directive, names map[string]bool) string {
	if len(d.Checks) == 0 {
		return fmt.Sprintf("%s needs a check name and a reason: %s <check> <reason>", diag.DirectivePrefix, diag.DirectivePrefix)
	}
	var unknown []string
	for _, c := range d.Checks {
		if !names[c] {
			unknown = append(unknown, fmt.Sprintf("%q", c))
		}
	}
	if len(unknown) > 0 {
		return fmt.Sprintf("%s names unknown check %s, so it suppresses nothing; run 'reconcilecheck help' for the list", diag.DirectivePrefix, strings.Join(unknown, ", "))
	}
	if d.Reason == "" {
		return fmt.Sprintf("%s %s needs a reason after the check name; without one it suppresses nothing", diag.DirectivePrefix, strings.Join(d.Checks, ","))
	}
	return ""
}
