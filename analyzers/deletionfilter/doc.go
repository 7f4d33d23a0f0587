// Package deletionfilter defines an Analyzer that reports TODO(deletionfilter): the bug, in a
// sentence.
//
// # Analyzer deletionfilter
//
// deletionfilter: report an update predicate that passes only spec changes on a type whose finalizer the reconcile removes
//
// TODO(deletionfilter): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help deletionfilter" prints. Its first line, the summary, also
// opens docs/checks/deletionfilter.md and is the linter's description.
package deletionfilter
