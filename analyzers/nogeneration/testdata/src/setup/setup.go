// Package setup holds builder helpers that controllers of another package
// call: the source and its predicate are set up here, and reported here.
package setup

import (
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/predicate"
)

// WithSecrets adds the Secrets a controller reads.
func WithSecrets(b *builder.Builder) *builder.Builder {
	return b.Owns(&corev1.Secret{}, builder.WithPredicates(predicate.GenerationChangedPredicate{})) // want `never sets metadata.generation on a v1.Secret`
}

// WithDeployments adds Deployments, which have a generation.
func WithDeployments(b *builder.Builder) *builder.Builder {
	return b.Owns(&appsv1.Deployment{}, builder.WithPredicates(predicate.GenerationChangedPredicate{}))
}
