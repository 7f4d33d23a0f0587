// Package cleanupnotfound defines an Analyzer that reports TODO(cleanupnotfound): the bug, in a
// sentence.
//
// # Analyzer cleanupnotfound
//
// cleanupnotfound: report a NotFound error a finalizer's cleanup returns before the finalizer is removed
//
// TODO(cleanupnotfound): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help cleanupnotfound" prints. Its first line, the summary, also
// opens docs/checks/cleanupnotfound.md and is the linter's description.
package cleanupnotfound
