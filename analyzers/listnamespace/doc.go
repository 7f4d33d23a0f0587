// Package listnamespace defines an Analyzer that reports TODO(listnamespace): the bug, in a
// sentence.
//
// # Analyzer listnamespace
//
// listnamespace: report a List by labels with no namespace in the reconcile of a namespaced object whose items are then written or deleted
//
// TODO(listnamespace): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help listnamespace" prints. Its first line, the summary, also
// opens docs/checks/listnamespace.md and is the linter's description.
package listnamespace
