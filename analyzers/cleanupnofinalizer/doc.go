// Package cleanupnofinalizer defines an Analyzer that reports a deletion
// branch doing cleanup on a kind of the module that nothing in the binary
// ever gives a finalizer.
//
// # Analyzer cleanupnofinalizer
//
// cleanupnofinalizer: report deletion cleanup on a type the module never gives a finalizer
//
// A branch on an object's deletion timestamp (DeletionTimestamp,
// GetDeletionTimestamp() != nil, a helper that tests it) whose
// terminating side does cleanup work (a client write of another object,
// directly or in a helper it calls), on a kind the module defines, when
// nothing the binary runs gives that kind a finalizer (no AddFinalizer of
// it, no finalizer in its creation, none from a webhook's defaulter):
// without a finalizer, a deleted object is removed at once (unless
// deleted in the foreground), the reconcile never sees it terminating,
// and the cleanup never runs. The check judges in package main, which
// sees every package of its binary, and reports at the call that makes
// the manager, naming the branch; it stays silent when the binary may
// give a finalizer to an object whose type it cannot tell. Fix: add a
// finalizer (controllerutil.AddFinalizer) while the object lives, and
// remove it at the end of the deletion branch.
package cleanupnofinalizer
