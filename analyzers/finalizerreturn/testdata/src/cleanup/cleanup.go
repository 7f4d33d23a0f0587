// Package cleanup holds a reconciler's deletion step, in another package.
package cleanup

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

const Finalizer = "example.com/cleanup"

// Finish removes the finalizer and writes the object.
func Finish(ctx context.Context, c client.Client, obj client.Object) error {
	if controllerutil.RemoveFinalizer(obj, Finalizer) {
		return c.Update(ctx, obj)
	}
	return nil
}
