package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
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

	"github.com/reconcilecheck/reconcilecheck/analyzers/registry"
)

// go vet caches a package's result under a key made of the vet tool, the
// tool's flags, the package's files and the facts of its dependencies. A
// check that reads other files gets that cached result back after they
// change: rbacgrant asks analyzers/internal/apimarkers (module.go) for the
// rbac markers of every package of the module, those the analysed package
// does not import too, and whether the module's build deploys the role
// controller-gen generates from them (its Makefile, its manifests and
// chart templates). Adding config/rbac/role_binding.yaml, and nothing
// else, left the previous finding in place.
//
// The command therefore passes go vet -inputs-digest=<digest of those
// inputs>: a flag of the tool is part of every package's key, so the key
// changes exactly when the inputs do, and a run gives what a run with an
// empty cache gives. A new value also makes go vet analyse the
// dependencies again (the key is the same for every package), as a first
// run does: so the digest covers only what can change an answer of
// module.go, read with the same walk, and not whole files: the lines of
// the build files that run the rbac generator, the marker lines of the Go
// files that carry rbac markers, and the files under the generator's
// directory that name the role. An edit of a controller's code, a CRD
// that controller-gen writes again, a README, change nothing.
//
// This mirrors what module.go reads: a change to what it reads must come
// here too (the tests pin the cases of the issue).

// inputsFlag is the vet tool's flag that carries the digest. It is not a
// check flag: the analyzers never read it, and help does not list it.
const inputsFlag = "inputs-digest"

// inputModule is a module whose packages the run analyses: its path, and
// its directory (the one of its go.mod).
type inputModule struct{ path, dir string }

// The names module.go uses.
const (
	rbacGenerator = "rbac:roleName"     // in a controller-gen invocation that writes the role
	rbacMarker    = "+kubebuilder:rbac" // an rbac marker
	maxManifest   = 1 << 20             // the largest manifest read
)

var roleNameRE = regexp.MustCompile(`rbac:roleName=["']?([A-Za-z0-9][A-Za-z0-9_.:-]*)`)

