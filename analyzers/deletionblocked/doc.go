// Package deletionblocked defines an Analyzer that reports TODO(deletionblocked): the bug, in a
// sentence.
//
// # Analyzer deletionblocked
//
// deletionblocked: report an error a terminating object returns before its deletion branch that stays once a dependency is gone
//
// TODO(deletionblocked): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help deletionblocked" prints. Its first line, the summary, also
// opens docs/checks/deletionblocked.md and is the linter's description.
package deletionblocked
