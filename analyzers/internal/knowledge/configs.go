package knowledge

import "go/types"

// ConfigKind is what a function returning a *rest.Config gives.
type ConfigKind uint8

const (
	// NotConfig is not a row of the table.
	NotConfig ConfigKind = iota
	// ManagersConfig is the configuration the manager itself is made
	// from in a deployed operator: the pod's service account
	// (controller-runtime's GetConfig reads --kubeconfig, $KUBECONFIG or
	// the in-cluster config, pkg/client/config/config.go
	// loadConfig), so a clientset made from it acts with the manager's
	// role.
	ManagersConfig
	// ConfigCopy returns a copy of its first argument
	// (rest.CopyConfig).
	ConfigCopy
)

type configRow struct {
	pkg, name string
	isVar     bool
	kind      ConfigKind
}

const crConfig = "sigs.k8s.io/controller-runtime/pkg/client/config"

// configs is the table. mgr.GetConfig() is the manager's by its receiver
// (wiring tells it), not a row.
var configs = []configRow{
	{crConfig, "GetConfig", false, ManagersConfig},
	{crConfig, "GetConfigOrDie", false, ManagersConfig},
	{crConfig, "GetConfigWithContext", false, ManagersConfig},
	{"sigs.k8s.io/controller-runtime", "GetConfig", true, ManagersConfig},
	{"sigs.k8s.io/controller-runtime", "GetConfigOrDie", true, ManagersConfig},
	{"k8s.io/client-go/rest", "InClusterConfig", false, ManagersConfig},
	{"k8s.io/client-go/rest", "CopyConfig", false, ConfigCopy},
}

// ConfigSource tells what the function, or the package-level variable
// holding one (ctrl.GetConfigOrDie), obj returns.
func ConfigSource(obj types.Object) ConfigKind {
	if obj == nil || obj.Pkg() == nil {
		return NotConfig
	}
	_, isVar := obj.(*types.Var)
	for _, r := range configs {
		if r.pkg == obj.Pkg().Path() && r.name == obj.Name() && r.isVar == isVar {
			return r.kind
		}
	}
	return NotConfig
}
