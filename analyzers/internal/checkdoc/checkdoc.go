package checkdoc

import (
	"fmt"
	"go/parser"
	"go/token"
	"strings"
)

// MustExtract returns the "# Analyzer name" section of the package comment
// in content (a doc.go embedded with //go:embed), without the "name: "
// that starts it: a summary line, a blank line, the details. It panics
// when the section is missing, so a check without its text fails at
// start-up and in every test.
func MustExtract(content, name string) string {
	doc, err := Extract(content, name)
	if err != nil {
		panic(err)
	}
	return doc
}

// Extract is MustExtract returning an error.
func Extract(content, name string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", content, parser.ParseComments|parser.PackageClauseOnly)
	if err != nil {
		return "", fmt.Errorf("checkdoc: %s: %w", name, err)
	}
	if f.Doc == nil {
		return "", fmt.Errorf("checkdoc: %s: doc.go has no package comment", name)
	}
	text := "\n" + f.Doc.Text()
	header := "\n# Analyzer " + name + "\n"
	_, rest, ok := strings.Cut(text, header)
	if !ok {
		return "", fmt.Errorf("checkdoc: %s: package comment has no %q section", name, strings.TrimSpace(header))
	}
	if i := strings.Index(rest, "\n# "); i >= 0 {
		rest = rest[:i] // the next section
	}
	rest = strings.TrimSpace(rest)
	prefix := name + ": "
	if !strings.HasPrefix(rest, prefix) {
		return "", fmt.Errorf("checkdoc: %s: the %q section must start with %q", name, strings.TrimSpace(header), prefix)
	}
	return rest[len(prefix):], nil
}
