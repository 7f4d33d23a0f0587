// Package helpers adds finalizers to the objects it is given: its callers'
// arguments tell their types, so it records none itself.
package helpers

import (
	"context"

	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/controller/controllerutil"
)

func Ensure(ctx context.Context, c client.Client, obj client.Object, f string) error { // want Ensure:`summary\(changes\(2, 4, 16\) addsFinalizer\(2\) written\(2\) updatedAsGiven\(2\) serverWritten\(2\) clientError\(writes=true\)\)`
	if controllerutil.AddFinalizer(obj, f) {
		return c.Update(ctx, obj)
	}
	return nil
}
