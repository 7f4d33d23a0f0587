// Package results uses the library's lookups from another package.
package results

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/results/lookup"
)

// Home returns a lookup of another package that never gives nil.
func Home(ctx context.Context, c client.Client) (*corev1.Namespace, error) { // want Home:`neverNil`
	return lookup.FromLabel(ctx, c, map[string]string{"ns": "home"})
}

// Parent returns one that may.
func Parent(ctx context.Context, c client.Client) (*corev1.Namespace, error) {
	return lookup.Owner(ctx, c, nil)
}
