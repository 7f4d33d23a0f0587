package registry_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// libraryPrefixes are the import path prefixes, besides every path outside
// the standard library (modulePath), of the libraries whose facts are
// data in analyzers/internal/knowledge (or crapi, for controller-runtime's
// API), each with a test that looks its rows up in the real packages.
var libraryPrefixes = []string{
	"sigs.k8s.io",
	"k8s.io",
	"log/slog",
}

// stdPackages are the standard library's package paths ("go list std"):
// a check names none of them either, but as the package a suggested fix
// imports (an argument of a diag function: diag.PackageName(pass, pos,
// "time", "time")).
var stdPackages = sync.OnceValues(func() (map[string]bool, error) {
	out, err := exec.Command("go", "list", "std").Output()
	if err != nil {
		return nil, err
	}
	m := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		if !strings.HasPrefix(p, "vendor/") && !strings.Contains(p, "internal") {
			m[p] = true
		}
	}
	return m, nil
})

// TestNoLibraryPathLiterals: no check package (analyzers/<check>, not
// internal or registry) names a library package path, the standard
// library's included, in a string literal outside its imports, tests and
// testdata (and a fix's import): library facts are data in knowledge or
// crapi, where a test resolves each in the real packages.
func TestNoLibraryPathLiterals(t *testing.T) {
	root := ".."
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	checks := 0
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "internal" || e.Name() == "registry" {
			continue
		}
		checks++
		err := filepath.WalkDir(filepath.Join(root, e.Name()), func(path string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return nil
			}
			for _, lit := range libraryLiterals(t, path) {
				t.Errorf("%s: string literal %s names a library package; make it data in analyzers/internal/knowledge or crapi", lit.pos, lit.value)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checks < 10 {
		t.Fatalf("only %d check packages found under %s", checks, root)
	}
}

type literal struct {
	pos   token.Position
	value string
}

// libraryLiterals returns the string literals of the file, but its import
// paths, whose value is one of libraryPrefixes or a path under one (at a
// path element boundary: "k8s.io/api/", "log/slog").
func libraryLiterals(t *testing.T, path string) []literal {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	imports := map[*ast.BasicLit]bool{}
	for _, spec := range f.Imports {
		imports[spec.Path] = true
	}
	std, err := stdPackages()
	if err != nil {
		t.Fatal(err)
	}
	// The arguments of diag's calls: the package a fix imports.
	fixImports := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if x, ok := sel.X.(*ast.Ident); ok && x.Name == "diag" {
					for _, a := range call.Args {
						if lit, ok := a.(*ast.BasicLit); ok {
							fixImports[lit] = true
						}
					}
				}
			}
		}
		return true
	})
	var out []literal
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING || imports[lit] {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			t.Errorf("%s: %v", fset.Position(lit.Pos()), err)
			return true
		}
		if modulePath(s) || (std[s] && !fixImports[lit]) {
			out = append(out, literal{fset.Position(lit.Pos()), lit.Value})
			return true
		}
		for _, p := range libraryPrefixes {
			if s == p || strings.HasPrefix(s, p+"/") {
				out = append(out, literal{fset.Position(lit.Pos()), lit.Value})
				break
			}
		}
		return true
	})
	return out
}

// modulePath reports whether s reads as the path of a package outside the
// standard library: a host name with a dot, then at least one element
// ("github.com/pkg/errors"), with no space.
func modulePath(s string) bool {
	host, rest, ok := strings.Cut(s, "/")
	return ok && rest != "" && strings.Contains(host, ".") && !strings.ContainsAny(s, " \t%:")
}
