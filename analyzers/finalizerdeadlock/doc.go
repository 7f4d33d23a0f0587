// Package finalizerdeadlock defines an Analyzer that reports a finalizer
// left on an object that is already terminating (catalogue item A1).
//
// # Analyzer finalizerdeadlock
//
// finalizerdeadlock: report a finalizer that is never removed from a terminating object
//
// A finalizer F on object X that is removed only on paths where X is known not
// to be terminating ("remove our finalizer, then Delete(X)") is never removed
// once X is terminating for another reason (deleted by a user, a CLI, another
// controller): the code that handles that case waits or requeues, X never goes
// away, and whatever waits for X's deletion hangs with it.
//
// The variant reports a reconciler that adds a finalizer to a child object it
// fetched and updates, but never looks at that child's deletion state; the
// variant across functions, a loop that skips terminating children whose
// finalizer only the parent's cleanup removes.
//
// Deletion-state tests (GetDeletionTimestamp() != nil, !...IsZero(),
// DeletionTimestamp != nil) and finalizer removals (controllerutil.RemoveFinalizer,
// SetFinalizers, finalizer.Finalizers) are recognised directly and through the
// project's own helpers, in any package of the module.
package finalizerdeadlock
