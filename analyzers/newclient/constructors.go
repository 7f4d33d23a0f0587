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
// quote it. A clientset shares client-go's TLS transport with the other
// clients of its configuration (transport/cache.go), so it opens no new
// connections; its token bucket exists only when the config's QPS is
// positive (rest/config.go), and controller-runtime's GetConfig sets it to
// -1 (pkg/client/config/config.go).
var costs = map[Kind]string{
	Client:    "a REST mapper that runs API discovery again, and reads that no informer cache serves",
	Cluster:   "a new client, REST mapper and informer caches that list and watch on their own once started",
	Clientset: "its own client-side rate limiter where its config sets a QPS (none where QPS is negative, as controller-runtime's GetConfig sets it), apart from the manager's, and reads that no informer cache serves",
	Discovery: "discovery requests that no cache answers",
	0:         "reads that no informer cache serves",
}

// lookupFunc returns the name and kind of the package-level function fn if
// it is a constructor of the table.
func lookupFunc(fn *types.Func) (string, Kind, bool) { return knowledge.ConstructorFunc(fn) }

// lookupVar returns the name and kind of the package-level variable v if
// it holds a constructor of the table.
func lookupVar(v *types.Var) (string, Kind, bool) { return knowledge.ConstructorVar(v) }
