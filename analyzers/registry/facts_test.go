package registry_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// TestFactsDocumented: every fact type of the checks and of the layers
// they require has its row in docs/internals.md's table of facts, and
// every row names a fact type that exists.
func TestFactsDocumented(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "internals.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "\n## Facts\n")
	if !ok {
		t.Fatal("docs/internals.md has no ## Facts section")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	seen := map[*analysis.Analyzer]bool{}
	facts := map[string]bool{}
	var visit func(a *analysis.Analyzer)
	visit = func(a *analysis.Analyzer) {
		if seen[a] {
			return
		}
		seen[a] = true
		for _, f := range a.FactTypes {
			facts[reflect.TypeOf(f).Elem().String()] = true // "rbacgrant.Reach"
		}
		for _, r := range a.Requires {
			visit(r)
		}
	}
	for _, a := range registry.Analyzers() {
		visit(a)
	}
	visit(registry.Map()) // no check, but its facts are the suite's too
	if len(facts) < 10 {
		t.Fatalf("only %d fact types found", len(facts))
	}
	for f := range facts {
		if !strings.Contains(table, "\n| `"+f+"` |") {
			t.Errorf("fact type %s has no row in docs/internals.md's ## Facts table", f)
		}
	}
	for _, line := range strings.Split(table, "\n") {
		if name, ok := strings.CutPrefix(line, "| `"); ok {
			name, _, _ = strings.Cut(name, "`")
			if !facts[name] {
				t.Errorf("docs/internals.md lists fact %s, which no analyzer declares", name)
			}
		}
	}
}

// TestLayerUsers: the "Used by" list of each shared analyzer's row in
// docs/internals.md names exactly the check packages that import it.
func TestLayerUsers(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "internals.md"))
	if err != nil {
		t.Fatal(err)
	}
	importers := map[string]map[string]bool{} // layer -> checks
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "internal" || e.Name() == "registry" {
			continue
		}
		files, _ := filepath.Glob(filepath.Join("..", e.Name(), "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range file.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				if layer, ok := strings.CutPrefix(path, "github.com/reconcilecheck/reconcilecheck/analyzers/internal/"); ok {
					if importers[layer] == nil {
						importers[layer] = map[string]bool{}
					}
					importers[layer][e.Name()] = true
				}
			}
		}
	}
	rows := 0
	for _, line := range strings.Split(string(doc), "\n") {
		layer, rest, ok := strings.Cut(strings.TrimPrefix(line, "| `"), "` | `analyzers/internal/")
		if !ok || !strings.HasPrefix(line, "| `") {
			continue
		}
		_, used, ok := strings.Cut(rest, "Used by ")
		if !ok {
			continue
		}
		rows++
		used, _, _ = strings.Cut(used, ".")
		got := map[string]bool{}
		for _, part := range strings.Split(strings.ReplaceAll(used, " and ", ", "), ", ") {
			name, _, _ := strings.Cut(strings.TrimSpace(part), " (")
			got[name] = true
		}
		want := importers[layer]
		for n := range want {
			if !got[n] {
				t.Errorf("docs/internals.md: the row of %s does not list %s, which imports it", layer, n)
			}
		}
		for n := range got {
			if !want[n] {
				t.Errorf("docs/internals.md: the row of %s lists %s, which does not import it", layer, n)
			}
		}
	}
	if rows < 4 {
		t.Fatalf("only %d rows with a Used by list", rows)
	}
}
