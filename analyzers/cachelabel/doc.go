// Package cachelabel defines an Analyzer that reports TODO(cachelabel): the bug, in a
// sentence.
//
// # Analyzer cachelabel
//
// cachelabel: report objects a controller creates or reads without the labels its manager's cache filters that kind by
//
// TODO(cachelabel): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help cachelabel" prints. Its first line, the summary, also
// opens docs/checks/cachelabel.md and is the linter's description.
package cachelabel
