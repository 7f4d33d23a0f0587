// Package immutablefield defines an Analyzer that reports TODO(immutablefield): the bug, in a
// sentence.
//
// # Analyzer immutablefield
//
// immutablefield: report updates and patches that change a field the API server refuses to change
//
// TODO(immutablefield): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help immutablefield" prints. Its first line, the summary, also
// opens docs/checks/immutablefield.md and is the linter's description.
package immutablefield
