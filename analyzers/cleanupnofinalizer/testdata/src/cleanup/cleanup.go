package cleanup // want package:`cleanups\(api.Remote at cleanup.go:\d+\)`

// Package cleanup holds a deletion branch in a helper of another package
// than its reconciler's.

import (
	"context"

	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"fixtures/api"
)

// HandleDeletion deletes the remote's Secrets when it is terminating, and
// says whether it was.
func HandleDeletion(ctx context.Context, c client.Client, r *api.Remote) (bool, error) {
	if r.DeletionTimestamp.IsZero() {
		return false, nil
	}
	return true, c.DeleteAllOf(ctx, &corev1.Secret{}, client.InNamespace(r.Namespace), client.MatchingLabels{"remote": r.Name})
}
