// Package helpers writes the status of objects it does not know the type
// of: its callers are checked.
package helpers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
)

func SaveStatus(ctx context.Context, c client.Client, obj client.Object) error { // writes the status of parameter 2
	return c.Status().Update(ctx, obj)
}

// Through another helper of the package.
func MarkReady(ctx context.Context, c client.Client, obj client.Object) error { // writes the status of parameter 2
	return SaveStatus(ctx, c, obj)
}

// Save writes the main resource: no fact.
func Save(ctx context.Context, c client.Client, obj client.Object) error {
	return c.Update(ctx, obj)
}
