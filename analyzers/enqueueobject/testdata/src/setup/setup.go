// Package setup holds builder helpers the controllers of other packages
// call: the model carries their Watches, handler kind included, by facts.
package setup

import (
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/builder"
	"sigs.k8s.io/controller-runtime/pkg/handler"
)

// WatchSecrets adds a watch of Secrets that enqueues their own key: its
// chain here has no For, so it is judged where it is called.
func WatchSecrets(b *builder.Builder) *builder.Builder {
	return b.Watches(&corev1.Secret{}, &handler.EnqueueRequestForObject{})
}
