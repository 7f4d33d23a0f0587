package newclient

import (
	"go/types"
	"strings"
)

// Kind is the kind of client a constructor builds, which decides what
// building it costs.
type Kind uint8

const (
	// Client is controller-runtime's client.
	Client Kind = iota + 1
	// Cluster is a manager or a cluster: a client and informer caches.
	Cluster
	// Clientset is a client-go or generated clientset or client.
	Clientset
	// Discovery is a discovery client.
	Discovery
)

// costs says, per kind, what building a client costs; the diagnostics
// quote it.
var costs = map[Kind]string{
	Client:    "a new HTTP client, a REST mapper that runs API discovery again, and reads that no informer cache serves",
	Cluster:   "a new client, REST mapper and informer caches that list and watch on their own once started",
	Clientset: "a new HTTP client and client-side rate limiter, so the configured QPS no longer bounds the controller, and reads that no informer cache serves",
	Discovery: "a new HTTP client, and discovery requests that no cache answers",
	0:         "new connections, and reads that no informer cache serves",
}

// row is one constructor, or family of constructors, of API clients.
type row struct {
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
	Kind Kind
	// Qual is the package name the diagnostics use, when it is not the
	// package's own (ctrl for sigs.k8s.io/controller-runtime).
	Qual string
}

// constructors is the table. Wrappers of an existing client or
// rest.Interface (client.NewNamespacedClient, client.NewDryRunClient,
// kubernetes.New, dynamic.New) build no connection and are not in it.
var constructors = []row{
	// controller-runtime.
	{Pkg: "sigs.k8s.io/controller-runtime/pkg/client", Name: "New", Kind: Client},
	{Pkg: "sigs.k8s.io/controller-runtime/pkg/client", Name: "NewWithWatch", Kind: Client},
	{Pkg: "sigs.k8s.io/controller-runtime/pkg/cluster", Name: "New", Kind: Cluster},
	{Pkg: "sigs.k8s.io/controller-runtime/pkg/manager", Name: "New", Kind: Cluster},
	{Pkg: "sigs.k8s.io/controller-runtime", Name: "NewManager", Var: true, Kind: Cluster, Qual: "ctrl"},

	// client-go: kubernetes, dynamic, metadata, scale and the typed
	// clients under kubernetes/typed, each with NewForConfig,
	// NewForConfigAndClient and NewForConfigOrDie; discovery clients; and
	// the REST clients all of them are built on.
	{Pkg: "k8s.io/client-go/discovery", Name: "NewDiscoveryClientForConfig*", Kind: Discovery},
	{Pkg: "k8s.io/client-go/...", Name: "NewForConfig*", Kind: Clientset},
	{Pkg: "k8s.io/client-go/rest", Name: "RESTClientFor*", Kind: Clientset},
	{Pkg: "k8s.io/client-go/rest", Name: "UnversionedRESTClientFor*", Kind: Clientset},

	// Generated clientsets (client-gen's output, in any module):
	// <module>/.../clientset/versioned and its typed clients, and the
	// apiextensions clientset.
	{Pkg: "*/clientset/versioned", Name: "NewForConfig*", Kind: Clientset},
	{Pkg: "*/clientset/versioned/typed/...", Name: "NewForConfig*", Kind: Clientset},
	{Pkg: "k8s.io/apiextensions-apiserver/pkg/client/clientset/clientset", Name: "NewForConfig*", Kind: Clientset},
}

// lookupFunc returns the name and kind of the package-level function fn if
// it is a constructor of the table.
func lookupFunc(fn *types.Func) (string, Kind, bool) {
	if fn == nil || fn.Pkg() == nil {
		return "", 0, false
	}
	if sig, ok := fn.Type().(*types.Signature); !ok || sig.Recv() != nil {
		return "", 0, false
	}
	return lookup(fn.Pkg(), fn.Name(), false)
}

// lookupVar returns the name and kind of the package-level variable v if
// it holds a constructor of the table.
func lookupVar(v *types.Var) (string, Kind, bool) {
	if v == nil || v.Pkg() == nil || v.IsField() || v.Parent() != v.Pkg().Scope() {
		return "", 0, false
	}
	return lookup(v.Pkg(), v.Name(), true)
}

func lookup(pkg *types.Package, name string, isVar bool) (string, Kind, bool) {
	for _, r := range constructors {
		if r.Var != isVar || !matchName(r.Name, name) || !matchPkg(r.Pkg, pkg.Path()) {
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

func matchName(pattern, name string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(name, prefix)
	}
	return pattern == name
}

func matchPkg(pattern, path string) bool {
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
