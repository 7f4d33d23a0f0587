// Package metaedits defines an Analyzer that reports a generation
// predicate on a controller's For source while its reconcile reads the
// object's labels or annotations.
//
// # Analyzer metaedits
//
// metaedits: report a generation predicate on For that drops the label or annotation edits a reconcile reads
//
// predicate.GenerationChangedPredicate lets an update through only when
// metadata.generation changed, and the API server raises it for changes
// of the spec, never for labels or annotations. A controller set up with
//
//	For(&v1.Cluster{}, builder.WithPredicates(predicate.GenerationChangedPredicate{}))
//
// whose reconcile reads an annotation of the object it reconciles to
// decide what to do (a pause annotation, a trigger, a setting) never
// hears of it being set: the reconcile runs when the spec next changes,
// or at the next resync hours later. The same holds for a WithEventFilter
// predicate, and for labels. A key the controller writes itself (a hash
// it stores and compares) is its own memory, not user input, and is not
// reported. Or the predicate with AnnotationChangedPredicate (or
// LabelChangedPredicate): the suggested fix does so.
package metaedits
