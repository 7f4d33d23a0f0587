// Package deletionblocked defines an Analyzer that reports a reconcile
// that returns the NotFound error of a lookup of another object before
// the deletion branch that removes its finalizer (catalogue item E1).
//
// # Analyzer deletionblocked
//
// deletionblocked: report an error a terminating object returns before its deletion branch that stays once a dependency is gone
//
// A reconciler that adds a finalizer to its object and removes it in a
// deletion branch must reach that branch whenever the object is
// terminating. A lookup of another object placed before it (the Secret
// or the parent the object refers to), whose NotFound is returned as an
// error (as it is, wrapped, or turned into another error), fails every
// reconcile of the terminating object once that dependency is gone, and
// dependencies are usually deleted first: the finalizer is never removed
// and the object stays Terminating. The error twin of finalizerreturn.
// Handle deletion before the lookup, or let the deletion branch tolerate
// the missing dependency.
package deletionblocked
