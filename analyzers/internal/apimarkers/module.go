package apimarkers

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"hash"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"sigs.k8s.io/yaml"
)

// moduleRules caches, per module root, the rbac rules of the whole
// module: small values, computed once per process for the few packages
// that ask (those that create a manager).
var moduleRules sync.Map // root directory -> moduleMarkers

type moduleMarkers struct {
	rules []Rule
	// generated: a build file runs controller-gen's rbac generator;
	// roles are the role names it gives, scope the directory of that file.
	generated bool
	roles     []string
	scope     string
}

// deployed caches, per module root, RoleDeployed's search.
var deployed sync.Map // root directory -> bool

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

// RoleDeployed reports whether the module's build generates its role
// from the markers and the project deploys that role. Generated: a
// Makefile, a make include, a shell script, a Taskfile or a go:generate
// line of the module (or a Makefile of a directory above it, up to the
// repository's root) runs controller-gen's rbac generator
// (rbac:roleName=NAME). A module whose markers are only documentation,
// its role written by hand (mongodb-kubernetes-operator's Makefile
// generates only CRDs), is not. Deployed: a manifest, chart template or
// Go file under the directory of that build file names the role (a
// binding's roleRef, an aggregation, kustomize's resources): velero
// generates velero-perms but binds cluster-admin, VictoriaMetrics' role is
// written by hand beside a generated one nothing uses. And no manifest or
// template defines a role of that name with rules of its own: then the
// name is bound to that definition, not to what the markers generate
// (ydb-kubernetes-operator ignores config/ and its chart defines
// manager-role by hand, with events and pods no marker names). The search
// reads files only when a check asks, once per process and module. False
// when the root is not found: the answer is open, and a check that claims
// a grant is missing must stay silent.
func RoleDeployed(pass *analysis.Pass) bool {
	root := moduleRoot(pass)
	if root == "" {
		return false
	}
	m := module(root)
	if !m.generated {
		return false
	}
	if v, ok := deployed.Load(root); ok {
		return v.(bool)
	}
	b := roleDeployed(m.scope, m.roles, m.rules)
	deployed.Store(root, b)
	return b
}

// InputsDigest returns a digest of what ModuleRules and RoleDeployed read
// in the module whose go.mod is in root, read by their own functions
// (scanModule, rbacFile, namingFiles), each of which records what it
// reads: the lines of the build and Go files that run the rbac generator;
// for each Go file of the module's packages that holds an rbac marker,
// whether it parses and its marker lines (a bad marker of any kind in
// those files makes the collector fail, and the package grant nothing);
// and, when the build generates a role with a name, the files that name it
// as RoleDeployed finds them, a manifest or template whole (it may define
// the role, or bind it), another file by its lines that name it. Nothing
// else counts: a controller's code, a CRD, a Makefile target, the
// generated role.yaml. markerLines says whether the line of each marker
// counts (a finding that names a marker by its line changes with it).
// Paths are recorded relative to root, so a copy of the module elsewhere
// has the same digest. The files are read on each call, not cached.
//
// A go vet run caches a package's result under a key that holds none of
// these files: the reconcilecheck command passes this digest as a flag of
// the tool, so that the key changes when they do.
func InputsDigest(root string, markerLines bool) string {
	in := &inputs{h: sha256.New(), root: root, markerLines: markerLines}
	m, pkgs := scanModule(root, in)
	for _, files := range pkgs {
		fset := token.NewFileSet()
		for _, f := range files {
			rbacFile(fset, f, in)
		}
	}
	// RoleDeployed reads nothing more without a generator, roleDeployed
	// nothing without a role name.
	if m.generated && len(m.roles) > 0 {
		namingFiles(m.scope, roleREs(m.roles), in, func(string, bool, []byte) bool { return true })
	}
	return hex.EncodeToString(in.h.Sum(nil))
}

// inputs receives, for InputsDigest, what the functions that read a
// module's files read: each records the part of a file its answer depends
// on. A nil *inputs (ModuleRules, RoleDeployed) records nothing.
type inputs struct {
	h           hash.Hash
	root        string // paths are recorded relative to it
	markerLines bool   // the line numbers of marker lines count
}

// record writes one input of the file at path to in, unambiguously.
func (in *inputs) record(kind, path string, fields ...string) {
	if in == nil {
		return
	}
	if rel, err := filepath.Rel(in.root, path); err == nil {
		path = filepath.ToSlash(rel)
	}
	data, _ := json.Marshal(append([]string{kind, path}, fields...))
	in.h.Write(append(data, '\n'))
}

// linesWhere returns the lines of src that keep accepts, after their line
// numbers if numbered.
func linesWhere(src []byte, numbered bool, keep func(line string) bool) []string {
	var out []string
	for i, line := range strings.Split(string(src), "\n") {
		if keep(line) {
			if numbered {
				line = fmt.Sprintf("%d:%s", i+1, line)
			}
			out = append(out, line)
		}
	}
	return out
}

// roleNameRE finds the role names of controller-gen's rbac generator.
var roleNameRE = regexp.MustCompile(`rbac:roleName=["']?([A-Za-z0-9][A-Za-z0-9_.:-]*)`)

