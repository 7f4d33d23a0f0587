// Package helpers adds finalizers for another package's reconciler.
package helpers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const Finalizer = "example.com/cleanup"

// Ensure adds the finalizer and writes the object. Given the object, it
// cannot know its deletion state: its callers are judged.
func Ensure(ctx context.Context, c client.Client, obj client.Object) error {
	if controllerutil.AddFinalizer(obj, Finalizer) {
		return c.Update(ctx, obj)
	}
	return nil
}

// HandleDeletion looks at the deletion state (it returns no bool of it).
func HandleDeletion(ctx context.Context, c client.Client, obj client.Object) (bool, error) {
	if obj.GetDeletionTimestamp().IsZero() {
		return false, nil
	}
	if controllerutil.RemoveFinalizer(obj, Finalizer) {
		return true, c.Update(ctx, obj)
	}
	return true, nil
}

// EnsureGuarded adds the finalizer only when the object is not
// terminating (cluster-api's finalizers.EnsureFinalizer): its callers are
// safe wherever they call it.
func EnsureGuarded(ctx context.Context, c client.Client, obj client.Object) error {
	if !obj.GetDeletionTimestamp().IsZero() {
		return nil
	}
	if controllerutil.AddFinalizer(obj, Finalizer) {
		return c.Update(ctx, obj)
	}
	return nil
}
