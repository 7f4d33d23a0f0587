// Package deletionfilter defines an Analyzer that reports an update
// predicate that drops the update setting the deletion timestamp of an
// object whose finalizer the reconcile removes.
//
// # Analyzer deletionfilter
//
// deletionfilter: report an update predicate that passes only spec changes on a type whose finalizer the reconcile removes
//
// A predicate of the For source, or of WithEventFilter, whose Update
// passes an update only when the spec changed (reflect.DeepEqual or
// equality.Semantic.DeepEqual of the old and new spec, a hash of it; or
// the labels, the annotations, the status), on a type whose finalizer
// the reconcile removes in its deletion branch:
//
//	For(&v1.Widget{}, builder.WithPredicates(predicate.Funcs{
//		UpdateFunc: func(e event.UpdateEvent) bool {
//			return !reflect.DeepEqual(e.ObjectOld.(*v1.Widget).Spec, e.ObjectNew.(*v1.Widget).Spec)
//		},
//	}))
//
// Deleting an object with a finalizer is an update that sets its deletion
// timestamp (and raises its generation) and changes no spec: the predicate
// drops it, and the reconcile that would remove the finalizer runs only
// when something else queues the object (a requeue, another source's
// event, a restart of the manager; a resync is dropped too, its old and
// new objects being the same). The object stays Terminating until then.
// Also pass an update whose new object has a deletion timestamp, or use
// predicate.GenerationChangedPredicate.
package deletionfilter
