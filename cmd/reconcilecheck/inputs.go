package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"sort"

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
// module.go, and apimarkers computes it (registry.InputsDigest) with the
// functions that read those files, so that it follows them: the lines of
// the build files that run the rbac generator, the marker lines of the Go
// files that carry rbac markers, and the files under the generator's
// directory that name the role. An edit of a controller's code, a CRD
// that controller-gen writes again, a README, change nothing. What is the
// command's here: the modules of the run, and the flag.

// inputsFlag is the vet tool's flag that carries the digest. It is not a
// check flag: the analyzers never read it, and help does not list it.
const inputsFlag = "inputs-digest"

// inputModule is a module whose packages the run analyses: its path, and
// its directory (the one of its go.mod).
type inputModule struct{ path, dir string }

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
		// A module's digest holds paths relative to its directory: a copy
		// of the module elsewhere has the digest of the original, and
		// shares the cached results of the dependencies with it.
		fmt.Fprintf(h, "%q %s\n", m.path, registry.InputsDigest(m.dir, markerLines))
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
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
