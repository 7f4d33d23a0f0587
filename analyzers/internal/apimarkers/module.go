package apimarkers

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
)

// moduleRules caches, per module root, the rbac rules of the whole
// module: small values, computed once per process for the few packages
// that ask (those that create a manager).
var moduleRules sync.Map // root directory -> []Rule

// ModuleRules returns the +kubebuilder:rbac rules of every package of the
// module that holds the pass's package, as controller-gen collects them
// with paths="./...": the role is generated from the whole module, not
// only from the packages the manager imports. Directories that the go
// command ignores (vendor, testdata, hidden and _-prefixed ones) and
// nested modules are skipped. ok is false when the module's root is not
// found.
func ModuleRules(pass *analysis.Pass) (rules []Rule, ok bool) {
	root := moduleRoot(pass)
	if root == "" {
		return nil, false
	}
	if v, ok := moduleRules.Load(root); ok {
		return v.([]Rule), true
	}
	rules = readModuleRules(root)
	moduleRules.Store(root, rules)
	return rules, true
}

// moduleRoot returns the directory of the go.mod above the package's
// files.
func moduleRoot(pass *analysis.Pass) string {
	if len(pass.Files) == 0 {
		return ""
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}

func readModuleRules(root string) []Rule {
	byDir := map[string][]string{}
	_ = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		name := d.Name()
		if d.IsDir() {
			if path != root {
				if name == "vendor" || name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
					return filepath.SkipDir
				}
				if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
					return filepath.SkipDir // a nested module
				}
			}
			return nil
		}
		if strings.HasSuffix(name, ".go") && !strings.HasSuffix(name, "_test.go") {
			byDir[filepath.Dir(path)] = append(byDir[filepath.Dir(path)], path)
		}
		return nil
	})
	dirs := make([]string, 0, len(byDir))
	for d := range byDir {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	var out []Rule
	for _, d := range dirs {
		out = append(out, dirRules(byDir[d])...)
	}
	return out
}

// dirRules reads the rbac rules of the files of one package directory,
// with the collector controller-gen uses. Files that do not parse, or
// markers it would reject, grant nothing.
func dirRules(files []string) []Rule {
	fset := token.NewFileSet()
	var syntax []*ast.File
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(src), "+"+rbacRule) {
			continue
		}
		file, err := parser.ParseFile(fset, f, src, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		syntax = append(syntax, file)
	}
	if len(syntax) == 0 {
		return nil
	}
	_, _, byNode, err := collect(filepath.Dir(files[0]), fset, syntax)
	if err != nil {
		return nil
	}
	var out []Rule
	for _, f := range syntax {
		out = append(out, rules(fset, f, byNode[f][rbacRule])...)
	}
	return out
}
