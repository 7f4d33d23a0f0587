// Package directive defines an Analyzer that reports malformed
// //reconcilecheck:ignore suppression comments.
//
// Well-formed directives are honoured by every check (see package diag);
// a check reports the directives naming it that suppressed nothing. This
// analyzer reports the directives no check can honour: without a check
// name, naming a check that does not exist, or without a reason; and the
// comments that look like a directive to a person but are not one
// ("// reconcilecheck:ignore", "//ReconcileCheck:ignore"), with a fix.
package directive

import (
	"fmt"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/diag"
)

const doc = `report malformed //reconcilecheck:ignore directives

A suppression comment must read
	//reconcilecheck:ignore <check>[,<check>...] <reason>
on the reported line or the line above it. One without a check, naming an
unknown check, or without a reason suppresses nothing; this check says so.
So does a comment that only looks like one: "// reconcilecheck:ignore"
(a space after //), "//ReconcileCheck:ignore", "//reconcilecheck: ignore";
its suggested fix rewrites it as a directive.`

// New returns the analyzer; known lists the names of every check.
func New(known func() []string) *analysis.Analyzer {
	return &analysis.Analyzer{
		Name: "directive",
		Doc:  doc,
		URL:  "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/directive.md",
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
