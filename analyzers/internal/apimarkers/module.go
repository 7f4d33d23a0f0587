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
var moduleRules sync.Map // root directory -> moduleMarkers

type moduleMarkers struct {
	rules     []Rule
	generated bool
}

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
	return module(root).rules, true
}

// RoleGenerated reports whether the module's build generates its role
// from the markers: a Makefile, a make include, a shell script, a
// Taskfile or a go:generate line of the module (or a Makefile of a
// directory above it, up to the repository's root) runs controller-gen's
// rbac generator (rbac:roleName=...). A module whose markers are only
// documentation, its role written by hand (mongodb-kubernetes-operator's
// Makefile generates only CRDs), is not. False when the root is not found.
func RoleGenerated(pass *analysis.Pass) bool {
	root := moduleRoot(pass)
	return root != "" && module(root).generated
}

func module(root string) moduleMarkers {
	if v, ok := moduleRules.Load(root); ok {
		return v.(moduleMarkers)
	}
	m := readModule(root)
	moduleRules.Store(root, m)
	return m
}

// rbacGenerator is what a controller-gen invocation that writes the role
// contains.
const rbacGenerator = "rbac:roleName"

// buildFile reports whether a file of that name may run controller-gen.
func buildFile(name string) bool {
	switch strings.ToLower(name) {
	case "makefile", "gnumakefile", "taskfile.yml", "taskfile.yaml", "justfile":
		return true
	}
	return strings.HasSuffix(name, ".mk") || strings.HasSuffix(name, ".sh")
}

func mentions(path, what string) bool {
	src, err := os.ReadFile(path)
	return err == nil && strings.Contains(string(src), what)
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

func readModule(root string) moduleMarkers {
	var m moduleMarkers
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
		if !m.generated && (buildFile(name) || strings.HasSuffix(name, ".go")) && mentions(path, rbacGenerator) {
			m.generated = true
		}
		return nil
	})
	// A monorepo's Makefile above the module (kuberay's ray-operator).
	_, err := os.Stat(filepath.Join(root, ".git"))
	for dir := filepath.Dir(root); !m.generated && err != nil; dir = filepath.Dir(dir) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !e.IsDir() && buildFile(e.Name()) && mentions(filepath.Join(dir, e.Name()), rbacGenerator) {
				m.generated = true
			}
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil || filepath.Dir(dir) == dir {
			break
		}
	}
	dirs := make([]string, 0, len(byDir))
	for d := range byDir {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		m.rules = append(m.rules, dirRules(byDir[d])...)
	}
	return m
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
