// Package diag is the one place where reconcilecheck's analyzers report:
// it drops diagnostics in generated files and builds the edits of
// suggested fixes that need an import.
//
// # Reporting
//
// [Report] and [Reportf] report a diagnostic unless it lies in a generated
// file ([IsGenerated]) or a //reconcilecheck:ignore directive for the
// pass's analyzer covers it ([DirectivePrefix], [Directives]);
// [Silenced] asks the same before a check reports elsewhere what it found
// (through a fact). [WithDirectives] and [ReportUnusedDirectives] report
// the directives that suppressed nothing; [LookAlikes] finds comments
// that read like a directive but are not one (the directive check).
//
// # Fixes
//
// [PackageName] and [PackageNames] give the name a package can be referred
// to by at a position, with the edits that import it; [Source] and [Text]
// give source text as written (a node's text, a line's indent), so that a
// fix keeps it; [File], [Path], [CallAt], [StoreNode] and [Where] find
// syntax and render positions for messages.
package diag
