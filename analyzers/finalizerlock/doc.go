// Package finalizerlock defines an Analyzer that reports a finalizer list
// changed through a JSON merge patch without an optimistic lock (catalogue
// item C12).
//
// # Analyzer finalizerlock
//
// finalizerlock: report finalizers or owner references changed through client.MergeFrom without an optimistic lock
//
// A JSON merge patch replaces lists whole: Patch(ctx, obj,
// client.MergeFrom(base)) after AddFinalizer or RemoveFinalizer sends the
// object's entire finalizer list as this reconcile last read it. A
// finalizer another controller added since then is silently dropped, and
// its cleanup does not run if the object is deleted before that
// controller adds it again; owner references behave the same. Use
// client.MergeFromWithOptions(base, client.MergeFromWithOptimisticLock{}):
// the patch then carries the resourceVersion, and fails with a conflict
// (the reconcile retries on fresh data) instead of overwriting. A patch of
// the finalizers of an object known to be terminating (on every path, its
// deletion timestamp was tested set) is not reported: the API server
// refuses new finalizers on it, so none can be lost.
package finalizerlock
