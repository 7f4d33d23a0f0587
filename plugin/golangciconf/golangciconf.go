// Package golangciconf writes the .golangci.yml entries of reconcilecheck's
// per-check linters (see package plugin): which linters to enable, a
// custom entry per check with its description, page and flags, and the
// severity rules that give each check its level. The command prints them
// (reconcilecheck -golangci-config); docs/golangci.yml and the example's
// configuration are held to them by tests.
package golangciconf

import (
	"flag"
	"fmt"
	"strings"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// Header opens the generated text.
const Header = `# reconcilecheck: one golangci-lint linter per check.
# Written by "reconcilecheck -golangci-config"; merge these keys into your
# .golangci.yml. The linters need a golangci-lint built with the
# reconcilecheck plugin (.custom-gcl.yml, or tools/golangci-lint).
# Checks that ship off are commented out: uncomment both lines to run one.
`

// Generate returns the configuration for the registry's checks.
func Generate() string {
	var b strings.Builder
	b.WriteString(Header)
	b.WriteString("version: \"2\"\nlinters:\n  enable:\n")
	checks := registry.Checks()
	for _, c := range checks {
		fmt.Fprintf(&b, "    %s- %s\n", offPrefix(c), c.Analyzer.Name)
	}
	b.WriteString("  settings:\n    custom:\n")
	for _, c := range checks {
		a := c.Analyzer
		p := "      " + offPrefix(c)
		if c.Off != "" {
			fmt.Fprintf(&b, "      # %s is off by default: %s\n", a.Name, c.Off)
		}
		fmt.Fprintf(&b, "%s%s:\n", p, a.Name)
		fmt.Fprintf(&b, "%s  type: module\n", p)
		fmt.Fprintf(&b, "%s  description: %q\n", p, Summary(a.Doc))
		fmt.Fprintf(&b, "%s  original-url: %s\n", p, a.URL)
		first := true
		a.Flags.VisitAll(func(f *flag.Flag) {
			if f.Name == "enable" {
				return // listing the linter is enabling the check
			}
			if first {
				fmt.Fprintf(&b, "%s  settings:\n", p)
				first = false
			}
			usage, _, _ := strings.Cut(f.Usage, "\n")
			fmt.Fprintf(&b, "%s    %s: %s # %s\n", p, f.Name, f.DefValue, usage)
		})
	}
	b.WriteString("severity:\n  default: error\n  rules:\n    - severity: warning\n      linters:\n")
	for _, c := range checks {
		if c.Level == registry.Warning {
			fmt.Fprintf(&b, "        - %s\n", c.Analyzer.Name)
		}
	}
	b.WriteString("issues:\n  uniq-by-line: false # every issue of a line, so a bad directive shows next to its finding\n")
	return b.String()
}

func offPrefix(c registry.Check) string {
	if c.Off != "" {
		return "# "
	}
	return ""
}

// Summary is the first line of an analyzer's Doc.
func Summary(doc string) string {
	s, _, _ := strings.Cut(doc, "\n")
	return s
}
