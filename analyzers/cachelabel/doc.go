// Package cachelabel defines an Analyzer that reports a controller that
// reads an object through the manager's cache and creates it when the
// cache says NotFound, without a label the cache selects that kind by.
//
// # Analyzer cachelabel
//
// cachelabel: report objects a controller creates or reads without the labels its manager's cache filters that kind by
//
// A manager whose cache options (ctrl.Options.Cache) give a kind a
// constant label selector (cache.ByObject's Label, or
// DefaultLabelSelector) caches only the objects of that kind whose labels
// match it. A controller the binary runs that Gets an object of that kind
// through the manager's client and then Creates it, giving it labels that
// lack a key the selector requires, never sees what it created: the
// cached Get says NotFound on every reconcile, and every Create after the
// first fails with AlreadyExists. The check judges in package main,
// against the binary's one manager, and reports at the ByObject entry (or
// the default selector, or main's call into the package that makes the
// manager), naming the Get and the Create. It is silent when the created
// object's labels are not all known (a map from a variable, the spec, a
// helper it does not follow), when the selector is not a constant one or
// the options are built where the layer does not follow, when the kind
// is read uncached (DisableFor, mgr.GetAPIReader()), and for a binary
// with several managers. Fix: give the created object the label, or
// cache that kind without the selector.
package cachelabel