// inputsDigest returns the digest of the inputs of the modules' packages
// that go vet's key does not hold. markerLines says whether the line of
// each marker counts: rbacgrant's -rbacgrant.unused names a marker by its
// file and line, nothing else does, and without it a line inserted above
// a marker changes no finding.
func inputsDigest(mods []inputModule, markerLines bool) string {
	h := sha256.New()
	mods = slices.Clone(mods)
	sort.Slice(mods, func(i, j int) bool { return mods[i].path < mods[j].path })
	for _, m := range mods {
		// Paths are written relative to the module: a copy of the module
		// elsewhere has the digest of the original, and shares the cached
		// results of the dependencies with it.
		record(h, "module", m.path)
		moduleInputs(h, m.dir, markerLines)
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// record writes one input to h, unambiguously.
func record(h hash.Hash, fields ...string) {
	data, _ := json.Marshal(fields)
	h.Write(append(data, '\n'))
}

// moduleInputs writes the inputs of the module at root, walking it as
// readModule and roleDeployed do.
func moduleInputs(h hash.Hash, root string, markerLines bool) {
	rel := func(path string) string {
		r, err := filepath.Rel(root, path)
		if err != nil {
			return path
		}
		return filepath.ToSlash(r)
	}
	var roles []string
	generated, scope := false, ""
	generates := func(path string, src []byte, dir string) {
		lines := linesWith(src, false, rbacGenerator)
		if len(lines) == 0 {
			return
		}
		if !generated {
			generated, scope = true, dir
		}
		// roleNameRE matches within a line: the lines hold the names.
		for _, l := range lines {
			for _, m := range roleNameRE.FindAllStringSubmatch(l, -1) {
				if !slices.Contains(roles, m[1]) {
					roles = append(roles, m[1])
				}
			}
		}
		record(h, append([]string{"generator", rel(path)}, lines...)...)
	}

	// readModule: the build files and Go files of the module's packages.
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
					return filepath.SkipDir
				}
			}
			return nil
		}
		goFile := strings.HasSuffix(name, ".go")
		if !goFile && !buildFile(name) {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		generates(path, src, root)
		if goFile && !strings.HasSuffix(name, "_test.go") && bytes.Contains(src, []byte(rbacMarker)) {
			// The rules come from the marker comments of the files that
			// parse; collecting them fails (and grants nothing) on a bad
			// marker of any kind in those files: all their markers count.
			_, perr := parser.ParseFile(token.NewFileSet(), path, src, parser.ParseComments|parser.SkipObjectResolution)
			fields := []string{"markers", rel(path), strconv.FormatBool(perr == nil)}
			record(h, append(fields, markerLinesOf(src, markerLines)...)...)
		}
		return nil
	})

	// A build file above the module, up to the repository's root, when
	// none of the module runs the generator.
	_, err := os.Stat(filepath.Join(root, ".git"))
	for dir := filepath.Dir(root); !generated && err != nil; dir = filepath.Dir(dir) {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if !e.IsDir() && buildFile(e.Name()) {
				path := filepath.Join(dir, e.Name())
				if src, err := os.ReadFile(path); err == nil {
					generates(path, src, dir)
				}
			}
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil || filepath.Dir(dir) == dir {
			break
		}
	}
	if !generated || len(roles) == 0 {
		return // roleDeployed reads nothing
	}

	// roleDeployed: the files under the generator's directory that name
	// the role (a substring here, a superset of its words). A manifest
	// counts whole: it may define the role, or bind it; another file only
	// by the lines that name it.
	_ = filepath.WalkDir(scope, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return filepath.SkipAll // as roleDeployed, which stops there
		}
		name := d.Name()
		if d.IsDir() {
			if path != scope && (name == "vendor" || name == "node_modules" || strings.HasPrefix(name, ".")) {
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
		if err != nil || !slices.ContainsFunc(roles, func(r string) bool { return bytes.Contains(src, []byte(r)) }) {
			return nil
		}
		if manifest {
			sum := sha256.Sum256(src)
			record(h, "manifest", rel(path), hex.EncodeToString(sum[:]))
			return nil
		}
		record(h, append([]string{"names", rel(path)}, linesWith(src, false, roles...)...)...)
		return nil
	})
}

// buildFile reports whether a file of that name may run controller-gen
// (module.go's list).
func buildFile(name string) bool {
	switch strings.ToLower(name) {
	case "makefile", "gnumakefile", "taskfile.yml", "taskfile.yaml", "justfile":
		return true
	}
	return strings.HasSuffix(name, ".mk") || strings.HasSuffix(name, ".sh")
}

// linesWith returns the lines of src that contain one of subs, after
// their line numbers if numbered.
func linesWith(src []byte, numbered bool, subs ...string) []string {
	var out []string
	for i, line := range strings.Split(string(src), "\n") {
		if slices.ContainsFunc(subs, func(s string) bool { return strings.Contains(line, s) }) {
			if numbered {
				line = fmt.Sprintf("%d:%s", i+1, line)
			}
			out = append(out, line)
		}
	}
	return out
}

// markerLinesOf returns the marker comments of src ("// +name..."), and
// any other line that holds an rbac marker.
func markerLinesOf(src []byte, numbered bool) []string {
	var out []string
	for i, line := range strings.Split(string(src), "\n") {
		text, comment := strings.CutPrefix(strings.TrimSpace(line), "//")
		if comment && strings.HasPrefix(strings.TrimSpace(text), "+") || strings.Contains(line, rbacMarker) {
			if numbered {
				line = fmt.Sprintf("%d:%s", i+1, line)
			}
			out = append(out, line)
		}
	}
	return out
}

// markerPositionsShown reports whether a finding names a marker by its
// line: -rbacgrant.unused is on (or no longer known by that name, to be
// safe).
func markerPositionsShown() bool {
	a, err := registry.Lookup("rbacgrant")
	if err != nil {
		return true
	}
	f := a.Flags.Lookup("unused")
	return f == nil || f.Value.String() != "false"
}