// maxManifest bounds the files roleDeployed reads: generated CRDs and
// bundles can be megabytes, and a binding is a small file.
const maxManifest = 1 << 20

// roleDeployed reports whether a file under dir names one of roles
// (namingFiles), and no manifest or template defines one of them by hand
// (see definedByHand), whatever else names it: a binding in the same
// chart binds that definition. A role an installer builds in Go is not
// read: its name still counts, as before. With no name (roleName from a
// variable), it is taken as named, and no definition can be told from the
// generated one.
func roleDeployed(dir string, roles []string, markers []Rule) bool {
	if len(roles) == 0 {
		return true
	}
	res := roleREs(roles)
	named, byHand := false, false
	namingFiles(dir, res, nil, func(_ string, manifest bool, src []byte) bool {
		named = true
		byHand = manifest && definedByHand(src, res, markers)
		return !byHand
	})
	return named && !byHand
}

// roleREs match the role names as words: after a space, quote, colon,
// slash or dash (a templated prefix: {{ .Release.Name }}-manager-role),
// before anything but a name's letters.
func roleREs(roles []string) []*regexp.Regexp {
	res := make([]*regexp.Regexp, len(roles))
	for i, r := range roles {
		res[i] = regexp.MustCompile(`(^|[^A-Za-z0-9_.=])` + regexp.QuoteMeta(r) + `($|[^A-Za-z0-9_.-])`)
	}
	return res
}

// namingFiles calls visit, in lexical order, with each manifest, template
// or Go file under dir, other than the generated role itself (a file
// named role.yaml), that names a role of res (roleREs), until visit
// returns false; manifest says whether it is a manifest or template.
// Vendored, testdata and hidden directories are skipped, files above
// maxManifest are not read, and the walk stops at the first error. in
// records each file visit gets: a manifest whole, another file by its
// lines that name a role.
func namingFiles(dir string, res []*regexp.Regexp, in *inputs, visit func(path string, manifest bool, src []byte) bool) {
	_ = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return filepath.SkipAll
		}
		name := d.Name()
		if d.IsDir() {
			// A testdata directory holds fixtures, not what is deployed
			// (agent-sandbox's manifests of an old release for its
			// migration test define its role with the rules of then).
			if path != dir && (name == "vendor" || name == "node_modules" || name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		manifest := false
		switch filepath.Ext(name) {
		case ".yaml", ".yml", ".tpl", ".json":
			manifest = true
		case ".go", ".jsonnet", ".libsonnet", ".cue":
		default:
			return nil
		}
		if name == "role.yaml" {
			return nil
		}
		if info, err := d.Info(); err != nil || info.Size() > maxManifest {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || !slices.ContainsFunc(res, func(re *regexp.Regexp) bool { return re.Match(src) }) {
			return nil
		}
		if in != nil && manifest {
			sum := sha256.Sum256(src)
			in.record("manifest", path, hex.EncodeToString(sum[:]))
		} else if in != nil {
			// The patterns match within a line: the lines hold the names.
			names := func(line string) bool {
				return slices.ContainsFunc(res, func(re *regexp.Regexp) bool { return re.MatchString(line) })
			}
			in.record("names", path, linesWhere(src, false, names)...)
		}
		if !visit(path, manifest, src) {
			return filepath.SkipAll
		}
		return nil
	})
}

var (
	// docSep splits a YAML stream into its documents.
	docSep = regexp.MustCompile(`(?m)^---[ \t]*(#.*)?$`)
	// roleKind finds a Role or ClusterRole document before it is parsed.
	roleKind = regexp.MustCompile(`(?m)^[ \t]*["']?kind["']?:[ \t]*["']?(Cluster)?Role["']?[ \t]*,?[ \t]*$`)
	// actionLine is a line of a template that is only an action
	// ({{- if .Values.rbac.create }}, {{- include ... | nindent 4 }}),
	// action one inside a value ({{ include "op.fullname" . }}-manager-role).
	actionLine = regexp.MustCompile(`(?m)^[ \t]*\{\{.*\}\}[ \t]*$`)
	action     = regexp.MustCompile(`\{\{.*?\}\}`)
)

// roleDoc is what definedByHand reads of a manifest.
type roleDoc struct {
	Kind     string `json:"kind"`
	Metadata struct {
		Name string `json:"name"`
	} `json:"metadata"`
	Rules []struct {
		APIGroups       []string `json:"apiGroups"`
		Resources       []string `json:"resources"`
		NonResourceURLs []string `json:"nonResourceURLs"`
	} `json:"rules"`
}

