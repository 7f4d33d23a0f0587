package fixturetest

// Golden files as analysistest.RunWithSuggestedFixes reads them: either
// the whole file after every fix, or a txtar archive with one section per
// fix message. The fixes of each package are merged (identical edits
// once, overlapping ones a conflict), applied, formatted with the imports
// they leave unused removed, and compared with the golden text.

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/printer"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"testing"

	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/txtar"
)

// checkFixes compares, for each package of r, the files its fixes edit
// with their golden files, and reports each analysed file whose golden
// file shows fixes that none of its diagnostics offered.
func (r *run) checkFixes(t testing.TB) {
	t.Helper()
	fixed := map[string]bool{}
	for _, res := range r.results {
		// message -> fixes -> file -> edits
		byMessage := map[string][]map[string][]Edit{}
		files := map[string]bool{}
		for _, d := range res.Diagnostics {
			for _, fix := range d.Fixes {
				edits := map[string][]Edit{}
				for _, e := range fix.Edits {
					edits[e.Filename] = append(edits[e.Filename], e)
					files[e.Filename] = true
					fixed[e.Filename] = true
				}
				byMessage[fix.Message] = append(byMessage[fix.Message], edits)
			}
		}
		for _, name := range slices.Sorted(maps.Keys(files)) {
			content, err := os.ReadFile(name)
			if err != nil {
				t.Errorf("reading %s: %v", name, err)
				continue
			}
			ar, err := txtar.ParseFile(name + ".golden")
			if err != nil {
				t.Errorf("reading %s.golden: %v", name, err)
				continue
			}
			merge := func(message string, x, y []Edit) []Edit {
				z, ok := mergeEdits(x, y)
				if !ok {
					t.Errorf("in file %s, conflict applying fix %q", name, message)
					return x
				}
				return z
			}
			if len(ar.Files) > 0 {
				if len(ar.Comment) > 0 {
					t.Errorf("%s.golden has leading comment; we don't know what to do with it", name)
					continue
				}
				for _, section := range ar.Files {
					var acc []Edit
					for _, fix := range byMessage[section.Name] {
						acc = merge(section.Name, acc, fix[name])
					}
					if err := r.compare(name, content, section.Data, acc); err != nil {
						t.Errorf("all fixes of message %q: %v", section.Name, err)
					}
				}
				continue
			}
			var acc []Edit
			for _, message := range slices.Sorted(maps.Keys(byMessage)) {
				for _, fix := range byMessage[message] {
					acc = merge(message, acc, fix[name])
				}
			}
			if err := r.compare(name, content, ar.Comment, acc); err != nil {
				t.Errorf("all fixes: %v", err)
			}
		}
	}
	reportUnfixedGoldens(t, r.files, fixed)
}

// reportUnfixedGoldens reports each of files whose golden twin differs
// from it although no suggested fix edited it (fixed).
func reportUnfixedGoldens(t testing.TB, files []string, fixed map[string]bool) {
	t.Helper()
	for _, name := range files {
		golden, err := os.ReadFile(name + ".golden")
		if err != nil {
			continue
		}
		orig, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(golden, orig) && !fixed[name] {
			t.Errorf("%s: its golden file shows fixes, but no suggested fix was offered", filepath.Base(name))
		}
	}
}

// mergeEdits merges the accumulated edits x of one file with those of
// one more fix, y, as x/tools' internal diff.Merge does (a three-way
// merge): identical edits coalesce, an edit partly before another is
// split, unequal non-insertions at the same point conflict.
func mergeEdits(x, y []Edit) ([]Edit, bool) {
	x, y = sortedEdits(x), sortedEdits(y)
	var merged []Edit
	xi, yi := 0, 0
	for xi < len(x) && yi < len(y) {
		px, py := &x[xi], &y[yi]
		switch {
		case *px == *py:
			merged = append(merged, *px)
			xi++
			yi++
		case px.End <= py.Start:
			merged = append(merged, *px)
			xi++
		case py.End <= px.Start:
			merged = append(merged, *py)
			yi++
		case px.Start < py.Start:
			merged = append(merged, Edit{Filename: px.Filename, Start: px.Start, End: py.Start})
			px.Start = py.Start
		case py.Start < px.Start:
			merged = append(merged, Edit{Filename: py.Filename, Start: py.Start, End: px.Start})
			py.Start = px.Start
		default:
			return nil, false
		}
	}
	merged = append(merged, x[xi:]...)
	return append(merged, y[yi:]...), true
}

// sortedEdits returns a copy of edits sorted by start, then end (an
// insertion before a replacement at the same point), stably.
func sortedEdits(edits []Edit) []Edit {
	out := slices.Clone(edits)
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End < out[j].End
	})
	return out
}

// compare applies edits to content, formats the result (removing the
// imports it no longer uses) and compares it with want, formatted.
func (r *run) compare(name string, content, want []byte, edits []Edit) error {
	if len(edits) == 0 {
		return fmt.Errorf("%s: no edits", name)
	}
	var buf bytes.Buffer
	at := 0
	for _, e := range edits {
		if e.Start < at || e.End > len(content) || e.Start > e.End {
			return fmt.Errorf("%s: edit [%d,%d) out of order or range", name, e.Start, e.End)
		}
		buf.Write(content[at:e.Start])
		buf.WriteString(e.New)
		at = e.End
	}
	buf.Write(content[at:])
	got, err := r.formatRemoveImports(buf.Bytes())
	if err != nil {
		return fmt.Errorf("%s: formatting the fixed source: %w\n%s", name, err, buf.Bytes())
	}
	want, err = format.Source(want)
	if err != nil {
		return fmt.Errorf("%s.golden: %w", name, err)
	}
	g := append(bytes.TrimSpace(got), '\n')
	w := append(bytes.TrimSpace(want), '\n')
	if !bytes.Equal(g, w) {
		return fmt.Errorf("unexpected %s content:\n-- fixed --\n%s\n-- want --\n%s", name, g, w)
	}
	return nil
}

// formatRemoveImports formats src as go/format does, after removing the
// imports whose names no selector of the file uses (what analysistest,
// like "go vet -fix", does after applying fixes).
func (r *run) formatRemoveImports(src []byte) ([]byte, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, "fixed.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	ast.SortImports(fset, file)
	used := map[string]bool{}
	for _, decl := range file.Decls {
		if g, ok := decl.(*ast.GenDecl); ok && g.Tok == token.IMPORT {
			continue
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	var unused [][2]string // explicit name, path
	for _, spec := range file.Imports {
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue
		}
		explicit := ""
		if spec.Name != nil {
			explicit = spec.Name.Name
		}
		name := explicit
		if name == "" {
			name = r.names[path]
		}
		if name == "" || name == "." || name == "_" || used[name] {
			continue
		}
		unused = append(unused, [2]string{explicit, path})
	}
	for _, u := range unused {
		astutil.DeleteNamedImport(fset, file, u[0], u[1])
	}
	const normalizeNumbers = 1 << 30 // go/printer's mode for gofmt
	cfg := &printer.Config{Mode: printer.UseSpaces | printer.TabIndent | normalizeNumbers, Tabwidth: 8}
	var buf bytes.Buffer
	if err := cfg.Fprint(&buf, fset, file); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
