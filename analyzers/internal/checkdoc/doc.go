// Package checkdoc gives each check one text: its package's doc.go, whose
// "# Analyzer <name>" section is the analyzer's Doc (the pattern of
// golang.org/x/tools/go/analysis/passes). go doc, reconcilecheck help and
// the SARIF rules read the same words, and a test holds the docs pages to
// them.
//
// [MustExtract] (and [Extract], which returns an error instead of
// panicking) gives that section of a doc.go embedded with //go:embed;
// every check calls it for its Analyzer's Doc.
package checkdoc
