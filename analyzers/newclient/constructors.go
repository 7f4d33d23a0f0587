package newclient

import (
	"go/types"

	"github.com/reconcilecheck/reconcilecheck/analyzers/internal/knowledge"
)

// Kind is the kind of client a constructor builds, which decides what
// building it costs. The constructors are knowledge's table.
type Kind = knowledge.ClientKind

const (
	// Client is controller-runtime's client.
	Client = knowledge.ControllerClient
	// Cluster is a manager or a cluster: a client and informer caches.
	Cluster = knowledge.ClusterClient
	// Clientset is a client-go or generated clientset or client.
	Clientset = knowledge.Clientset
	// Discovery is a discovery client.
	Discovery = knowledge.DiscoveryClient
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

// lookupFunc returns the name and kind of the package-level function fn if
// it is a constructor of the table.
func lookupFunc(fn *types.Func) (string, Kind, bool) { return knowledge.ConstructorFunc(fn) }

// lookupVar returns the name and kind of the package-level variable v if
// it holds a constructor of the table.
func lookupVar(v *types.Var) (string, Kind, bool) { return knowledge.ConstructorVar(v) }
