// Package nogeneration defines an Analyzer that reports a generation
// predicate on a source whose kind has no generation.
//
// # Analyzer nogeneration
//
// nogeneration: report a generation predicate on a kind the API server never gives a generation
//
// The API server sets metadata.generation, and raises it on spec changes,
// only for kinds whose registry asks for it (Deployments, Jobs, custom
// resources...). A ConfigMap, a Secret, a Service, a ServiceAccount keep
// generation 0 for ever. predicate.GenerationChangedPredicate on such a
// source, alone or combined so that only generation, label or annotation
// changes pass, drops every update event of it:
//
//	Owns(&corev1.Secret{}, builder.WithPredicates(predicate.GenerationChangedPredicate{}))
//
// Only creates and deletes reach Reconcile; a rotated Secret or an edited
// ConfigMap never does. The same holds for a WithEventFilter predicate on
// a controller whose For kind has no generation.
package nogeneration
