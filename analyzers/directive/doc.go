// Package directive defines an Analyzer that reports malformed
// //reconcilecheck:ignore suppression comments.
//
// Well-formed directives are honoured by every check (see package diag);
// a check reports the directives naming it that suppressed nothing. This
// analyzer reports the directives no check can honour: without a check
// name, naming a check that does not exist, or without a reason; and the
// comments that look like a directive to a person but are not one
// ("// reconcilecheck:ignore", "//ReconcileCheck:ignore"), with a fix.
//
// # Analyzer directive
//
// directive: report malformed //reconcilecheck:ignore directives
//
// A suppression comment must read
//
//	//reconcilecheck:ignore <check>[,<check>...] <reason>
//
// on the reported line or the line above it. One without a check, naming an
// unknown check, or without a reason suppresses nothing; this check says so.
// So does a comment that only looks like one: "// reconcilecheck:ignore"
// (a space after //), "//ReconcileCheck:ignore", "//reconcilecheck: ignore";
// its suggested fix rewrites it as a directive.
package directive
