// Package wholemerge defines an Analyzer that reports TODO(wholemerge): the bug, in a
// sentence.
//
// # Analyzer wholemerge
//
// wholemerge: report merge patches of a whole object read from the server
//
// TODO(wholemerge): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help wholemerge" prints. Its first line, the summary, also
// opens docs/checks/wholemerge.md and is the linter's description.
package wholemerge
