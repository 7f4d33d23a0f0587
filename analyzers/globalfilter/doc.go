// Package globalfilter defines an Analyzer that reports a global event
// filter that drops the status updates of a controller's other sources.
//
// # Analyzer globalfilter
//
// globalfilter: report WithEventFilter predicates that also drop status updates of Owns and Watches sources
//
// WithEventFilter(p) applies p to every source of the controller built by
// the chain (For, Owns, Watches, WatchesMetadata; not WatchesRawSource).
// When p is predicate.GenerationChangedPredicate (or LabelChanged,
// AnnotationChanged, or an And/Or composition that behaves like them), the
// updates of owned or watched objects that change only their status or
// data are dropped too: a child becoming ready does not wake the controller.
// Per-source predicates, given with builder.WithPredicates, are not
// reported, nor are predicates this analyzer does not know.
package globalfilter
