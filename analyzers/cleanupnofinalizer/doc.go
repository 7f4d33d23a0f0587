// Package cleanupnofinalizer defines an Analyzer that reports TODO(cleanupnofinalizer): the bug, in a
// sentence.
//
// # Analyzer cleanupnofinalizer
//
// cleanupnofinalizer: report deletion cleanup on a type the module never gives a finalizer
//
// TODO(cleanupnofinalizer): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help cleanupnofinalizer" prints. Its first line, the summary, also
// opens docs/checks/cleanupnofinalizer.md and is the linter's description.
package cleanupnofinalizer
