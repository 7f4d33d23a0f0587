// Package selfwatch defines an Analyzer that reports a controller builder
// that watches its For type a second time, through Owns or through Watches
// with an owner or object handler.
//
// # Analyzer selfwatch
//
// selfwatch: report Owns or Watches of a controller's own For type
//
// A chain such as
//
//	ctrl.NewControllerManagedBy(mgr).
//		For(&corev1.Namespace{}).
//		Owns(&corev1.Namespace{})
//
// feeds requests from two sources into one queue and one Reconcile: the
// object's own events and the events of the objects it owns, which are of
// the same kind. Reconcile cannot tell owner from owned; when it builds an
// owner reference from the requested object, objects end up owning
// themselves and ownership oscillates. Watches of the For type with
// handler.EnqueueRequestForObject only duplicates the For source.
// Watches of the For type with handler.EnqueueRequestsFromMapFunc is a
// deliberate mapping between objects of one kind and is not reported.
package selfwatch
