// Package deps holds lookup helpers another package's reconcile calls.
package deps

import (
	"context"
	"fmt"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

// Credentials reads the Secret key names and passes its NotFound on.
func Credentials(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, key, s); err != nil {
		return nil, fmt.Errorf("credentials %s: %w", key, err)
	}
	return s, nil
}

// CredentialsIfAny reads it too, and says nil when it is gone.
func CredentialsIfAny(ctx context.Context, c client.Client, key client.ObjectKey) (*corev1.Secret, error) {
	s := &corev1.Secret{}
	if err := c.Get(ctx, key, s); err != nil {
		return nil, client.IgnoreNotFound(err)
	}
	return s, nil
}
