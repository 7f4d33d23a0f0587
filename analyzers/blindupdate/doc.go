// Package blindupdate defines an Analyzer that reports TODO(blindupdate): the bug, in a
// sentence.
//
// # Analyzer blindupdate
//
// blindupdate: report updates of objects built in the reconcile and never read, which carry no resourceVersion
//
// TODO(blindupdate): what the check reports, what goes wrong at run time, and
// how to fix it, in a paragraph: this section is the check's Doc, which
// "reconcilecheck help blindupdate" prints. Its first line, the summary, also
// opens docs/checks/blindupdate.md and is the linter's description.
package blindupdate
