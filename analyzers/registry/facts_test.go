package registry_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// TestLayerUsers: docs/internals.md's "## Who uses which layer" table
// names, for each layer under analyzers/internal that a check imports,
// exactly the check packages that import it, and has no row for a layer
// no check imports. A row is "| `layer` | check, check |"; the list may be
// "every check" or "every check but check, check", and a layer may take
// several rows, whose lists add up.
func TestLayerUsers(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "internals.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, table, ok := strings.Cut(string(doc), "\n## Who uses which layer\n")
	if !ok {
		t.Fatal("docs/internals.md has no ## Who uses which layer section")
	}
	table, _, _ = strings.Cut(table, "\n## ")
	checks := map[string]bool{}
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
			checks[e.Name()] = true
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
	if len(checks) < 10 || len(importers) < 4 {
		t.Fatalf("only %d checks and %d layers they import found", len(checks), len(importers))
	}
	listed := map[string]map[string]bool{} // layer -> checks, from the rows
	for _, line := range strings.Split(table, "\n") {
		rest, ok := strings.CutPrefix(line, "| `")
		if !ok {
			continue
		}
		layer, list, ok := strings.Cut(rest, "` | ")
		list, ok2 := strings.CutSuffix(list, " |")
		if !ok || !ok2 || strings.Contains(list, "|") {
			t.Errorf("docs/internals.md: malformed row %q", line)
			continue
		}
		if listed[layer] == nil {
			listed[layer] = map[string]bool{}
		}
		got := listed[layer]
		names := list
		if list == "every check" {
			names = ""
		} else if but, ok := strings.CutPrefix(list, "every check but "); ok {
			names = but
		}
		var named []string
		if names != "" {
			named = strings.Split(names, ", ")
		}
		for _, n := range named {
			if !checks[n] {
				t.Errorf("docs/internals.md: the row of %s names %q, which is no check", layer, n)
			}
		}
		switch {
		case list == "every check" || strings.HasPrefix(list, "every check but "):
			for c := range checks {
				if !slices.Contains(named, c) {
					got[c] = true
				}
			}
		default:
			for _, n := range named {
				got[n] = true
			}
		}
	}
	for layer := range importers {
		if listed[layer] == nil {
			t.Errorf("docs/internals.md: %s, which checks import, has no row in ## Who uses which layer", layer)
		}
	}
	for layer, got := range listed {
		want := importers[layer]
		if want == nil {
			t.Errorf("docs/internals.md: %s has a row in ## Who uses which layer, but no check imports it", layer)
			continue
		}
		for n := range want {
			if !got[n] {
				t.Errorf("docs/internals.md: the rows of %s do not list %s, which imports it", layer, n)
			}
		}
		for n := range got {
			if !want[n] {
				t.Errorf("docs/internals.md: the rows of %s list %s, which does not import it", layer, n)
			}
		}
	}
}
