// Package other grants a permission the controller package needs. The
// manager's package does not import it, but the role is generated from the
// markers of the whole module.
package other

// +kubebuilder:rbac:groups=core,resources=secrets,verbs=get

// Nothing is an exported function.
func Nothing() {}
