// Package helpers holds a project's own finalizer helpers, in another
// package than the reconcilers that use them.
package helpers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Terminating reports whether obj is being deleted.
func Terminating(obj client.Object) bool {
	if obj == nil {
		return false
	}
	return !obj.GetDeletionTimestamp().IsZero()
}

// Release removes finalizer f from obj and writes it.
func Release(ctx context.Context, c client.Client, obj client.Object, f string) error {
	if controllerutil.RemoveFinalizer(obj, f) {
		return c.Update(ctx, obj)
	}
	return nil
}
