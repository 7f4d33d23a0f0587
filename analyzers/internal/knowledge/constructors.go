package knowledge

import (
	"go/types"
	"strings"
)

// ClientKind is the kind of API client a constructor builds, which
// decides what building it costs.
type ClientKind uint8

const (
	// ControllerClient is controller-runtime's client.
	ControllerClient ClientKind = iota + 1
	// ClusterClient is a manager or a cluster: a client and informer
	// caches.
	ClusterClient
	// Clientset is a client-go or generated clientset or client.
	Clientset
	// DiscoveryClient is a discovery client.
	DiscoveryClient
)

// Constructor is one constructor, or family of constructors, of API
// clients.
type Constructor struct {
	// Pkg is the import path. "p/..." matches p and the packages under
	// it; "*/s" matches the paths that end in "/s", and "*/s/..." those
	// that contain "/s/".
	Pkg string
	// Name is the function's (or variable's) name; "P*" matches the
	// names with the prefix P.
	Name string
	// Var marks a package-level variable holding a constructor
	// (ctrl.NewManager = manager.New).
	Var  bool
	Kind ClientKind
	// Qual is the package name messages use, when it is not the
	// package's own (ctrl for sigs.k8s.io/controller-runtime).
	Qual string
}

// constructors is the table. Wrappers of an existing client or
// rest.Interface (client.NewNamespacedClient, client.NewDryRunClient,
// kubernetes.New, dynamic.New) build no connection and are not in it.
var constructors = []Constructor{
	// controller-runtime.
	{Pkg: client, Name: "New", Kind: ControllerClient},
	{Pkg: client, Name: "NewWithWatch", Kind: ControllerClient},
	{Pkg: "sigs.k8s.io/controller-runtime/pkg/cluster", Name: "New", Kind: ClusterClient},
	{Pkg: "sigs.k8s.io/controller-runtime/pkg/manager", Name: "New", Kind: ClusterClient},
	{Pkg: "sigs.k8s.io/controller-runtime", Name: "NewManager", Var: true, Kind: ClusterClient, Qual: "ctrl"},

	// client-go: kubernetes, dynamic, metadata, scale and the typed
	// clients under kubernetes/typed, each with NewForConfig,
	// NewForConfigAndClient and NewForConfigOrDie; discovery clients; and
	// the REST clients all of them are built on.
	{Pkg: "k8s.io/client-go/discovery", Name: "NewDiscoveryClientForConfig*", Kind: DiscoveryClient},
	{Pkg: "k8s.io/client-go/...", Name: "NewForConfig*", Kind: Clientset},
	{Pkg: "k8s.io/client-go/rest", Name: "RESTClientFor*", Kind: Clientset},
	{Pkg: "k8s.io/client-go/rest", Name: "UnversionedRESTClientFor*", Kind: Clientset},

	// Generated clientsets (client-gen's output, in any module):
	// <module>/.../clientset/versioned and its typed clients, and the
	// apiextensions clientset.
	{Pkg: "*/clientset/versioned", Name: "NewForConfig*", Kind: Clientset},
	{Pkg: "*/clientset/versioned/typed/...", Name: "NewForConfig*", Kind: Clientset},
	{Pkg: "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset", Name: "NewForConfig*", Kind: Clientset},

	// cluster-api: a client for a workload cluster, made from its
	// kubeconfig Secret (read through the given client) with client.New
	// (controllers/remote/cluster.go, NewClusterClient, v1.14). Its own
	// ClusterCache keeps one per cluster; a reconcile that calls this
	// makes a new one each time. Not a dependency of this module: the
	// test matches the row by path.
	{Pkg: capiRemote, Name: "NewClusterClient", Kind: ControllerClient},
}

const capiRemote = "sigs.k8s.io/cluster-api/controllers/remote"

// Constructors returns the table, for tests.
func Constructors() []Constructor { return append([]Constructor(nil), constructors...) }

// ConstructorFunc returns the name (package.Name, as messages quote it)
// and kind of the package-level function fn if it is a constructor of the
// table.
func ConstructorFunc(fn *types.Func) (string, ClientKind, bool) {
	if fn == nil || fn.Pkg() == nil {
		return "", 0, false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return "", 0, false
	}
	return lookupConstructor(fn.Pkg(), fn.Name(), false)
}

// ConstructorVar returns the name and kind of the package-level variable
// v if it holds a constructor of the table.
func ConstructorVar(v *types.Var) (string, ClientKind, bool) {
	if v == nil || v.Pkg() == nil || v.IsField() || v.Parent() != v.Pkg().Scope() {
		return "", 0, false
	}
	return lookupConstructor(v.Pkg(), v.Name(), true)
}

func lookupConstructor(pkg *types.Package, name string, isVar bool) (string, ClientKind, bool) {
	for _, r := range constructors {
		if r.Var != isVar || !match(r.Name, name, "*") || !matchConstructorPkg(r.Pkg, pkg.Path()) {
			continue
		}
		qual := r.Qual
		if qual == "" {
			qual = pkg.Name()
		}
		return qual + "." + name, r.Kind, true
	}
	return "", 0, false
}

func matchConstructorPkg(pattern, path string) bool {
	if rest, ok := strings.CutPrefix(pattern, "*/"); ok {
		if dir, ok := strings.CutSuffix(rest, "/..."); ok {
			return strings.Contains(path, "/"+dir+"/")
		}
		return strings.HasSuffix(path, "/"+rest)
	}
	if dir, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == dir || strings.HasPrefix(path, dir+"/")
	}
	return pattern == path
}
