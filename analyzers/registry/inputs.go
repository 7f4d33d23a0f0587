package registry

import "github.com/reconcilecheck/reconcilecheck/analyzers/internal/apimarkers"

// InputsDigest is apimarkers.InputsDigest: a digest of the files of the
// module at moduleDir that the checks read beyond the analysed package
// (rbacgrant's markers of the whole module, its build files and the
// manifests naming the generated role), which the command passes to go
// vet so that its cached results change when they do. It is here because
// the command cannot import analyzers/internal and the registry is
// already its way into the analyzers (Lookup, Map): apimarkers stays the
// one place that knows what it reads, with no public package of its own.
func InputsDigest(moduleDir string, markerLines bool) string {
	return apimarkers.InputsDigest(moduleDir, markerLines)
}
