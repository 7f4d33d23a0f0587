// Package reconcilerstate defines an Analyzer that reports request data
// stored in a field of the reconciler without a lock (catalogue item C4).
//
// # Analyzer reconcilerstate
//
// reconcilerstate: report per-request data kept in a field of the reconciler
//
// A controller keeps one reconciler value for all its requests. Reconciles
// of different objects run at the same time when MaxConcurrentReconciles is
// above one, and even with one worker a value left in a field by one
// request is what the next request finds. A store into a field of the
// reconciler (an assignment, a map insert, an append, an element store)
// made by Reconcile, or by a method of the reconciler it calls, of a value
// computed from the request, the context, an object read through the
// client or a parameter of the method, with no sync.Mutex or RWMutex held,
// is a data race and a leak of one request's state into another. A field
// a branch tests is state kept on purpose, unless it is filled behind its
// nil test with a value made from the request's object (a client of its
// workload cluster): the first request's value is every later one's. Keep
// per-request values in local variables or in a struct made per request;
// guard a cache shared across requests with a mutex, or use sync.Map.
package reconcilerstate
