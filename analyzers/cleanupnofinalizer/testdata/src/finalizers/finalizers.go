// Package finalizers adds finalizers to the objects it is given.
package finalizers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

// Ensure adds the finalizer f to obj and saves it.
func Ensure(ctx context.Context, c client.Client, obj client.Object, f string) error {
	if controllerutil.AddFinalizer(obj, f) {
		return c.Update(ctx, obj)
	}
	return nil
}