// definedByHand reports whether a document of the manifest or template
// src defines a Role or ClusterRole named by one of res whose rules are
// its own: they grant on a resource (or URL) that no marker names. A copy
// of the generated role (kustomize's dist/install.yaml, a chart helmify
// made) grants only what the markers do, maybe less when it is stale, and
// is the generated role deployed under another file's name. Template
// actions are dropped (a line that is only one) or read as a word (one
// inside a value), so a chart's template parses as the YAML it renders.
func definedByHand(src []byte, res []*regexp.Regexp, markers []Rule) bool {
	for _, doc := range docSep.Split(string(src), -1) {
		if !roleKind.MatchString(doc) {
			continue
		}
		doc = action.ReplaceAllString(actionLine.ReplaceAllString(doc, ""), "x")
		var r roleDoc
		if yaml.Unmarshal([]byte(doc), &r) != nil || r.Kind != "Role" && r.Kind != "ClusterRole" {
			continue
		}
		if !slices.ContainsFunc(res, func(re *regexp.Regexp) bool { return re.MatchString(r.Metadata.Name) }) {
			continue
		}
		for _, rule := range r.Rules {
			for _, g := range rule.APIGroups {
				for _, rs := range rule.Resources {
					if !markersName(markers, g, rs) {
						return true
					}
				}
			}
			for _, u := range rule.NonResourceURLs {
				if !slices.ContainsFunc(markers, func(m Rule) bool { return slices.Contains(m.URLs, u) }) {
					return true
				}
			}
		}
	}
	return false
}

// markersName reports whether some marker grants a verb on the resource
// of the group ("" and "core" are the core group; "*" matches all).
func markersName(markers []Rule, group, resource string) bool {
	core := func(g string) string {
		if g == "core" {
			return ""
		}
		return g
	}
	return slices.ContainsFunc(markers, func(m Rule) bool {
		return len(m.Verbs) > 0 &&
			slices.ContainsFunc(m.Groups, func(g string) bool { return g == "*" || core(g) == core(group) }) &&
			slices.ContainsFunc(m.Resources, func(r string) bool { return r == "*" || r == resource })
	})
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

// generates records in m the role names of the rbac generator that the
// file at path runs, if it does; scope is where the role's manifests are
// looked for: the module root, or the directory above it whose Makefile
// runs the generator. in records the file's lines that hold the
// generator.
func (m *moduleMarkers) generates(path, scope string, in *inputs) {
	src, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(src), rbacGenerator) {
		return
	}
	if in != nil {
		// roleNameRE matches within a line: these lines hold the names.
		holds := func(line string) bool { return strings.Contains(line, rbacGenerator) }
		in.record("generator", path, linesWhere(src, false, holds)...)
	}
	if !m.generated {
		m.generated, m.scope = true, scope
	}
	for _, sm := range roleNameRE.FindAllSubmatch(src, -1) {
		if r := string(sm[1]); !slices.Contains(m.roles, r) {
			m.roles = append(m.roles, r)
		}
	}
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

// readModule reads the module's generator and the rbac rules of its
// packages.
func readModule(root string) moduleMarkers {
	m, pkgs := scanModule(root, nil)
	for _, files := range pkgs {
		m.rules = append(m.rules, dirRules(files)...)
	}
	return m
}

// scanModule walks the module at root as controller-gen's paths=./...
// does, and returns the rbac generator its build runs (m without rules)
// and the Go files of each package directory (test files left out), the
// directories in lexical order. The generator is looked for in the build
// files and Go files of the module, else in the build files of the
// directories above it, up to the repository's root.
func scanModule(root string, in *inputs) (m moduleMarkers, pkgs [][]string) {
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
		if buildFile(name) || strings.HasSuffix(name, ".go") {
			m.generates(path, root, in)
		}
		return nil
	})
	// A monorepo's Makefile above the module (kuberay's ray-operator).
	_, err := os.Stat(filepath.Join(root, ".git"))
	for dir := filepath.Dir(root); !m.generated && err != nil; dir = filepath.Dir(dir) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !e.IsDir() && buildFile(e.Name()) {
				m.generates(filepath.Join(dir, e.Name()), dir, in)
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
		pkgs = append(pkgs, byDir[d])
	}
	return m, pkgs
}

// dirRules reads the rbac rules of the files of one package directory,
// with the collector controller-gen uses. Files that do not parse, or
// markers it would reject, grant nothing.
func dirRules(files []string) []Rule {
	fset := token.NewFileSet()
	var syntax []*ast.File
	for _, f := range files {
		if file := rbacFile(fset, f, nil); file != nil {
			syntax = append(syntax, file)
		}
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

// rbacFile parses the Go file at path if it holds an rbac marker; nil if
// it holds none, or does not parse (it then grants nothing). in records,
// for a file that holds one, whether it parses and its marker lines: the
// marker comments ("// +name...", every kind: one controller-gen rejects
// fails the collection of the whole package) and any other line that
// holds an rbac marker, numbered if in.markerLines.
func rbacFile(fset *token.FileSet, path string, in *inputs) *ast.File {
	src, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(src), "+"+rbacRule) {
		return nil
	}
	file, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if in != nil {
		lines := linesWhere(src, in.markerLines, func(line string) bool {
			text, comment := strings.CutPrefix(strings.TrimSpace(line), "//")
			return comment && strings.HasPrefix(strings.TrimSpace(text), "+") || strings.Contains(line, "+"+rbacRule)
		})
		in.record("markers", path, append([]string{strconv.FormatBool(err == nil)}, lines...)...)
	}
	if err != nil {
		return nil
	}
	return file
}
