// Package finalizerreturn defines an Analyzer that reports a reconcile
// that returns success, without requeue, before the deletion branch that
// removes its finalizer (catalogue item C15).
//
// # Analyzer finalizerreturn
//
// finalizerreturn: report a success return that a terminating object takes before its finalizer is removed
//
// A reconciler that adds a finalizer to its object and removes it in a
// deletion branch must reach that branch whenever the object is
// terminating. An early "return ctrl.Result{}, nil" placed before it
// ("owner not found", "nothing to do in this phase") ends the reconcile of
// a terminating object too: nothing requeues it, the finalizer stays, and
// the object is never deleted. Handle deletion before such returns, or
// make them requeue.
package finalizerreturn
