// Package badmarker has an rbac marker without its verbs, which
// controller-gen rejects: the package's markers are unknown.
package badmarker // want `error: .*`

// +kubebuilder:rbac:groups=apps,resources=deployments

// F is here.
func F() {}
