// Package secrets creates Secrets with a controller reference, for the
// packages that import it.
package secrets

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Secret(ctx context.Context, c client.Client, owner client.Object, s *corev1.Secret) error {
	if err := controllerutil.SetControllerReference(owner, s, c.Scheme()); err != nil {
		return err
	}
	return c.Create(ctx, s)
}
