package registry_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

const docsURL = "https://github.com/reconcilecheck/reconcilecheck/blob/main/docs/checks/"

// Every check has a valid analyzer, a page in docs/checks with the
// sections users look for, a URL pointing at it, and a row in the README
// and the docs index.
func TestEveryCheckIsDocumented(t *testing.T) {
	if err := analysis.Validate(registry.Analyzers()); err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	index, err := os.ReadFile(filepath.Join("..", "..", "docs", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, c := range registry.Checks() {
		a := c.Analyzer
		if seen[a.Name] {
			t.Errorf("check %s is registered twice", a.Name)
		}
		seen[a.Name] = true
		if c.Catalogue == "" {
			t.Errorf("check %s names no catalogue item", a.Name)
		}
		if a.URL != docsURL+a.Name+".md" {
			t.Errorf("check %s: URL %q, want %q", a.Name, a.URL, docsURL+a.Name+".md")
		}
		if summary, _, _ := strings.Cut(a.Doc, "\n"); summary == "" || strings.HasSuffix(summary, ".") {
			t.Errorf("check %s: the first line of Doc must be a one-line summary without a final period, got %q", a.Name, summary)
		}
		page, err := os.ReadFile(filepath.Join("..", "..", "docs", "checks", a.Name+".md"))
		if err != nil {
			t.Errorf("check %s has no page: %v", a.Name, err)
			continue
		}
		// The page opens with the analyzer's own summary (its doc.go),
		// so that the two cannot drift apart.
		summary, _, _ := strings.Cut(a.Doc, "\n")
		if want := "# " + a.Name + "\n\n> " + a.Name + ": " + summary + "\n"; !strings.HasPrefix(string(page), want) {
			t.Errorf("docs/checks/%s.md must start with %q (the summary in the check's doc.go)", a.Name, want)
		}
		if c.Level != registry.Error && c.Level != registry.Warning {
			t.Errorf("check %s has level %q, want error or warning", a.Name, c.Level)
		}
		if want := "\n**Level:** " + string(c.Level) + " — "; !strings.Contains(string(page), want) {
			t.Errorf("docs/checks/%s.md has no line starting %q (its level in the registry)", a.Name, strings.TrimSpace(want))
		}
		lower := strings.ToLower(string(page))
		for _, section := range []string{"what it finds", "why it matters", "bad", "good", "fix", "suppress", "flags"} {
			if !strings.Contains(lower, section) {
				t.Errorf("docs/checks/%s.md has no %q section", a.Name, section)
			}
		}
		if !strings.Contains(string(readme), a.Name) {
			t.Errorf("README.md does not list check %s", a.Name)
		}
		if !strings.Contains(string(index), a.Name) {
			t.Errorf("docs/README.md does not list check %s", a.Name)
		}
	}
}

// The README's Levels section names exactly the warning checks.
func TestReadmeLevels(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n### Levels\n")
	section, _, _ = strings.Cut(section, "\n## ")
	_, list, ok := strings.Cut(section, "The warning checks\n  are:")
	if !ok {
		_, list, ok = strings.Cut(section, "The warning checks are:")
	}
	list, _, _ = strings.Cut(list, ".")
	if !ok {
		t.Fatal("README.md's Levels section does not list the warning checks")
	}
	var got, want []string
	for _, n := range strings.Split(list, ",") {
		got = append(got, strings.TrimSpace(n))
	}
	for _, c := range registry.Checks() {
		if c.Level == registry.Warning {
			want = append(want, c.Analyzer.Name)
		}
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("README.md's warning checks: %v, want (catalogue order) %v", got, want)
	}
}

// The example's README links each catalogue item to the check's page in
// this repository, and every relative link there resolves.
func TestExampleReadmeLinksToDocs(t *testing.T) {
	dir := filepath.Join("..", "..", "testdata", "example")
	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range registry.Checks() {
		if c.Catalogue == "-" {
			continue
		}
		link := "](../../docs/checks/" + c.Analyzer.Name + ".md)"
		if !strings.Contains(string(readme), link) {
			t.Errorf("testdata/example/README.md does not link %s to its page (%s)", c.Analyzer.Name, link)
		}
	}
	for _, m := range regexp.MustCompile(`\]\(([^)#:]+)\)`).FindAllStringSubmatch(string(readme), -1) {
		if _, err := os.Stat(filepath.Join(dir, m[1])); err != nil {
			t.Errorf("testdata/example/README.md: broken link %s", m[1])
		}
	}
}
