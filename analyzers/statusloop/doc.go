// Package statusloop defines an Analyzer that reports a status written on
// every reconcile with a value that never converges, by a controller that
// lets status-only updates trigger it (catalogue item C3).
//
// # Analyzer statusloop
//
// statusloop: report a status write on every reconcile that retriggers the reconcile for ever
//
// A status write is an update event of the object. A controller whose For
// source has no predicate that drops status-only updates (such as
// predicate.GenerationChangedPredicate) receives that event and reconciles
// the object again. When every successful reconcile writes the status with
// a value that differs each time — time.Now() or metav1.Now() stored
// directly, a counter incremented, a duration measured with time.Since, a
// list in map iteration order —
// and no comparison with the previous status guards the write, each
// reconcile starts the next: an endless hot loop of reads and writes
// against the API server, for every object of the kind. Set such values
// only when something changed (meta.SetStatusCondition keeps a condition's
// LastTransitionTime), compare with the previous status before writing, or
// filter status-only updates with a predicate.
package statusloop
