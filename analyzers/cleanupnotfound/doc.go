// Package cleanupnotfound defines an Analyzer that reports a finalizer's
// cleanup that returns the NotFound error of a Delete before the
// finalizer is removed (catalogue item E4).
//
// # Analyzer cleanupnotfound
//
// cleanupnotfound: report a NotFound error a finalizer's cleanup returns before the finalizer is removed
//
// In the deletion branch, before the finalizer is removed, a Delete (in
// the branch, in a cleanup helper of any package of the module, or in a
// helper called only for a terminating object) whose NotFound is
// returned as an error, or a Get of the object then deleted whose
// NotFound is: once an earlier partial run, or the garbage collector,
// has removed that object, every retry fails on NotFound, the finalizer
// is never removed and the object stays Terminating. Wrap the Delete's
// error in client.IgnoreNotFound (the suggested fix); treat a Get's
// NotFound as already deleted.
package cleanupnotfound
