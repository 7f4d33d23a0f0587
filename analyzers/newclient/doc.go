// Package newclient defines an Analyzer that reports API clients built on
// every reconcile: client.New, client-go's NewForConfig, a manager or a
// cluster constructed in code that Reconcile runs (catalogue item C10).
//
// # Analyzer newclient
//
// newclient: report API clients, clientsets and managers constructed on every reconcile
//
// A client built from a rest.Config is not a handle on the manager's
// client: controller-runtime's client.New makes a REST mapper that runs
// API discovery again, and its reads bypass the
// manager's informer cache; client-go's clientsets (kubernetes, dynamic,
// metadata, discovery, typed and generated ones) each get their own
// client-side rate limiter where the config sets a QPS, apart from the
// manager's (they share client-go's TLS transport); manager.New and cluster.New add
// caches of their own. Built in Reconcile, or in a function Reconcile
// runs, that work, its load on the API server and its memory are repeated
// for every request. The construction is
// reported where it is, in a reconcile function, in the same-package
// functions and closures it runs synchronously, and at the call of a
// function of another package of the module that builds a client (known
// by its fact). A client kept for later — stored into a field, a global or
// a map entry that a nil or presence test of the same place guards, in
// the function or at every call of the helper that builds it — and code
// run by sync.Once, sync.OnceFunc/OnceValue/OnceValues or a go
// statement are left alone. Build the client once, in main or
// SetupWithManager, and keep it on the reconciler, use the manager's
// client, or cache clients per target cluster.
package newclient
