// Package suppressed carries the findings that a //reconcilecheck:ignore
// directive silences from the analyzers to the standalone command, which
// writes them to its SARIF log as suppressed results (kind inSource, the
// directive's reason as the justification), so that a suppression shows
// in review, and leaves them out of everything else.
//
// Only the analyzers know which directive silenced which finding (diag
// matches them as it reports), and all the command sees of their work is
// go vet's -json output: so a silenced finding is reported as any other,
// marked by its category, which that output carries, with the reason in
// it. And only the command knows what to do with the mark: go vet
// -vettool's text, go fix and golangci-lint show every diagnostic they
// get. So the analyzers report silenced findings only when the vet tool is
// asked to with a flag that the command passes on every run (one set of
// flags, one cached analysis for text, -json, -fix and -sarif); elsewhere
// a silenced finding stays unreported, as it always was. Its fixes are
// dropped: a finding the code's authors set aside is not to be fixed,
// whoever applies fixes.
package suppressed

import (
	"strings"
	"sync/atomic"
)

// prefix starts the category of a silenced diagnostic; the directive's
// reason follows.
const prefix = "reconcilecheck:ignore "

var reporting atomic.Bool

// Report turns the reporting of silenced findings on or off for the
// process; it is off unless the vet tool's flag turns it on.
func Report(on bool) { reporting.Store(on) }

// Reporting reports whether silenced findings are reported.
func Reporting() bool { return reporting.Load() }

// Category is the category of a finding silenced for reason.
func Category(reason string) string { return prefix + reason }

// Reason returns the reason of a silenced finding's category; ok is false
// for any other category.
func Reason(category string) (reason string, ok bool) {
	return strings.CutPrefix(category, prefix)
}
