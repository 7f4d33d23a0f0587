// Package terminatinglive defines an Analyzer that reports TODO(terminatinglive): the bug, in a
// sentence.
//
// # Analyzer terminatinglive
//
// terminatinglive: report a reconcile that creates children on every path with no test of its object's deletion state
//
// TODO(terminatinglive): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help terminatinglive" prints. Its first line, the summary, also
// opens docs/checks/terminatinglive.md and is the linter's description.
package terminatinglive
